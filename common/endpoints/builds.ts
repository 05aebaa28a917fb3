import { z } from 'zod';
import { declare, idParam } from './define';

export const publishSchema = z.object({
  title: z.string().max(200, 'validation.invalid').optional(),
  // An ISO date-time with its offset (2026-12-01T09:30:00+03:30 or …Z): a future one schedules the publish.
  at: z.iso.datetime({ offset: true, error: 'validation.dateTime' }).optional(),
});

export const builds = declare({
  list: { method: 'GET', path: '/api/builds', access: 'builds.read', tag: 'builds', en: 'List builds', fa: 'فهرست ساخت‌ها' },
  open: {
    method: 'GET',
    path: '/api/builds/open',
    access: 'builds.read',
    tag: 'builds',
    en: "The open build's pending changes",
    fa: 'تغییرهای در انتظار ساخت باز',
  },
  discardChange: {
    method: 'DELETE',
    path: '/api/builds/open/changes/:id',
    access: 'commits.delete',
    tag: 'builds',
    en: 'Discard a pending change',
    fa: 'دور انداختن یک تغییر در انتظار',
    params: idParam,
  },
  publish: {
    method: 'POST',
    path: '/api/builds/publish',
    access: 'builds.create',
    tag: 'builds',
    en: 'Publish the open build, now or at a time',
    fa: 'انتشار ساخت باز، همین حالا یا در زمانی معین',
    body: publishSchema,
    status: 200,
    errors: [409],
  },
  cancelSchedule: {
    method: 'DELETE',
    path: '/api/builds/:id/schedule',
    access: 'builds.create',
    tag: 'builds',
    en: 'Cancel a scheduled publish',
    fa: 'لغو انتشار زمان‌بندی‌شده',
    params: idParam,
    errors: [409],
  },
  revert: {
    method: 'POST',
    path: '/api/builds/:id/revert',
    access: 'builds.create',
    tag: 'builds',
    en: 'Revert a published build',
    fa: 'برگرداندن یک ساخت منتشرشده',
    params: idParam,
    errors: [409],
  },
});

import { z } from 'zod';
import { PAGE_SOURCE_MAX, pagePathProblem } from '../authoring';
import { locales } from '../locales';
import { messageRef } from '../messages';
import { PREVIEW_LINK_DAYS_MAX } from '../preview-links';
import { listSearch, queryPage } from '../schemas/query';
import { declare, idParam, pageParams } from './define';

/**
 * `POST /api/content/sync?force=1`: re-render every page, not only the changed ones, and re-index
 * even when pages would be removed by accident (without it such a sync answers 409 and keeps the index).
 */
export const contentSyncQuerySchema = z.object({
  force: z.enum(['1'], 'validation.invalid').optional().meta({
    description:
      'Re-render every page, and re-index even from a repository that is empty, has no commits or lacks the commit the index was built from (otherwise 409: nothing is removed).',
  }),
});

/** `GET /api/pages?locale=&query=&page=&status=&cat=&author=&translation=`: all locales when none is given. */
export const pageListQuerySchema = z.object({
  locale: z.enum(locales, 'validation.invalid').optional(),
  query: listSearch().optional().meta({ description: 'Words in the title or path.' }),
  page: queryPage(),
  outdated: z
    .enum(['1'], 'validation.invalid')
    .optional()
    .transform((value) => value === '1')
    .meta({ description: 'Only out-of-date translations (docs/content.md "Outdated translations").' }),
  status: z.enum(['draft', 'published', 'pending'], 'validation.invalid').optional(),
  cat: listSearch().optional().meta({ description: 'A category slug.' }),
  author: listSearch().optional().meta({ description: 'Front matter `author`, as written.' }),
  translation: z.enum(['missing', 'translated'], 'validation.invalid').optional(),
});

export const saveSchema = z.object({
  frontMatter: z.record(z.string(), z.unknown()),
  body: z.string().max(PAGE_SOURCE_MAX, 'validation.invalid'),
  message: z.string().max(500, 'validation.max500').optional(),
  baseSha: z
    .string()
    .regex(/^[0-9a-f]{40}$/, 'validation.invalid')
    .nullable()
    .optional(),
});
export const previewSchema = z.object({
  locale: z.enum(locales),
  body: z.string().max(PAGE_SOURCE_MAX, 'validation.invalid'),
});
export const historyQuerySchema = z.object({ page: queryPage(1000) });
export const previewLinkSchema = z.object({
  days: z
    .number()
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(PREVIEW_LINK_DAYS_MAX, 'validation.invalid')
    .optional(),
});
/** An ISO instant with its offset (2026-12-01T09:30:00+03:30 or …Z). */
const instant = () => z.iso.datetime({ offset: true, error: 'validation.dateTime' });

/**
 * `PUT /api/pages/{locale}/{path}/schedule` (server/services/page-schedules.ts): the page's whole
 * schedule — a time it publishes alone, a time it goes back to draft, or both (a time left out is
 * no schedule of that kind). `translation`: the path of its translation in the other language,
 * scheduled with it (both go in one commit).
 */
export const pageScheduleSchema = z.object({
  publishAt: instant().optional().meta({ description: 'When the page publishes its pending change alone, as its own commit.' }),
  unpublishAt: instant().optional().meta({
    description: 'When the page goes back to draft (its address then answers 404); after publishAt when both are given.',
  }),
  translation: z
    .string()
    .max(300, 'validation.invalid')
    .optional()
    .meta({ description: "The path of the page's translation in the other language, scheduled with it at the same times." }),
});
/** `GET /api/schedules?from=&to=`: what is scheduled in a window (the calendar's month), ISO instants. */
export const schedulesQuerySchema = z.object({ from: instant(), to: instant() });

/** The most pages one bulk action takes. */
export const BULK_PAGES_MAX = 100;

const bulkPageRef = z.object({
  locale: z.enum(locales, 'validation.invalid'),
  path: z
    .string()
    .max(300, 'validation.invalid')
    .refine((path) => pagePathProblem(path) === undefined, 'api.pagePathInvalid'),
});
const bulkPageList = z
  .array(bulkPageRef)
  .min(1, 'validation.required')
  .max(BULK_PAGES_MAX, messageRef('validation.tooMany', { max: BULK_PAGES_MAX }))
  .superRefine((pages, ctx) => {
    const seen = new Set<string>();
    pages.forEach((page, index) => {
      const key = `${page.locale}/${page.path}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], message: 'validation.pageListedTwice' });
      seen.add(key);
    });
  });
/** `POST /api/pages/bulk`: one action on up to 100 pages of the list (server/services/pages-bulk.ts). */
export const bulkSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('delete'), pages: bulkPageList }),
  z.object({
    action: z.literal('set-category'),
    pages: bulkPageList,
    category: z.string().min(1, 'validation.required').max(100, 'validation.invalid'),
  }),
]);
export const moveSchema = z.object({ to: z.string().min(3, 'validation.required').max(300, 'validation.invalid') });

export const pages = declare({
  sync: {
    method: 'POST',
    path: '/api/content/sync',
    access: 'builds.create',
    tag: 'pages',
    en: 'Re-index the content repository',
    fa: 'نمایه‌سازی دوبارهٔ مخزن محتوا',
    query: contentSyncQuerySchema,
  },
  // The progress of the re-index in progress, or the last one (the builds screen polls it).
  syncStatus: {
    method: 'GET',
    path: '/api/content/sync',
    access: 'builds.read',
    tag: 'pages',
    en: 'The latest re-index and its progress',
    fa: 'آخرین نمایه‌سازی دوباره و پیشرفتش',
  },
  list: {
    method: 'GET',
    path: '/api/pages',
    access: 'dashboard.read',
    tag: 'pages',
    en: 'List pages with their pending changes',
    fa: 'فهرست صفحه‌ها با تغییرهای در انتظارشان',
    query: pageListQuerySchema,
  },
  get: {
    method: 'GET',
    path: '/api/pages/:locale/:path{.+}',
    access: 'dashboard.read',
    tag: 'pages',
    en: "A page's source for the editor",
    fa: 'متن منبع یک صفحه برای ویرایشگر',
    params: pageParams,
    // checkPagePath (server/services/pages.ts): an unknown locale is a 404, a bad path a 400.
    errors: [400],
  },
  preview: {
    method: 'POST',
    path: '/api/pages/preview',
    access: 'commits.create',
    tag: 'pages',
    en: 'Render unsaved Markdown',
    fa: 'نمایش پیش‌نمایش مارک‌داون ذخیره‌نشده',
    body: previewSchema,
  },
  bulk: {
    method: 'POST',
    path: '/api/pages/bulk',
    access: 'commits.create',
    tag: 'pages',
    en: 'Delete pages or change their category in the open build, each page reported',
    fa: 'حذف صفحه‌ها یا تغییر دستهٔ آن‌ها در ساخت باز، با گزارش هر صفحه',
    body: bulkSchema,
  },
  save: {
    method: 'PUT',
    path: '/api/pages/:locale/:path{.+}',
    access: 'commits.create',
    tag: 'pages',
    en: 'Save a page into the open build',
    fa: 'ذخیرهٔ صفحه در ساخت باز',
    params: pageParams,
    body: saveSchema,
    errors: [409, 412, 413],
  },
  delete: {
    method: 'DELETE',
    path: '/api/pages/:locale/:path{.+}',
    access: 'commits.create',
    tag: 'pages',
    en: 'Delete a page in the open build',
    fa: 'حذف صفحه در ساخت باز',
    params: pageParams,
    errors: [400, 409],
  },
  move: {
    method: 'POST',
    path: '/api/pages/:locale/:path{.+}/move',
    access: 'commits.create',
    tag: 'pages',
    en: 'Move a page to another path',
    fa: 'جابه‌جا کردن صفحه به نشانی دیگر',
    params: pageParams,
    body: moveSchema,
    errors: [409],
  },
  // A page's history (git log of its file) and its shareable previews (issue 26).
  history: {
    method: 'GET',
    path: '/api/pages/:locale/:path{.+}/history',
    access: 'dashboard.read',
    tag: 'pages',
    en: "A page's history: the commits that changed its file (following published moves), newest first, 20 a page",
    fa: 'تاریخچهٔ یک صفحه: کامیت‌هایی که پرونده‌اش را تغییر داده‌اند (با دنبال کردن جابه‌جایی‌های منتشرشده)، تازه‌ترین نخست، ۲۰ در هر صفحه',
    params: pageParams,
    query: historyQuerySchema,
    errors: [400],
  },
  version: {
    method: 'GET',
    path: '/api/pages/:locale/:path{.+}/history/:commit',
    access: 'dashboard.read',
    tag: 'pages',
    en: 'One version of a page: its text and its diff to the current text',
    fa: 'یک نسخه از صفحه: متن آن و تفاوتش با متن کنونی',
    params: pageParams.extend({ commit: z.string().meta({ description: 'The commit (40 hexadecimal digits).' }) }),
    errors: [400],
  },
  previewLinks: {
    method: 'GET',
    path: '/api/pages/:locale/:path{.+}/preview-links',
    access: 'commits.create',
    tag: 'pages',
    en: "A page's preview links that still work (without their tokens)",
    fa: 'پیوندهای پیش‌نمایش فعال یک صفحه (بی توکن‌هایشان)',
    params: pageParams,
    errors: [400],
  },
  createPreviewLink: {
    method: 'POST',
    path: '/api/pages/:locale/:path{.+}/preview-link',
    access: 'commits.create',
    tag: 'pages',
    en: 'A shareable link to the pending version, { id, url, expiresAt } (7 days unless days is given, at most 30)',
    fa: 'پیوندی همرسانی‌پذیر به نسخهٔ در انتظار، { id, url, expiresAt } (۷ روز مگر days داده شود، حداکثر ۳۰)',
    params: pageParams,
    body: previewLinkSchema,
    bodyOptional: true,
    status: 201,
    errors: [400],
  },
  revokePreviewLink: {
    method: 'DELETE',
    path: '/api/preview-links/:id',
    access: 'commits.create',
    tag: 'pages',
    en: 'Revoke a preview link: it answers 404 from then on',
    fa: 'باطل کردن پیوند پیش‌نمایش: از آن پس ۴۰۴ می‌دهد',
    params: idParam,
    status: 204,
  },
  // A page's own schedule (issue 40 §2): publish alone at a time, back to draft at a time.
  schedule: {
    method: 'GET',
    path: '/api/pages/:locale/:path{.+}/schedule',
    access: 'dashboard.read',
    tag: 'pages',
    en: "A page's schedule: when it publishes alone and when it goes back to draft",
    fa: 'زمان‌بندی یک صفحه: کی به‌تنهایی منتشر می‌شود و کی به پیش‌نویس برمی‌گردد',
    params: pageParams,
    errors: [400],
  },
  setSchedule: {
    method: 'PUT',
    path: '/api/pages/:locale/:path{.+}/schedule',
    access: 'builds.create',
    tag: 'pages',
    en: 'Schedule a page (and its translation) to publish alone and/or to go back to draft at a time',
    fa: 'زمان‌بندی یک صفحه (و ترجمه‌اش) برای انتشار به‌تنهایی و/یا بازگشت به پیش‌نویس در زمانی معین',
    params: pageParams,
    body: pageScheduleSchema,
    errors: [400],
  },
  cancelSchedule: {
    method: 'DELETE',
    path: '/api/pages/:locale/:path{.+}/schedule',
    access: 'builds.create',
    tag: 'pages',
    en: "Cancel a page's schedule (and its group's: a translation scheduled with it)",
    fa: 'لغو زمان‌بندی یک صفحه (و گروهش: ترجمه‌ای که با آن زمان‌بندی شده)',
    params: pageParams,
    errors: [400],
  },
  schedules: {
    method: 'GET',
    path: '/api/schedules',
    access: 'dashboard.read',
    tag: 'pages',
    en: 'What is scheduled between two instants (the calendar), oldest first',
    fa: 'آنچه میان دو زمان زمان‌بندی شده است (تقویم)، از قدیمی‌ترین',
    query: schedulesQuerySchema,
  },
  // An out-of-date translation's source diff, beside the editor (docs/content.md "Outdated translations").
  translation: {
    method: 'GET',
    path: '/api/translations/:locale/:path{.+}',
    access: 'dashboard.read',
    tag: 'pages',
    en: "Whether a page is an out-of-date translation, and its source's changes since",
    fa: 'آیا ترجمهٔ یک صفحه کهنه شده است، و تغییرهای منبعش از آن زمان',
    params: pageParams,
    errors: [400],
  },
});

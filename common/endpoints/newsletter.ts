import { z } from 'zod';
import { locales } from '../locales';
import { subscriberStatuses } from '../newsletter';
import { listSearch, queryPage } from '../schemas/query';
import { declare, idParam } from './define';

export const subscribeSchema = z.object({
  email: z.email('validation.email').max(254, 'validation.email'),
  locale: z.enum(locales),
  turnstileToken: z.string().max(4096).optional(),
});
export const tokenSchema = z.object({ token: z.string().min(1, 'validation.required').max(200, 'validation.invalid') });
/** RFC 8058's one-click POST carries the token in the query; the unsubscribe page sends it as JSON instead. */
export const unsubscribeQuerySchema = tokenSchema.partial();
export const issueSchema = z.object({ locale: z.enum(locales), path: z.string().max(300, 'validation.invalid') });

/** `GET /api/newsletter/subscribers?status=&query=&page=`; the CSV export takes the same filters, unpaged. */
export const subscriberListQuerySchema = z.object({
  status: z.enum(subscriberStatuses, 'validation.invalid').optional(),
  query: listSearch().optional().meta({ description: 'Part of the email address.' }),
  page: queryPage(),
});
export const subscriberExportQuerySchema = subscriberListQuerySchema.omit({ page: true });

export const newsletter = declare({
  // Newsletter: readers subscribe, confirm and unsubscribe without an account (the tokens are the
  // proof); the dashboard's calls need the newsletter permissions.
  subscribe: {
    method: 'POST',
    path: '/api/newsletter/subscribe',
    access: 'public',
    tag: 'newsletter',
    en: 'Subscribe an email address',
    fa: 'عضویت یک نشانی ایمیل',
    body: subscribeSchema,
    status: 202,
    errors: [429, 503],
  },
  confirm: {
    method: 'POST',
    path: '/api/newsletter/confirm',
    access: 'public',
    tag: 'newsletter',
    en: 'Confirm a subscription',
    fa: 'تأیید عضویت',
    body: tokenSchema,
    errors: [410],
  },
  unsubscribe: {
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    access: 'public',
    tag: 'newsletter',
    en: 'Unsubscribe (one-click: the token in the query)',
    fa: 'لغو عضویت (با یک کلیک: رمز در نشانی)',
    query: unsubscribeQuerySchema,
    body: tokenSchema,
    bodyOptional: true,
  },
  subscribers: {
    method: 'GET',
    path: '/api/newsletter/subscribers',
    access: 'newsletter.read',
    tag: 'newsletter',
    en: 'List subscribers',
    fa: 'فهرست مشترکان',
    query: subscriberListQuerySchema,
  },
  exportSubscribers: {
    method: 'GET',
    path: '/api/newsletter/subscribers/export',
    access: 'newsletter.read',
    tag: 'newsletter',
    en: 'Export subscribers as CSV',
    fa: 'خروجی CSV مشترکان',
    query: subscriberExportQuerySchema,
    produces: 'text/csv',
  },
  deleteSubscriber: {
    method: 'DELETE',
    path: '/api/newsletter/subscribers/:id',
    access: 'newsletter.delete',
    tag: 'newsletter',
    en: 'Delete a subscriber',
    fa: 'حذف مشترک',
    params: idParam,
  },
  sendIssue: {
    method: 'POST',
    path: '/api/newsletter/issues',
    access: 'newsletter.edit',
    tag: 'newsletter',
    en: 'Send a page as a newsletter issue',
    fa: 'فرستادن یک صفحه به‌عنوان شمارهٔ خبرنامه',
    body: issueSchema,
    status: 202,
    errors: [409, 503],
  },
  issue: {
    method: 'GET',
    path: '/api/newsletter/issues/:id',
    access: 'newsletter.read',
    tag: 'newsletter',
    en: "A newsletter issue's sending progress",
    fa: 'پیشرفت فرستادن یک شمارهٔ خبرنامه',
    params: idParam,
  },
});

import { z } from 'zod';
import { commentBulkSchema, commentCreateSchema, commentStatuses, commentUpdateSchema } from '../comments';
import { locales } from '../locales';
import { tooLong } from '../messages';
import { listSearch, queryPage } from '../schemas/query';
import { declare, idParam } from './define';

/** `GET /api/comments?locale=&path=`: a page's thread; no path is the home page. */
export const commentThreadQuerySchema = z.object({
  locale: z.enum(locales, 'validation.invalid'),
  path: z.string().max(300, tooLong(300)).default('').meta({ description: 'The page below the locale (`logs/hello`).' }),
});

/** `GET /api/manage/comments?status=&query=&page=`: one tab of the moderation list, pending by default. */
export const manageCommentsQuerySchema = z.object({
  status: z.enum(commentStatuses, 'validation.invalid').default('pending'),
  query: listSearch().default('').meta({ description: 'Words in the comment, its author or its page.' }),
  page: queryPage(),
});

export const comments = declare({
  // Comments (docs/content.md "Comments"): editing and deleting one is for its author or a
  // moderator, which the service decides; the moderation list and bulk actions are the dashboard's.
  thread: {
    method: 'GET',
    path: '/api/comments',
    access: 'public',
    tag: 'comments',
    en: "A page's comment thread",
    fa: 'رشتهٔ دیدگاه‌های یک صفحه',
    query: commentThreadQuerySchema,
  },
  create: {
    method: 'POST',
    path: '/api/comments',
    access: 'comments.create',
    tag: 'comments',
    en: 'Post a comment',
    fa: 'فرستادن دیدگاه',
    body: commentCreateSchema,
    status: 201,
    errors: [429],
  },
  update: {
    method: 'PATCH',
    path: '/api/comments/:id',
    access: 'user',
    tag: 'comments',
    en: 'Edit a comment or change its status',
    fa: 'ویرایش دیدگاه یا تغییر وضعیتش',
    params: idParam,
    body: commentUpdateSchema,
  },
  delete: {
    method: 'DELETE',
    path: '/api/comments/:id',
    access: 'user',
    tag: 'comments',
    en: 'Delete a comment',
    fa: 'حذف دیدگاه',
    params: idParam,
  },
  moderation: {
    method: 'GET',
    path: '/api/manage/comments',
    access: 'comments.read',
    tag: 'comments',
    en: 'Comments to moderate',
    fa: 'دیدگاه‌های در انتظار بررسی',
    query: manageCommentsQuerySchema,
  },
  moderate: {
    method: 'POST',
    path: '/api/manage/comments/bulk',
    access: 'comments.edit',
    tag: 'comments',
    en: 'Approve, hold, mark as spam or delete many comments',
    fa: 'پذیرفتن، نگه‌داشتن، هرزنامه دانستن یا حذف چند دیدگاه',
    body: commentBulkSchema,
  },
});

import { z } from 'zod';
import { COMMENT_MAX } from './comment-limits';
import { type Locale, locales } from './locales';
import { messageRef, tooLong } from './messages';

export { COMMENT_EDIT_WINDOW_MS, COMMENT_MAX } from './comment-limits';

/*
 * Comments on content pages (docs/content.md "Comments"): shared by the API, the thread on the
 * page, the moderation screen and the profile.
 */

/** Replies nest this deep; a reply to a comment at this depth joins its parent's list (flat). */
export const COMMENT_MAX_DEPTH = 3;
export const MANAGE_COMMENTS_PAGE_SIZE = 20;
/** At most this many comments in one bulk action. */
export const COMMENT_BULK_MAX = 100;

export const commentStatuses = ['pending', 'approved', 'spam'] as const;
export type CommentStatus = (typeof commentStatuses)[number];
export const isCommentStatus = (value: unknown): value is CommentStatus =>
  (commentStatuses as readonly unknown[]).includes(value);

/** The text of a comment: Markdown-lite, 1–5 000 characters after trimming. */
export const commentBodySchema = z.string().trim().min(1, 'validation.required').max(COMMENT_MAX, tooLong(COMMENT_MAX));

/** A page's address below its locale, as comments name it: `logs/hello` (slashes around it are ignored). */
const pagePathSchema = z
  .string()
  .max(300, 'validation.invalid')
  .transform((value) => value.replace(/^\/+|\/+$/g, ''));

export const commentCreateSchema = z.object({
  locale: z.enum(locales, 'validation.invalid'),
  path: pagePathSchema,
  body: commentBodySchema,
  parentId: z.number().int().positive('validation.invalid').nullable().optional(),
  turnstileToken: z.string().max(4096, 'validation.invalid').optional(),
});
export type CommentCreate = z.infer<typeof commentCreateSchema>;

/** PATCH: the author changes the body, a moderator the status (one or the other). */
export const commentUpdateSchema = z
  .object({ body: commentBodySchema.optional(), status: z.enum(commentStatuses, 'validation.invalid').optional() })
  .refine((value) => (value.body === undefined) !== (value.status === undefined), {
    message: 'validation.invalid',
    path: ['body'],
  });
export type CommentUpdate = z.infer<typeof commentUpdateSchema>;

export const commentBulkActions = ['approve', 'pending', 'spam', 'delete'] as const;
export type CommentBulkAction = (typeof commentBulkActions)[number];
export const commentBulkSchema = z.object({
  ids: z
    .array(z.number().int().positive('validation.invalid'))
    .min(1, 'validation.required')
    .max(COMMENT_BULK_MAX, messageRef('validation.tooMany', { max: COMMENT_BULK_MAX })),
  action: z.enum(commentBulkActions, 'validation.invalid'),
});

export type CommentAuthor = { name: string; avatarUrl: string | null };

/** One published comment in a page's thread; `replies` holds its nested replies. */
export type ThreadComment = {
  id: number;
  parentId: number | null;
  author: CommentAuthor;
  /** The body rendered (Markdown-lite, sanitised). */
  html: string;
  createdAt: string;
  editedAt: string | null;
  /** Only on the reader's own comments: their status and Markdown source, for editing. */
  own?: { status: CommentStatus; body: string };
  /**
   * A comment the reader may not see, kept only as the place of its visible replies: `removed`
   * (marked as spam) or `pending` (waits for moderation). Its author and html are empty.
   */
  hidden?: 'removed' | 'pending';
  replies: ThreadComment[];
};

export type CommentThread = { locale: Locale; path: string; total: number; comments: ThreadComment[] };

/** A comment as the moderation screen lists it. */
export type ManagedComment = {
  id: number;
  locale: Locale;
  path: string;
  pageTitle: string | null;
  body: string;
  html: string;
  status: CommentStatus;
  createdAt: string;
  editedAt: string | null;
  parentId: number | null;
  author: CommentAuthor & { id: string; username: string };
};

export type ManagedCommentList = {
  items: ManagedComment[];
  total: number;
  page: number;
  pageSize: number;
  counts: Record<CommentStatus, number>;
};

import { Hono } from 'hono';
import { z } from 'zod';
import { commentBulkSchema, commentCreateSchema, commentStatuses, commentUpdateSchema } from '../../common/comments';
import { locales } from '../../common/locales';
import { tooLong } from '../../common/messages';
import { createLimits } from '../auth/rate-limit';
import type { AppDeps } from '../deps';
import {
  bulkComments,
  createComment,
  deleteComment,
  getThread,
  listComments,
  parseCommentId,
  updateComment,
} from '../services/comments';
import { processNotificationMails, queueApprovedReplies, queueCommentNotifications } from '../services/notifications';
import { type AuthEnv, requireUser } from './guards';
import { afterResponse, clientInfo, linkOrigin } from './request';
import { listSearch, queryPage, readJson, readQuery } from './validate';

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

/**
 * `/api/comments`: a page's thread (public), posting (`comments.create`), and changing or deleting
 * one comment (signed in; the service decides between author and moderator). Access rules in
 * route-access.ts.
 */
export function createCommentRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const limits = createLimits(deps.db);
  routes.use('*', async (c, next) => {
    // The thread carries the reader's own pending comments: never shared by a cache.
    c.header('Cache-Control', 'private, no-store');
    return next();
  });

  routes.get('/', async (c) => {
    const { locale, path } = readQuery(c, commentThreadQuerySchema);
    return c.json(await getThread(deps.db, locale, path, c.get('user')));
  });

  routes.post('/', async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, commentCreateSchema);
    const created = await createComment(deps, limits, user, input, clientInfo(c, deps));
    // Opt-in mails (a reply, a comment to moderate) go after the answer (services/notifications.ts).
    if (deps.mailer) {
      const comment = { ...created, userId: user.id, parentId: input.parentId ?? null };
      const origin = linkOrigin(c, deps);
      afterResponse(
        c,
        queueCommentNotifications(deps.db, comment).then((queued) => queued && processNotificationMails(deps, origin)),
        'Notification mail',
      );
    }
    return c.json(created, 201);
  });

  routes.patch('/:id', async (c) => {
    const user = requireUser(c);
    const id = parseCommentId(c.req.param('id'));
    return c.json(await updateComment(deps, user, id, await readJson(c, commentUpdateSchema)));
  });

  routes.delete('/:id', async (c) => {
    await deleteComment(deps, requireUser(c), parseCommentId(c.req.param('id')));
    return c.json({ ok: true });
  });

  return routes;
}

/** `/api/manage/comments`: the moderation list (`comments.read`) and bulk actions (`comments.edit`). */
export function createManageCommentRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  routes.use('*', async (c, next) => {
    c.header('Cache-Control', 'private, no-store');
    return next();
  });

  routes.get('/', async (c) => {
    return c.json(await listComments(deps.db, readQuery(c, manageCommentsQuerySchema)));
  });

  routes.post('/bulk', async (c) => {
    const { ids, action } = await readJson(c, commentBulkSchema);
    const result = await bulkComments(deps, requireUser(c), ids, action);
    if (action === 'approve' && deps.mailer) {
      const origin = linkOrigin(c, deps);
      afterResponse(
        c,
        queueApprovedReplies(deps.db, ids).then((queued) => queued && processNotificationMails(deps, origin)),
        'Notification mail',
      );
    }
    return c.json(result);
  });

  return routes;
}

import { Hono } from 'hono';
import { commentBulkSchema, commentCreateSchema, commentUpdateSchema } from '../../common/comments';
import { endpoints } from '../../common/endpoints';
import { commentThreadQuerySchema, manageCommentsQuerySchema } from '../../common/endpoints/comments';
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
import { mailOrigin } from '../site-origin';
import { endpointsOn } from './endpoint';
import { type AuthEnv, requireApiUser } from './guards';
import { afterResponse, clientInfo } from './request';
import { readJson, readQuery } from './validate';

/**
 * `/api/comments`: a page's thread (public), posting (`comments.create`), and changing or deleting
 * one comment (signed in; the service decides between author and moderator). Access rules in
 * route-access.ts.
 */
export function createCommentRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/comments');
  const limits = createLimits(deps.db);
  routes.use('*', async (c, next) => {
    // The thread carries the reader's own pending comments: never shared by a cache.
    c.header('Cache-Control', 'private, no-store');
    return next();
  });

  on(endpoints.comments.thread, async (c) => {
    const { locale, path } = readQuery(c, commentThreadQuerySchema);
    // A members page's thread needs a signed-in reader: a session, not an API key (which reads no page).
    return c.json(await getThread(deps.db, locale, path, c.get('user'), { signedIn: Boolean(c.get('session')) }));
  });

  on(endpoints.comments.create, async (c) => {
    const user = requireApiUser(c);
    const input = await readJson(c, commentCreateSchema);
    const created = await createComment(deps, limits, user, input, clientInfo(c, deps));
    // Opt-in mails (a reply, a comment to moderate) go after the answer (services/notifications.ts).
    if (deps.mailer) {
      const comment = { ...created, userId: user.id, parentId: input.parentId ?? null };
      afterResponse(
        c,
        queueCommentNotifications(deps.db, comment).then(async (queued) => {
          const origin = queued ? await mailOrigin(deps, 'notification') : undefined;
          if (origin) await processNotificationMails(deps, origin);
        }),
        'Notification mail',
      );
    }
    return c.json(created, 201);
  });

  on(endpoints.comments.update, async (c) => {
    const user = requireApiUser(c);
    const id = parseCommentId(c.req.param('id'));
    return c.json(await updateComment(deps, user, id, await readJson(c, commentUpdateSchema)));
  });

  on(endpoints.comments.delete, async (c) => {
    await deleteComment(deps, requireApiUser(c), parseCommentId(c.req.param('id')));
    return c.json({ ok: true });
  });

  return routes;
}

/** `/api/manage/comments`: the moderation list (`comments.read`) and bulk actions (`comments.edit`). */
export function createManageCommentRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/manage/comments');
  routes.use('*', async (c, next) => {
    c.header('Cache-Control', 'private, no-store');
    return next();
  });

  on(endpoints.comments.moderation, async (c) => {
    return c.json(await listComments(deps.db, readQuery(c, manageCommentsQuerySchema)));
  });

  on(endpoints.comments.moderate, async (c) => {
    const { ids, action } = await readJson(c, commentBulkSchema);
    const result = await bulkComments(deps, requireApiUser(c), ids, action);
    if (action === 'approve' && deps.mailer) {
      afterResponse(
        c,
        queueApprovedReplies(deps.db, ids).then(async (queued) => {
          const origin = queued ? await mailOrigin(deps, 'notification') : undefined;
          if (origin) await processNotificationMails(deps, origin);
        }),
        'Notification mail',
      );
    }
    return c.json(result);
  });

  return routes;
}

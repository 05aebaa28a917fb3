import { Hono } from 'hono';
import { commentBulkSchema, commentCreateSchema, commentUpdateSchema, isCommentStatus } from '../../common/comments';
import { isLocale } from '../../common/locales';
import { createCommentThrottle } from '../auth/rate-limit';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import {
  bulkComments,
  createComment,
  deleteComment,
  getThread,
  listComments,
  parseCommentId,
  updateComment,
} from '../services/comments';
import { type AuthEnv, requireUser } from './guards';
import { clientInfo } from './request';
import { readJson } from './validate';

const invalidQuery = (field: string) =>
  new AppError(400, 'api.validationFailed', { issues: [{ path: [field], message: 'validation.invalid' }] });

/**
 * `/api/comments`: a page's thread (public), posting (`comments.create`), and changing or deleting
 * one comment (signed in; the service decides between author and moderator). Access rules in
 * route-access.ts.
 */
export function createCommentRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const throttle = createCommentThrottle();
  routes.use('*', async (c, next) => {
    // The thread carries the reader's own pending comments: never shared by a cache.
    c.header('Cache-Control', 'private, no-store');
    return next();
  });

  routes.get('/', async (c) => {
    const locale = c.req.query('locale') ?? '';
    if (!isLocale(locale)) throw invalidQuery('locale');
    const path = c.req.query('path') ?? '';
    if (path.length > 300) throw invalidQuery('path');
    return c.json(await getThread(deps.db, locale, path, c.get('user')));
  });

  routes.post('/', async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, commentCreateSchema);
    return c.json(await createComment(deps, throttle, user, input, clientInfo(c, deps)), 201);
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
    const status = c.req.query('status') ?? 'pending';
    if (!isCommentStatus(status)) throw invalidQuery('status');
    const page = Number(c.req.query('page') ?? '1');
    if (!Number.isInteger(page) || page < 1 || page > 100_000) throw invalidQuery('page');
    return c.json(await listComments(deps.db, { status, query: c.req.query('query') ?? '', page }));
  });

  routes.post('/bulk', async (c) => {
    const { ids, action } = await readJson(c, commentBulkSchema);
    return c.json(await bulkComments(deps, requireUser(c), ids, action));
  });

  return routes;
}

import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { outgoingWebhookSchema, outgoingWebhookUpdateSchema } from '../../common/outgoing-webhooks';
import type { Database } from '../db/database';
import type { AppDeps } from '../deps';
import {
  createOutgoingWebhook,
  deleteOutgoingWebhook,
  deliverDueWebhooks,
  listDeliveries,
  listOutgoingWebhooks,
  queueTestEvent,
  rotateOutgoingWebhookSecret,
  takeQueuedFlag,
  updateOutgoingWebhook,
} from '../services/outgoing-webhooks';
import { type AuthEnv, requireUser } from './guards';
import { afterResponse } from './request';
import { numericId, queryPage, readJson, readQuery } from './validate';

/*
 * `/api/outgoing-webhooks` (owner only, route-access.ts): the endpoints Daftar tells of its events,
 * their delivery logs and a test event. Not the incoming GitHub push webhook (`/api/webhooks/github`).
 */

/** On Workers a delivery run gets this long inside one request's `waitUntil`; the cron does the rest. */
const WORKER_BUDGET_MS = 20_000;

export const deliveriesQuerySchema = z.object({ page: queryPage() });

/** One delivery run at a time per database in this process; one asked for meanwhile makes it go round again. */
const running = new WeakMap<Database, { again: boolean }>();

/** Sends what is due after the answer (`waitUntil` on Workers); the background job catches anything left. */
export function deliverAfterResponse(c: Context, deps: AppDeps) {
  const run = running.get(deps.db);
  if (run) {
    run.again = true;
    return;
  }
  const state = { again: false };
  running.set(deps.db, state);
  const budgetMs = deps.trustCloudflareIp ? WORKER_BUDGET_MS : undefined;
  const task = (async () => {
    do {
      state.again = false;
      await deliverDueWebhooks(deps, { budgetMs });
    } while (state.again);
  })().finally(() => running.delete(deps.db));
  afterResponse(c, task, 'Outgoing webhook delivery');
}

/** Middleware for every API call: events a call queued (a publish, a comment…) are sent after its answer. */
export function deliverQueuedEvents(deps: AppDeps) {
  return async (c: Context, next: () => Promise<void>) => {
    await next();
    if (takeQueuedFlag(deps.db)) deliverAfterResponse(c, deps);
  };
}

export function createOutgoingWebhookRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();

  routes.get('/', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ items: await listOutgoingWebhooks(deps.db) });
  });

  routes.post('/', async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, outgoingWebhookSchema);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await createOutgoingWebhook(deps, input, user.id), 201);
  });

  routes.patch('/:id', async (c) => {
    const id = numericId(c.req.param('id'));
    return c.json(await updateOutgoingWebhook(deps, id, await readJson(c, outgoingWebhookUpdateSchema)));
  });

  routes.delete('/:id', async (c) => {
    await deleteOutgoingWebhook(deps.db, numericId(c.req.param('id')));
    return c.json({ ok: true });
  });

  routes.post('/:id/secret', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await rotateOutgoingWebhookSecret(deps.db, numericId(c.req.param('id'))));
  });

  routes.post('/:id/test', async (c) => {
    await queueTestEvent(deps.db, numericId(c.req.param('id')));
    return c.json({ status: 'queued' }, 202);
  });

  routes.get('/:id/deliveries', async (c) => {
    const id = numericId(c.req.param('id'));
    const { page } = readQuery(c, deliveriesQuerySchema);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listDeliveries(deps.db, id, page));
  });

  return routes;
}

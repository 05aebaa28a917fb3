import { type Context, Hono } from 'hono';
import { endpoints } from '../../common/endpoints';
import { deliveriesQuerySchema } from '../../common/endpoints/outgoing-webhooks';
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
import { endpointsOn } from './endpoint';
import { type AuthEnv, requireApiUser } from './guards';
import { afterResponse } from './request';
import { numericId, readJson, readQuery } from './validate';

/*
 * `/api/outgoing-webhooks` (owner only, route-access.ts): the endpoints Daftar tells of its events,
 * their delivery logs and a test event. Not the incoming GitHub push webhook (`/api/webhooks/github`).
 */

/** On Workers a delivery run gets this long inside one request's `waitUntil`; the cron does the rest. */
const WORKER_BUDGET_MS = 20_000;

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
  const on = endpointsOn(routes, '/api/outgoing-webhooks');

  on(endpoints.outgoingWebhooks.list, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ items: await listOutgoingWebhooks(deps.db) });
  });

  on(endpoints.outgoingWebhooks.create, async (c) => {
    const user = requireApiUser(c);
    const input = await readJson(c, outgoingWebhookSchema);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await createOutgoingWebhook(deps, input, user.id), 201);
  });

  on(endpoints.outgoingWebhooks.update, async (c) => {
    const id = numericId(c.req.param('id'));
    return c.json(await updateOutgoingWebhook(deps, id, await readJson(c, outgoingWebhookUpdateSchema)));
  });

  on(endpoints.outgoingWebhooks.delete, async (c) => {
    await deleteOutgoingWebhook(deps.db, numericId(c.req.param('id')));
    return c.json({ ok: true });
  });

  on(endpoints.outgoingWebhooks.newSecret, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await rotateOutgoingWebhookSecret(deps.db, numericId(c.req.param('id'))));
  });

  on(endpoints.outgoingWebhooks.test, async (c) => {
    await queueTestEvent(deps.db, numericId(c.req.param('id')));
    return c.json({ status: 'queued' }, 202);
  });

  on(endpoints.outgoingWebhooks.deliveries, async (c) => {
    const id = numericId(c.req.param('id'));
    const { page } = readQuery(c, deliveriesQuerySchema);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listDeliveries(deps.db, id, page));
  });

  return routes;
}

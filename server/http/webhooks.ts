import { Hono } from 'hono';
import { endpoints } from '../../common/endpoints';
import { createLimits } from '../auth/rate-limit';
import type { AppDeps } from '../deps';
import { AppError, errorForLog } from '../errors';
import { handleGithubEvent, verifyGithubDelivery } from '../services/github-webhook';
import { endpointsOn } from './endpoint';

/** How long a delivery is remembered so that a replay of it is ignored. */
export const WEBHOOK_REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Deliveries from outside services, verified by their own signatures (docs/content.md "Webhook"). */
export function createWebhookRoutes(deps: AppDeps) {
  const routes = new Hono();
  const on = endpointsOn(routes, '/api/webhooks');
  const limits = createLimits(deps.db);

  on(endpoints.operating.githubWebhook, async (c) => {
    // The signature covers the exact bytes GitHub sent, so the body is read as text first.
    const body = await c.req.text();
    await verifyGithubDelivery(deps.config.GITHUB_WEBHOOK_SECRET, body, c.req.header('x-hub-signature-256'));
    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      throw new AppError(400, 'api.invalidJson');
    }
    const event = c.req.header('x-github-event');
    // A replayed delivery is acknowledged and ignored for 24 hours (F-28). GitHub signs the body
    // only, so the body's signature is remembered as well as X-GitHub-Delivery: a replay with a
    // new delivery id is still the same signed body.
    const signature = c.req.header('x-hub-signature-256') ?? '';
    const delivery = c.req.header('x-github-delivery')?.slice(0, 100);
    const seen = await limits.take([
      { key: `github-body:${signature}`, limit: 1, windowMs: WEBHOOK_REPLAY_WINDOW_MS },
      ...(delivery ? [{ key: `github-delivery:${delivery}`, limit: 1, windowMs: WEBHOOK_REPLAY_WINDOW_MS }] : []),
    ]);
    if (seen.wait) return c.json({ event: event ?? null, syncing: false, duplicate: true }, 202);
    const sync = handleGithubEvent(deps, event, payload)?.catch((error: unknown) =>
      console.error(`Re-indexing after a GitHub push failed:\n${errorForLog(error)}`),
    );
    // Answered at once; on Workers the sync runs on after the response, on Node it simply runs on.
    if (sync) {
      try {
        c.executionCtx.waitUntil(sync);
      } catch {
        // No execution context outside Workers.
      }
    }
    return c.json({ event: event ?? null, syncing: Boolean(sync) }, 202);
  });

  return routes;
}

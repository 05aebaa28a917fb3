import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { handleGithubEvent, verifyGithubDelivery } from '../services/github-webhook';

/** Deliveries from outside services, verified by their own signatures (docs/content.md "Webhook"). */
export function createWebhookRoutes(deps: AppDeps) {
  const routes = new Hono();

  routes.post('/github', async (c) => {
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
    const sync = handleGithubEvent(deps, event, payload)?.catch((error: unknown) =>
      console.error('Re-indexing after a GitHub push failed:', error),
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

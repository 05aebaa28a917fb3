import { type Context, Hono } from 'hono';
import { endpoints } from '../../common/endpoints';
import {
  issueSchema,
  subscriberExportQuerySchema,
  subscriberListQuerySchema,
  subscribeSchema,
  tokenSchema,
  unsubscribeQuerySchema,
} from '../../common/endpoints/newsletter';
import { createLimits, isAppError, subscribeRules, tokenGuesses, tooManyAttempts } from '../auth/rate-limit';
import { requireTurnstile } from '../auth/turnstile';
import type { AppDeps } from '../deps';
import {
  confirmSubscription,
  createIssue,
  deleteSubscriber,
  failInterruptedDeliveries,
  issueProgress,
  listSubscribers,
  processNewsletterQueue,
  subscribe,
  subscribersCsv,
  unsubscribe,
} from '../services/newsletter';
import { mailOrigin, requireMailOrigin } from '../site-origin';
import { endpointsOn } from './endpoint';
import { type AuthEnv, requireApiUser } from './guards';
import { afterResponse, clientInfo } from './request';
import { numericId, readJson, readQuery } from './validate';

/** On Workers a queue run gets this long inside one request's `waitUntil`. */
const WORKER_BUDGET_MS = 20_000;

/** The same 202 body for every accepted subscription request, known address or not. */
const ACCEPTED = { status: 'accepted' } as const;

/**
 * `/api/newsletter` (access in route-access.ts): the public subscribe / confirm / unsubscribe
 * calls, and the dashboard's subscribers and issues.
 */
export function createNewsletterRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/newsletter');
  const limits = createLimits(deps.db);
  const confirmGuesses = tokenGuesses(limits, 'newsletter-confirm');

  // One queue run at a time per app; a run asked for while one is going makes it go round again.
  let running: Promise<void> | undefined;
  let again = false;
  const runQueue = (c: Context) => {
    if (running) {
      again = true;
      return;
    }
    // Only the Workers entry trusts CF-Connecting-IP: there a run must fit in the request's waitUntil.
    const budgetMs = deps.trustCloudflareIp ? WORKER_BUDGET_MS : undefined;
    running = (async () => {
      do {
        again = false;
        await failInterruptedDeliveries(deps.db);
        await processNewsletterQueue(deps, { budgetMs });
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    afterResponse(c, running, 'Newsletter mail');
  };

  on(endpoints.newsletter.subscribe, async (c) => {
    const input = await readJson(c, subscribeSchema);
    const { ip } = clientInfo(c, deps);
    const { wait } = await limits.take(subscribeRules(ip, input.email));
    if (wait > 0) throw tooManyAttempts(wait);
    await requireTurnstile(deps.config, input.turnstileToken, ip);
    const send = await subscribe(deps, { ...input, origin: await mailOrigin(deps, 'newsletter confirmation') });
    if (send) afterResponse(c, send(), 'Newsletter mail');
    return c.json(ACCEPTED, 202);
  });

  on(endpoints.newsletter.confirm, async (c) => {
    const { token } = await readJson(c, tokenSchema);
    const ip = clientInfo(c, deps).ip;
    const confirmed = await confirmGuesses.judge(
      ip,
      () => confirmSubscription(deps.db, token),
      isAppError('api.newsletterTokenInvalid'),
    );
    return c.json(confirmed);
  });

  // RFC 8058: a mail client POSTs `List-Unsubscribe=One-Click` (form-encoded) to the address in the
  // List-Unsubscribe header, token in the query; the unsubscribe page sends JSON `{ token }`.
  on(endpoints.newsletter.unsubscribe, async (c) => {
    const token = readQuery(c, unsubscribeQuerySchema).token ?? (await readJson(c, tokenSchema)).token;
    await unsubscribe(deps.db, token);
    return c.json({ status: 'unsubscribed' });
  });

  on(endpoints.newsletter.subscribers, async (c) => {
    return c.json(await listSubscribers(deps.db, readQuery(c, subscriberListQuerySchema)));
  });

  on(endpoints.newsletter.exportSubscribers, async (c) => {
    const csv = await subscribersCsv(deps.db, readQuery(c, subscriberExportQuerySchema));
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="newsletter-subscribers.csv"',
      'Cache-Control': 'private, no-store',
    });
  });

  on(endpoints.newsletter.deleteSubscriber, async (c) => {
    await deleteSubscriber(deps.db, numericId(c.req.param('id')));
    return c.json({ ok: true });
  });

  on(endpoints.newsletter.sendIssue, async (c) => {
    const user = requireApiUser(c);
    const input = await readJson(c, issueSchema);
    const origin = await requireMailOrigin(deps, 'newsletter issue');
    const issue = await createIssue(deps, { ...input, origin, userId: user.id });
    runQueue(c);
    return c.json(issue, 202);
  });

  on(endpoints.newsletter.issue, async (c) => {
    const progress = await issueProgress(deps.db, numericId(c.req.param('id')));
    // Workers: a run may have ended with its request; the dashboard's polling carries the queue on.
    if (progress.sent + progress.failed < progress.total) runQueue(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(progress);
  });

  return routes;
}

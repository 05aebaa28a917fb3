import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDeps } from '../../server/deps';
import { HSTS_VALUE, isHttps } from '../../server/http/https';
import { type CachedPage, immediateHit, type PageRequest, pageAnswer } from '../../server/http/page-cache';
import { type FinishedRequest, type PageViewRecorder, pageViewOf } from '../../server/http/page-views';

type Listener = (request: IncomingMessage, response: ServerResponse) => unknown;

/**
 * A request target the app would see unchanged once it is a URL: absolute path, no query, no
 * `.`/`..` segment (also not as `%2e`), no empty segment, nothing the URL parser re-encodes. Only
 * these are answered here, so a raw target can never name a stored page that its parsed form would
 * not (docs/decisions/0010).
 */
const PLAIN_TARGET = /^(?:\/(?!%2e)[\w~%-][\w~%.-]*)*\/?$/i;
/** A Host that is a name or an IPv4 address with an optional port (anything else goes to the app). */
const PLAIN_HOST = /^[a-z0-9.-]+(?::\d{1,5})?$/;

/**
 * Node's answer to page-cache hits, before the app (docs/decisions/0010). On a hit the app would
 * only pick stored bytes, yet @hono/node-server first builds a web `Request` and Hono dispatches
 * through every middleware: more than half of a hit's time. Here a hit is read from the raw
 * request and written to the socket, with everything the app's path does for it: the same cache
 * key and version (server/http/page-cache.ts), HSTS by the same rule (server/http/https.ts) and
 * the same page view (server/http/page-views.ts). Anything else — a miss, a stale version, a
 * signed-in reader, a query, an odd target or host, a host other than SITE_URL's (the app warns
 * about it) — goes to `app` untouched.
 */
export function answerPageHits(deps: AppDeps, recorder: PageViewRecorder, app: Listener): Listener {
  const store = deps.pageCache;
  if (!store) return app;
  const config = deps.config;
  const includeHost = !config.SITE_URL;
  const siteHost = config.SITE_URL ? new URL(config.SITE_URL).host : undefined;
  return (incoming, outgoing) => {
    const hit = plainHit(incoming);
    if (!hit) return app(incoming, outgoing);
    const { page, host, target } = hit;
    const header = (name: string) => {
      const value = incoming.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    const answer = pageAnswer(page, { method: incoming.method ?? 'GET', header });
    const https = isHttps(
      {
        secure: Boolean((incoming.socket as { encrypted?: boolean }).encrypted),
        host,
        forwardedProto: header('x-forwarded-proto'),
      },
      config,
    );
    outgoing.writeHead(answer.status, https ? { ...answer.headers, 'strict-transport-security': HSTS_VALUE } : answer.headers);
    outgoing.end(answer.body ?? undefined);
    const view: FinishedRequest = {
      method: incoming.method ?? 'GET',
      host,
      target,
      status: answer.status,
      isHtml: () => true,
      header,
      remoteAddress: incoming.socket.remoteAddress,
    };
    const seen = pageViewOf(view, deps);
    if (seen) recorder.record(seen);
  };

  function plainHit(incoming: IncomingMessage): { page: CachedPage; host: string; target: string } | undefined {
    const method = incoming.method;
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    const target = incoming.url ?? '';
    const host = incoming.headers.host?.toLowerCase() ?? '';
    if (!PLAIN_TARGET.test(target) || !PLAIN_HOST.test(host) || (siteHost && host !== siteHost)) return undefined;
    const request: PageRequest = {
      method,
      host,
      target,
      header: (name) => {
        const value = incoming.headers[name];
        return Array.isArray(value) ? value.join(', ') : value;
      },
    };
    // `store` is checked above; a store that answers later (not node's) never gives an immediate hit.
    const page = store && immediateHit(store, request, includeHost);
    return page ? { page, host, target } : undefined;
  }
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDeps, CachedPage, PageViewRecorder } from '../../server/deps';
import { HSTS_VALUE, isHttps } from '../../server/http/https';
import { immediateHit, type PageRequest, pageAnswer } from '../../server/http/page-cache';
import { type FinishedRequest, pageViewOf } from '../../server/http/page-views';

type Listener = (request: IncomingMessage, response: ServerResponse) => unknown;

/** A request the store has a page for, with what answering it and counting its view read. */
type Hit = Omit<PageRequest, 'header'> &
  Pick<FinishedRequest, 'remoteAddress'> & { header(name: string): string | undefined; page: CachedPage };

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
    let hit: ReturnType<typeof plainHit>;
    try {
      hit = plainHit(incoming);
    } catch (error) {
      console.error('Answering a cached page failed; the app answers instead:', error);
    }
    if (!hit) return app(incoming, outgoing);
    try {
      send(hit, incoming, outgoing);
    } catch (error) {
      // Nothing sent yet: the app answers. Half sent: the connection is cut, never left hanging.
      console.error('Answering a cached page failed:', error);
      if (!outgoing.headersSent) return app(incoming, outgoing);
      outgoing.destroy();
      return;
    }
    try {
      const seen = pageViewOf({ ...hit, status: outgoing.statusCode, isHtml: () => true }, deps);
      if (seen) recorder.record(seen);
    } catch (error) {
      console.error('Recording a page view failed:', error);
    }
  };

  function send(hit: Hit, incoming: IncomingMessage, outgoing: ServerResponse) {
    const answer = pageAnswer(hit.page, hit);
    const https = isHttps(
      {
        secure: Boolean((incoming.socket as { encrypted?: boolean }).encrypted),
        host: hit.host,
        forwardedProto: hit.header('x-forwarded-proto'),
      },
      config,
    );
    outgoing.writeHead(answer.status, https ? { ...answer.headers, 'strict-transport-security': HSTS_VALUE } : answer.headers);
    outgoing.end(answer.body ?? undefined);
  }

  function plainHit(incoming: IncomingMessage): Hit | undefined {
    const method = incoming.method;
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    const target = incoming.url ?? '';
    const host = incoming.headers.host?.toLowerCase() ?? '';
    if (!PLAIN_TARGET.test(target) || !PLAIN_HOST.test(host) || (siteHost && host !== siteHost)) return undefined;
    const header = (name: string) => {
      const value = incoming.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    const request = { method, host, target, header, remoteAddress: incoming.socket.remoteAddress };
    // `store` is checked above; a store that answers later (not node's) never gives an immediate hit.
    const page = store && immediateHit(store, request, includeHost);
    return page ? { ...request, page } : undefined;
  }
}

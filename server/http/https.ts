import type { Context, MiddlewareHandler } from 'hono';
import type { AppConfig } from '../config';
import { answeredByPageCache, hostAndTarget } from './page-cache';

/** HTTP Strict Transport Security: https only for six months, subdomains included. */
export const HSTS_VALUE = 'max-age=15552000; includeSubDomains';

/**
 * Whether the visitor reached the site over https. The one rule for the session cookie's `Secure`
 * flag and for HSTS (docs/security.md):
 *
 * - the request's own URL is https (Workers; a node process serving TLS itself);
 * - behind a trusted proxy (`TRUST_PROXY`), the proxy's `X-Forwarded-Proto` is https (its last
 *   entry, the one the proxy added, as with `X-Forwarded-For`);
 * - `SITE_URL` is https and the request is for that host (a proxy terminating TLS for the public
 *   address, without `TRUST_PROXY`).
 *
 * A request to another host over plain http (`http://127.0.0.1:3000`) is http: no `Secure` cookie
 * the browser would drop, and no HSTS, which browsers ignore over http anyway.
 */
export function isHttpsRequest(request: Request, config: Pick<AppConfig, 'TRUST_PROXY' | 'SITE_URL'>): boolean {
  return isHttps(
    {
      secure: request.url.startsWith('https:'),
      host: hostAndTarget(request.url).host,
      forwardedProto: request.headers.get('x-forwarded-proto') ?? undefined,
    },
    config,
  );
}

/**
 * The rule itself, on the parts of a request: whether its own connection is TLS, its host
 * (lower-case, as a URL serialises it) and the proxy's `X-Forwarded-Proto`. Node's answer to
 * cached pages (platforms/node/page-hits.ts) reads these without building a `Request`.
 */
export function isHttps(
  request: { secure: boolean; host: string; forwardedProto: string | undefined },
  config: Pick<AppConfig, 'TRUST_PROXY' | 'SITE_URL'>,
): boolean {
  if (request.secure) return true;
  if (config.TRUST_PROXY && request.forwardedProto?.split(',').at(-1)?.trim().toLowerCase() === 'https') return true;
  const siteHost = httpsSiteHost(config.SITE_URL);
  return siteHost !== undefined && request.host === siteHost;
}

let siteUrl: { url: string; httpsHost: string | undefined } | undefined;
/** The host of SITE_URL when it is https, parsed once per value. */
function httpsSiteHost(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (siteUrl?.url !== url) {
    const site = new URL(url);
    siteUrl = { url, httpsHost: site.protocol === 'https:' ? site.host : undefined };
  }
  return siteUrl.httpsHost;
}

type HttpsEnv = { Variables: { https?: boolean } };

/**
 * The app's first middleware: decides once whether the request is https (for the session cookie)
 * and, on the way out, sends HSTS exactly then. Being first, it also corrects responses the page
 * cache replays, whichever scheme they were first rendered for.
 */
export function httpsAware(config: Pick<AppConfig, 'TRUST_PROXY' | 'SITE_URL'>): MiddlewareHandler<HttpsEnv> {
  return async (c, next) => {
    const https = isHttpsRequest(c.req.raw, config);
    c.set('https', https);
    await next();
    if (https) c.res.headers.set('Strict-Transport-Security', HSTS_VALUE);
    // Stored pages never keep HSTS (server/http/page-cache.ts), so a hit over http is left as it is:
    // reading its headers would rebuild them on every hit.
    else if (!answeredByPageCache(c)) c.res.headers.delete('Strict-Transport-Security');
  };
}

/** Whether this request is https, as `httpsAware` decided (outside the app: the request URL alone). */
export function requestIsHttps(c: Context): boolean {
  const decided = (c as Context<HttpsEnv>).get('https');
  return decided ?? new URL(c.req.url).protocol === 'https:';
}

import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { readCookie } from '../../common/cookies';
import { PUBLIC_API_PREFIX } from '../../common/public-api';
import { readBearer } from '../auth/api-keys';
import type { ClientInfo } from '../auth/sessions';
import { SESSION_COOKIE } from '../auth/sessions';
import type { AppConfig } from '../config';
import type { AppDeps } from '../deps';
import { AppError, errorForLog } from '../errors';
import { requestOrigin } from '../site-origin';
import { requestIsHttps } from './https';

/** Who is calling: address and user agent, for sessions and devices. */
export function clientInfo(c: Context, deps: AppDeps): ClientInfo {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const ip = clientIp((name) => c.req.header(name), incoming?.socket?.remoteAddress, deps);
  return { ip, userAgent: (c.req.header('user-agent') ?? '').slice(0, 400) };
}

/** The caller's address: Cloudflare's word on Workers, the trusted proxy's, else the socket's. */
export function clientIp(
  header: (name: 'cf-connecting-ip' | 'x-forwarded-for') => string | undefined,
  remoteAddress: string | undefined,
  deps: Pick<AppDeps, 'config' | 'trustCloudflareIp'>,
): string {
  // The last X-Forwarded-For entry is the one the trusted proxy added; earlier ones are the client's word.
  const forwarded = deps.config.TRUST_PROXY ? header('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
  return (deps.trustCloudflareIp ? header('cf-connecting-ip') : undefined) ?? forwarded ?? remoteAddress ?? '';
}

/**
 * CSRF defence for every state-changing API call: a browser's request must come from this origin
 * (Origin header, or Sec-Fetch-Site when Origin is absent). Non-browser clients send neither. A
 * request carrying an API key (`Authorization: Bearer`) is exempt: it acts by the key alone, never
 * by a cookie the browser added (`authorize`), so another site cannot make it act for anyone.
 */
export const requireSameOrigin =
  (config: Pick<AppConfig, 'TRUST_PROXY' | 'SITE_URL'>): MiddlewareHandler =>
  async (c, next) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) return next();
    if (readBearer(c.req.header('authorization')) !== undefined) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    // The origin the request was made to (behind a proxy that terminates TLS the app sees http://host
    // while the browser says https://host): server/site-origin.ts, the one rule.
    const own = requestOrigin(c.req.raw, config);
    if ((origin && origin !== own) || (!origin && site && site !== 'same-origin' && site !== 'none')) {
      throw new AppError(403, 'api.crossOrigin');
    }
    return next();
  };

/** The headers a cross-origin call with an API key may send. */
const KEY_CORS_HEADERS = 'Authorization, Content-Type, Accept-Language, X-Locale, If-None-Match';

/**
 * Cross-origin calls for API keys only (issue 42): another origin's page may call the API with
 * `Authorization: Bearer <key>`, never with the browser's cookies. A preflight that asks for the
 * Authorization header is allowed for any origin, without credentials; a bearer request's answer
 * (refusals too) carries `Access-Control-Allow-Origin: *`, which browsers refuse to combine with
 * cookies. A request without a key gets no CORS header, so a cookie's answer stays unreadable to
 * other origins and its writes are refused by `requireSameOrigin`. The headless API
 * (`/api/public/*`) keeps its own CORS (public-api.ts).
 */
export const allowKeyCors: MiddlewareHandler = async (c, next) => {
  if (c.req.path.startsWith(PUBLIC_API_PREFIX)) return next();
  if (c.req.method === 'OPTIONS' && c.req.header('origin')) {
    const asked = (c.req.header('access-control-request-headers') ?? '').toLowerCase().split(',');
    if (!asked.some((name) => name.trim() === 'authorization')) return next();
    return c.body(null, 204, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
      'Access-Control-Allow-Headers': KEY_CORS_HEADERS,
      'Access-Control-Max-Age': '600',
    });
  }
  if (readBearer(c.req.header('authorization')) === undefined) return next();
  await next();
  c.res.headers.set('Access-Control-Allow-Origin', '*');
  c.res.headers.set('Access-Control-Expose-Headers', 'Retry-After, ETag, Content-Disposition');
};

export function readSessionCookie(c: Context) {
  return readCookie(c.req.header('cookie'), SESSION_COOKIE);
}

export function writeSessionCookie(c: Context, token: string, expires: Date) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: requestIsHttps(c),
    path: '/',
    expires,
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}

/**
 * The half-signed state between a correct password and the second factor (docs/security.md
 * "Two-factor sign-in"): its own cookie, sent only to the second step's routes.
 */
export const HALF_SIGNED_COOKIE = 'daftar_half_signed';
const HALF_SIGNED_PATH = '/api/auth/two-factor';

export function readHalfSignedCookie(c: Context) {
  return readCookie(c.req.header('cookie'), HALF_SIGNED_COOKIE);
}

export function writeHalfSignedCookie(c: Context, token: string, expires: Date) {
  setCookie(c, HALF_SIGNED_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: requestIsHttps(c),
    path: HALF_SIGNED_PATH,
    expires,
  });
}

export function clearHalfSignedCookie(c: Context) {
  deleteCookie(c, HALF_SIGNED_COOKIE, { path: HALF_SIGNED_PATH });
}

/** Work after the answer (a mail): `waitUntil` on Workers; on Node the process simply goes on. */
export function afterResponse(c: Context, task: Promise<unknown>, what = 'Mail') {
  const logged = task.catch((error: unknown) => console.error(`${what} failed:\n${errorForLog(error)}`));
  try {
    c.executionCtx.waitUntil(logged);
  } catch {
    // Node: no execution context; the promise runs on.
  }
}

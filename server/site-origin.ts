import { eq } from 'drizzle-orm';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { isMissingTableError } from './db/errors';
import { settings } from './db/schema';
import type { AppDeps, SiteState } from './deps';
import { AppError } from './errors';
import { isHttpsRequest } from './http/https';
import { SITE_ADDRESS_KEY } from './services/site';

/*
 * The site's public origin (docs/security.md "Where the site's addresses come from", F-41): the one
 * place that decides the address every link the server sends away starts with — mailed links
 * (reset, registration, e-mail confirmation, newsletter, notifications, invites), feeds, sitemaps,
 * JSON-LD and canonical links, the public API's HTML.
 *
 * 1. `SITE_URL`, when set;
 * 2. else the address recorded when the site was installed (the installer's own request, which
 *    needed the setup token; `settings.site_address`);
 * 3. else none: such a site (installed before the address was recorded, without `SITE_URL`) sends
 *    no mail with links, says so in the log and on the dashboard, and serves its pages and feeds
 *    with the address each reader asked for — an answer to that reader, never mailed or stored.
 *
 * A request's `Host` never chooses where a mailed link points: an anonymous attacker could
 * otherwise send a victim their own reset token on the attacker's host.
 *
 * Usage:
 *   const origin = await mailOrigin(deps, 'password reset');  // undefined: do not send
 *   const origin = await readerOrigin(deps, c.req.raw);        // a feed, an API answer
 *   const origin = pageOrigin(deps, state, request);           // a page loader (no query)
 */

/** `name`, `name:port`, `[v6]` or `[v6]:port`: nothing a URL could read as more than a host. */
const PLAIN_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function isPlainHost(value: string) {
  if (!PLAIN_HOST.test(value)) return false;
  const port = /:(\d+)$/.exec(value)?.[1];
  return port === undefined || Number(port) <= 65535;
}

type OriginDeps = { config: Pick<AppConfig, 'SITE_URL'>; db: Database };

/** An origin as links start with it: no trailing slash. */
function normalise(url: string) {
  return url.replace(/\/+$/, '');
}

/** Addresses recorded per database: set once at installation, never changed, so safe to keep. */
const recorded = new WeakMap<Database, string>();

/** The address recorded at installation, or undefined (a site installed before it was recorded). */
async function recordedAddress(db: Database): Promise<string | undefined> {
  const known = recorded.get(db);
  if (known) return known;
  try {
    const row = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SITE_ADDRESS_KEY)).get();
    const value = typeof row?.value === 'string' ? row.value : undefined;
    if (value) recorded.set(db, value);
    return value;
  } catch (error) {
    if (isMissingTableError(error)) return undefined;
    throw error;
  }
}

/** The site's public origin — `SITE_URL`, else the address recorded at installation — or undefined when it has neither. */
export async function siteAddress(deps: OriginDeps): Promise<string | undefined> {
  if (deps.config.SITE_URL) return normalise(deps.config.SITE_URL);
  const stored = await recordedAddress(deps.db);
  return stored ? normalise(stored) : undefined;
}

/**
 * The origin for links in a mail, or undefined — after one clear log line — when the site has no
 * address: the caller then sends nothing (`what` names the mail in the log).
 */
export async function mailOrigin(deps: OriginDeps, what: string): Promise<string | undefined> {
  const origin = await siteAddress(deps);
  if (!origin)
    console.warn(
      `Not sending the ${what} mail: this site has no public address for its links. Set SITE_URL to the address readers use (e.g. SITE_URL=https://example.com) and restart.`,
    );
  return origin;
}

/**
 * The origin a request was made to: the scheme by the one https rule (server/http/https.ts) and
 * the `Host`, or behind a trusted proxy (`TRUST_PROXY`) its `X-Forwarded-Host` (the last entry,
 * the one the proxy added). Recorded by the installer; compared by the CSRF check; never mailed.
 */
export function requestOrigin(request: Request, config: Pick<AppConfig, 'TRUST_PROXY' | 'SITE_URL'>): string {
  const url = new URL(request.url);
  const forwarded = config.TRUST_PROXY ? request.headers.get('x-forwarded-host')?.split(',').at(-1)?.trim() : undefined;
  // Only a plain host[:port] is taken; anything else leaves the request's own.
  const host = forwarded && isPlainHost(forwarded) ? forwarded.toLowerCase() : url.host;
  return `${isHttpsRequest(request, config) ? 'https:' : url.protocol}//${host}`;
}

/** For answers to the reader who asked (feeds, sitemaps, the public API): the site's address, else the request's own. */
export async function readerOrigin(deps: OriginDeps & { config: Pick<AppConfig, 'TRUST_PROXY'> }, request: Request) {
  return (await siteAddress(deps)) ?? requestOrigin(request, deps.config);
}

/** `readerOrigin` for a page, from the request state read once per request (no query of its own). */
export function pageOrigin(deps: Pick<AppDeps, 'config'>, state: Pick<SiteState, 'address'>, request: Request) {
  if (deps.config.SITE_URL) return normalise(deps.config.SITE_URL);
  return state.address ? normalise(state.address) : requestOrigin(request, deps.config);
}

/** The address the installer records: `SITE_URL` when set (the public one), else the origin of its own request. */
export function installationAddress(request: Request, config: Pick<AppConfig, 'TRUST_PROXY' | 'SITE_URL'>) {
  return config.SITE_URL ? normalise(config.SITE_URL) : requestOrigin(request, config);
}

/**
 * `mailOrigin` for a mail someone signed in is waiting for (a changed address, a newsletter issue):
 * refuses 409 in both languages when the site has no address, before anything changes.
 */
export async function requireMailOrigin(deps: OriginDeps, what: string): Promise<string> {
  const origin = await mailOrigin(deps, what);
  if (!origin) throw new AppError(409, 'api.siteAddressMissing');
  return origin;
}

import type { Context, MiddlewareHandler } from 'hono';
import { isbot } from 'isbot';
import { isLocale } from '../../common/locales';
import { isFilePath, RESERVED_FOLDERS } from '../../common/paths';
import type { Database } from '../db/database';
import { isClosedDatabaseError, isMissingTableError } from '../db/errors';
import type { AppDeps } from '../deps';
import { createViewWriter, type PageViewGroup, type PageViewHit, rollUpOldViews } from '../services/analytics';
import { answeredByPageCache } from './page-cache';
import { clientInfo } from './request';

type WaitUntil = (promise: Promise<unknown>) => void;

/** Collects page views and writes them off the request path (docs/analytics.md). */
export type PageViewRecorder = {
  /** With `waitUntil` (Workers) the view is written after the response; otherwise it joins the next batch. */
  record(hit: PageViewHit, waitUntil?: WaitUntil): void;
  /** Writes the waiting batch now (tests, shutdown). */
  flush(): Promise<void>;
};

function logFailure(error: unknown) {
  // Before installation there are no tables: the installer's screen is not a view. A batch that
  // comes due after the database closed (shutting down) is simply lost, as the docs say.
  if (!isMissingTableError(error) && !isClosedDatabaseError(error)) console.error('Recording page views failed:', error);
}

/**
 * What makes two views the same row but for their count: the second, the page, the referrer and the
 * visitor's identity. The path goes last, after a NUL no header value holds, so no two differ
 * only in where one field ends.
 */
const groupKey = (hit: PageViewHit) =>
  `${Math.floor(hit.at / 1000)}\n${hit.locale}\n${hit.referrer ?? ''}\n${hit.site}\n${hit.ip}\n${hit.userAgent}\u0000${hit.path}`;

/**
 * On Node views wait in memory and are written every `flushMs`; at most `maxQueue` wait, beyond
 * that views are dropped rather than memory grown. Repeated views (a reader reloading, a traffic
 * spike from a few browsers) are counted in one waiting entry per second, page, referrer and
 * visitor, so a busy cached page costs a map lookup and the batch hashes each visitor once. Old
 * raw views are rolled up at most once per `rollUpEveryMs`, after a flush. On Workers the isolate
 * may stop after the response, so each view is written through `waitUntil`, and the daily cron
 * rolls up.
 */
export function createPageViewRecorder(
  db: Database,
  { flushMs = 1000, maxQueue = 10_000, rollUpEveryMs = 3_600_000 } = {},
): PageViewRecorder {
  const write = createViewWriter(db);
  let waiting = new Map<string, PageViewGroup>();
  let waitingViews = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastRollUp = 0;

  async function flush() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = [...waiting.values()];
    waiting = new Map();
    waitingViews = 0;
    await write(batch).catch(logFailure);
    if (batch.length && Date.now() - lastRollUp > rollUpEveryMs) {
      lastRollUp = Date.now();
      await rollUpOldViews(db).catch(logFailure);
    }
  }

  return {
    record(hit, waitUntil) {
      if (waitUntil) {
        waitUntil(write([{ hit, views: 1 }]).catch(logFailure));
        return;
      }
      if (waitingViews >= maxQueue) return;
      waitingViews++;
      const key = groupKey(hit);
      const group = waiting.get(key);
      if (group) group.views++;
      else waiting.set(key, { hit, views: 1 });
      if (!timer) {
        timer = setTimeout(() => void flush(), flushMs);
        // Node: a waiting batch does not keep the process alive.
        (timer as { unref?: () => void }).unref?.();
      }
    },
    flush,
  };
}

/** Page addresses that are the product's, not readers' pages: dashboards, accounts, files, errors. */
const notPages = new Set<string>([...RESERVED_FOLDERS, '403']);

/** Only the page's host of a referrer, and none for the site's own links. */
function referrerHost(referer: string | undefined, ownHosts: string[]): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.toLowerCase().slice(0, 253);
    return !host || ownHosts.includes(host) ? null : host;
  } catch {
    return null;
  }
}

// A cached page may be asked for thousands of times a second by a handful of browsers: their user
// agents are checked against isbot's patterns once each, not on every request.
const botVerdicts = new Map<string, boolean>();
function isBotCached(userAgent: string): boolean {
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = isbot(userAgent);
    if (botVerdicts.size >= 1000) botVerdicts.clear();
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}

const siteHosts = new Map<string, string>();
function siteHost(siteUrl: string | undefined): string | undefined {
  if (!siteUrl) return undefined;
  let host = siteHosts.get(siteUrl);
  if (!host) {
    host = new URL(siteUrl).hostname;
    siteHosts.set(siteUrl, host);
  }
  return host;
}

const hostNames = new Map<string, string>();
/**
 * The path and host name of a request's URL. Request URLs are already normalised (WHATWG
 * serialisation), so the path is sliced rather than parsed again on every view, and the host name
 * is parsed once per origin.
 */
function urlParts(href: string): { pathname: string; hostname: string } {
  const start = href.indexOf('/', href.indexOf('//') + 2);
  if (start < 0) return new URL(href);
  let end = href.indexOf('?', start);
  const hash = href.indexOf('#', start);
  if (end < 0 || (hash >= 0 && hash < end)) end = hash < 0 ? href.length : hash;
  const origin = href.slice(0, start);
  let hostname = hostNames.get(origin);
  if (hostname === undefined) {
    hostname = new URL(origin).hostname;
    if (hostNames.size >= 100) hostNames.clear();
    hostNames.set(origin, hostname);
  }
  return { pathname: href.slice(start, end), hostname };
}

/**
 * The view a finished request stands for, or undefined: a successful GET of a public page under
 * a locale, as an HTML document (200, or 304 when the browser's copy is still current) or as
 * React Router's data request of a client-side navigation (`/fa/about.data`). Bots, prefetches,
 * private sections, files and errors are not views.
 */
export function pageViewOf(c: Context, deps: AppDeps): PageViewHit | undefined {
  if (c.req.method !== 'GET') return undefined;
  const url = urlParts(c.req.url);
  const isData = url.pathname.endsWith('.data');
  const pathname = isData ? url.pathname.replace(/\/_\.data$/, '/').replace(/\.data$/, '') : url.pathname;
  const status = c.res.status;
  if (isData) {
    if (status !== 200) return undefined;
  } else if (status === 304) {
    const document = c.req.header('sec-fetch-dest') === 'document' || c.req.header('accept')?.includes('text/html');
    if (!document) return undefined;
  } else if (status !== 200) return undefined;
  // The page cache answers HTML only; reading a stored response's headers would rebuild them.
  else if (!answeredByPageCache(c) && !c.res.headers.get('content-type')?.startsWith('text/html')) return undefined;
  const purpose = c.req.header('sec-purpose') ?? c.req.header('purpose') ?? '';
  if (purpose.includes('prefetch')) return undefined;
  if (isFilePath(pathname)) return undefined;
  const [, locale, ...rest] = pathname.split('/');
  if (!isLocale(locale)) return undefined;
  let path: string;
  try {
    path = rest.filter(Boolean).map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
  if (notPages.has(path.split('/')[0] ?? '')) return undefined;
  const userAgent = c.req.header('user-agent') ?? '';
  if (!userAgent || isBotCached(userAgent)) return undefined;
  const site = siteHost(deps.config.SITE_URL) ?? url.hostname;
  return {
    at: Date.now(),
    locale,
    path: path.slice(0, 500),
    referrer: referrerHost(c.req.header('referer'), [url.hostname, site]),
    site,
    ip: clientInfo(c, deps).ip,
    userAgent,
  };
}

/**
 * Registered before the page cache, so cached and rendered pages both count; it runs after the
 * response is made and only reads headers, so it never slows a page (no database call here).
 */
export function recordPageViews(deps: AppDeps, recorder: PageViewRecorder): MiddlewareHandler {
  // Whether the platform passes an execution context (Workers) is learnt once: Hono throws when
  // there is none (Node), and throwing on every request cost a cached page a third of its speed.
  let hasContext: boolean | undefined;
  return async (c, next) => {
    await next();
    const hit = pageViewOf(c, deps);
    if (!hit) return;
    let waitUntil: WaitUntil | undefined;
    if (hasContext !== false) {
      try {
        const ctx = c.executionCtx;
        waitUntil = ctx.waitUntil.bind(ctx);
        hasContext = true;
      } catch {
        hasContext = false;
      }
    }
    recorder.record(hit, waitUntil);
  };
}

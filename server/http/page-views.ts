import type { Context, MiddlewareHandler } from 'hono';
import { isbot } from 'isbot';
import { isLocale, type Locale } from '../../common/locales';
import { isFilePath, RESERVED_FOLDERS } from '../../common/paths';
import type { Database } from '../db/database';
import { isClosedDatabaseError, isDatabaseBusyError, isMissingTableError } from '../db/errors';
import type { AppDeps, PageViewRecorder, WaitUntil } from '../deps';
import { errorForLog } from '../errors';
import { createViewWriter, type PageViewGroup, type PageViewHit } from '../services/analytics';
import { answeredByPageCache, hostAndTarget } from './page-cache';
import { clientIp } from './request';

function logFailure(error: unknown) {
  // Before installation there are no tables: the installer's screen is not a view. A batch that
  // comes due after the database closed (shutting down) is simply lost, as the docs say.
  if (!isMissingTableError(error) && !isClosedDatabaseError(error))
    console.error(`Recording page views failed:\n${errorForLog(error)}`);
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
 * visitor, so a busy cached page costs a map lookup and the batch hashes each visitor once. A
 * clean stop writes what waits (`flush`). On Workers the isolate may stop after the response, so
 * each view is written through `waitUntil`. Old raw views are rolled up by a background job
 * (server/jobs) on both.
 */
export function createPageViewRecorder(db: Database, { flushMs = 1000, maxQueue = 10_000 } = {}): PageViewRecorder {
  const write = createViewWriter(db);
  let waiting = new Map<string, PageViewGroup>();
  let waitingViews = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function flush() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = [...waiting.values()];
    waiting = new Map();
    waitingViews = 0;
    await write(batch).catch((error) => {
      // Another process held the database past the wait (a backup, a long lock): the views wait
      // for the next flush instead of being lost (issue 35 F-6), within the queue's bound.
      if (isDatabaseBusyError(error)) for (const group of batch) keep(group.hit, group.views);
      else logFailure(error);
    });
  }

  /** Adds `views` views of `hit` to the waiting batch and makes sure a flush comes. */
  function keep(hit: PageViewHit, views: number) {
    if (waitingViews + views > maxQueue) return;
    waitingViews += views;
    const key = groupKey(hit);
    const group = waiting.get(key);
    if (group) group.views += views;
    else waiting.set(key, { hit, views });
    if (!timer) {
      timer = setTimeout(() => void flush(), flushMs);
      // Node: a waiting batch does not keep the process alive.
      (timer as { unref?: () => void }).unref?.();
    }
  }

  return {
    record(hit, waitUntil) {
      if (waitUntil) {
        waitUntil(write([{ hit, views: 1 }]).catch(logFailure));
        return;
      }
      keep(hit, 1);
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
export function isBotCached(userAgent: string): boolean {
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
/** The host name of a Host (no port), parsed once per host; undefined when it is not a host. */
function hostNameOf(host: string): string | undefined {
  let hostname = hostNames.get(host);
  if (hostname === undefined) {
    try {
      hostname = new URL(`http://${host}`).hostname;
    } catch {
      return undefined;
    }
    if (hostNames.size >= 100) hostNames.clear();
    hostNames.set(host, hostname);
  }
  return hostname;
}

const viewedPages = new Map<string, { locale: Locale; path: string } | null>();
/**
 * The locale and page a requested path stands for, or null for files, private sections and paths
 * outside a locale; remembered per path (a busy page is asked for thousands of times a second).
 */
function viewedPage(pathname: string): { locale: Locale; path: string } | null {
  let page = viewedPages.get(pathname);
  if (page !== undefined) return page;
  page = null;
  const [, locale, ...rest] = pathname.split('/');
  if (!isFilePath(pathname) && isLocale(locale)) {
    try {
      const path = rest.filter(Boolean).map(decodeURIComponent).join('/');
      if (!notPages.has(path.split('/')[0] ?? '')) page = { locale, path: path.slice(0, 500) };
    } catch {
      // A malformed escape is not a page.
    }
  }
  if (viewedPages.size >= 1000) viewedPages.clear();
  viewedPages.set(pathname, page);
  return page;
}

/** What a view is made of: a finished request, from Hono's context or Node's raw request (platforms/node/page-hits.ts). */
export type FinishedRequest = {
  method: string;
  /** The Host the request names. */
  host: string;
  /** The path and query as requested. */
  target: string;
  status: number;
  /** Whether the answer is an HTML document (asked only of a 200). */
  isHtml(): boolean;
  header(
    name:
      | 'sec-fetch-dest'
      | 'accept'
      | 'sec-purpose'
      | 'purpose'
      | 'user-agent'
      | 'referer'
      | 'cf-connecting-ip'
      | 'x-forwarded-for',
  ): string | undefined;
  remoteAddress: string | undefined;
};

/** A request handled by the app, as a `FinishedRequest`. */
function finishedRequestOf(c: Context): FinishedRequest {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return {
    method: c.req.method,
    ...hostAndTarget(c.req.url),
    status: c.res.status,
    // The page cache answers HTML only; reading a stored response's headers would rebuild them.
    isHtml: () => answeredByPageCache(c) || Boolean(c.res.headers.get('content-type')?.startsWith('text/html')),
    header: (name) => c.req.header(name),
    remoteAddress: incoming?.socket?.remoteAddress,
  };
}

/**
 * The view a finished request stands for, or undefined: a successful GET of a public page under
 * a locale, as an HTML document (200, or 304 when the browser's copy is still current) or as
 * React Router's data request of a client-side navigation (`/fa/about.data`). Bots, prefetches,
 * private sections, files and errors are not views.
 */
export function pageViewOf(request: FinishedRequest, deps: AppDeps): PageViewHit | undefined {
  if (request.method !== 'GET') return undefined;
  const target = request.target;
  let end = target.indexOf('?');
  const hash = target.indexOf('#');
  if (end < 0 || (hash >= 0 && hash < end)) end = hash < 0 ? target.length : hash;
  const requested = target.slice(0, end);
  const isData = requested.endsWith('.data');
  const pathname = isData ? requested.replace(/\/_\.data$/, '/').replace(/\.data$/, '') : requested;
  const status = request.status;
  if (isData) {
    if (status !== 200) return undefined;
  } else if (status === 304) {
    const document = request.header('sec-fetch-dest') === 'document' || request.header('accept')?.includes('text/html');
    if (!document) return undefined;
  } else if (status !== 200 || !request.isHtml()) return undefined;
  const purpose = request.header('sec-purpose') ?? request.header('purpose') ?? '';
  if (purpose.includes('prefetch')) return undefined;
  const page = viewedPage(pathname);
  if (!page) return undefined;
  const userAgent = request.header('user-agent') ?? '';
  if (!userAgent || isBotCached(userAgent)) return undefined;
  const hostname = hostNameOf(request.host);
  if (hostname === undefined) return undefined;
  const site = siteHost(deps.config.SITE_URL) ?? hostname;
  return {
    at: Date.now(),
    locale: page.locale,
    path: page.path,
    referrer: referrerHost(request.header('referer'), [hostname, site]),
    site,
    ip: clientIp(request.header, request.remoteAddress, deps),
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
    const hit = pageViewOf(finishedRequestOf(c), deps);
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

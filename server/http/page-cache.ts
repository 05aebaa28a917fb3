import { sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { readCookie } from '../../common/cookies';
import { isLocale } from '../../common/locales';
import { isFilePath, PRIVATE_SECTIONS } from '../../common/paths';
import { SESSION_COOKIE } from '../auth/sessions';
import type { Database } from '../db/database';
import { isMissingTableError } from '../db/errors';
import {
  type AppDeps,
  type CachedPage,
  PAGE_ENCODINGS,
  type PageCacheStore,
  type PageEncoder,
  type PageEncoding,
  type PageVariant,
} from '../deps';
import { errorForLog } from '../errors';
import { claimTimeLapsed } from '../jobs/leases';

/** gzip through the web-standard CompressionStream: works on every runtime (Workers included). */
export const gzipWithStreams: PageEncoder = async (html) => {
  const stream = new Blob([html]).stream().pipeThrough(new CompressionStream('gzip'));
  return { gzip: new Uint8Array(await new Response(stream).arrayBuffer()) };
};

/** A size-bounded LRU in memory: at most `maxEntries` pages and `maxBytes` of stored bytes. */
export function createMemoryPageCache({
  maxEntries = 1000,
  maxBytes = 64 * 1024 * 1024,
  encode,
  refine,
}: {
  maxEntries?: number;
  maxBytes?: number;
  encode?: PageEncoder;
  refine?: PageEncoder;
} = {}): PageCacheStore & {
  readonly size: number;
} {
  /** Each page with the count of moves to the end when it was last moved there. */
  const entries = new Map<string, { page: CachedPage; moved: number }>();
  let bytes = 0;
  // A hit moves its entry to the end only when it is in the older half (fewer than size/2 entries
  // were moved after it), where eviction could reach it: a page read thousands of times a second
  // costs a lookup, not a re-insert.
  let moves = 0;
  return {
    encode,
    refine,
    get size() {
      return entries.size;
    },
    get(key) {
      const entry = entries.get(key);
      if (entry && moves - entry.moved >= entries.size / 2) {
        entries.delete(key);
        entries.set(key, entry);
        entry.moved = ++moves;
      }
      return entry?.page;
    },
    set(key, page) {
      const old = entries.get(key);
      if (old) {
        bytes -= old.page.bytes;
        entries.delete(key);
      }
      entries.set(key, { page, moved: ++moves });
      bytes += page.bytes;
      for (const [oldest, value] of entries) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= value.page.bytes;
      }
    },
    clear() {
      entries.clear();
      bytes = 0;
      this.version = undefined;
    },
  };
}

/** What the cache reads of a request: the same from a web `Request` and from Node's raw request. */
export type PageRequest = {
  method: string;
  /** The Host the request names. */
  host: string;
  /** The path and query as requested (`/en/logs?page=2`). */
  target: string;
  header(name: 'cookie' | 'accept-encoding' | 'if-none-match'): string | undefined;
};

/**
 * The host and the path-and-query of a request URL. Request URLs are already serialised (lower-case
 * scheme and host), so they are sliced rather than parsed again on every request, cached pages included.
 */
export function hostAndTarget(href: string): { host: string; target: string } {
  const hostStart = href.indexOf('//') + 2;
  const start = href.indexOf('/', hostStart);
  return start < 0
    ? { host: href.slice(hostStart), target: '/' }
    : { host: href.slice(hostStart, start), target: href.slice(start) };
}

/** A web `Request` as a `PageRequest`. */
export function pageRequestOf(request: Request): PageRequest {
  return {
    method: request.method,
    ...hostAndTarget(request.url),
    header: (name) => request.headers.get(name) ?? undefined,
  };
}

/**
 * The server-made files of a locale cached like its pages (server/http/content.ts): they too
 * depend only on the build and the settings, and at 10 000 pages a sitemap or a feed takes tens
 * of milliseconds to make, so crawlers and feed readers polling them would otherwise each pay it.
 */
const CACHED_FILE = /^(?:sitemap(?:-[1-9][0-9]*)?|feed)\.xml$/;
/** A listing's own feed: `/{locale}/{tags|cats|authors}/{name}/feed.xml`. */
const LISTING_FEED = new Set(['tags', 'cats', 'authors']);
const isCachedFile = (segments: readonly string[]) =>
  (segments.length === 3 && CACHED_FILE.test(segments[2] ?? '')) ||
  (segments.length === 5 && LISTING_FEED.has(segments[2] ?? '') && segments[4] === 'feed.xml');
/** What a cached answer may be: a page or one of those files. */
const CACHED_TYPE = /^(?:text\/html|application\/(?:atom\+)?xml)\b/;

/**
 * The cache key of a public page request, or undefined when the request must not be cached:
 * not a GET, signed in (a session cookie), a private section, a file other than a locale's
 * sitemaps and feeds (its own, a tag's, a category's, an author's), or a query other than `page`.
 */
export function pageCacheKey(request: PageRequest, includeHost: boolean): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const target = request.target;
  // Without a query (nearly every hit) the path is the target; otherwise it is parsed, as a path
  // (a base URL would read `//host/…` as another host's).
  const plain = !target.includes('?') && !target.includes('#');
  const url = plain ? undefined : new URL(`http://x${target}`);
  const pathname = url ? url.pathname : target;
  const segments = pathname.split('/');
  if (!isLocale(segments[1])) return undefined;
  // Paths whose HTML depends on who asks (or may one day) are never cached.
  if ((PRIVATE_SECTIONS as readonly string[]).includes(segments[2] ?? '')) return undefined;
  if (isFilePath(pathname) && !isCachedFile(segments)) return undefined;
  if (readCookie(request.header('cookie'), SESSION_COOKIE) !== undefined) return undefined;
  if (url) for (const name of url.searchParams.keys()) if (name !== 'page') return undefined;
  const page = url?.searchParams.get('page');
  return `${includeHost ? request.host : ''}${pathname}${page ? `?page=${page}` : ''}`;
}

/**
 * What the cached HTML depends on: the content build and the site settings (names, menus…).
 * Undefined while the site is not installed (the installer's screens are never cached).
 */
export async function cacheVersion(db: Database): Promise<string | undefined> {
  try {
    const row = await db.get<{ build: string | null; settings: number | null; installed: number | null }>(
      sql`SELECT (SELECT id FROM content_builds ORDER BY created_at DESC LIMIT 1) AS build,
                 (SELECT max(updated_at) FROM settings) AS settings,
                 (SELECT 1 FROM settings WHERE key = 'installed_at') AS installed`,
    );
    if (!row?.installed) return undefined;
    return `${row.build ?? '-'}.${row.settings ?? 0}`;
  } catch (error) {
    // Not migrated yet: nothing to cache. Anything else is an outage: logged, and the page itself
    // answers it (503), uncached.
    if (!isMissingTableError(error)) console.error(`Reading the page cache version failed:\n${errorForLog(error)}`);
    return undefined;
  }
}

const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

async function etagOf(body: Uint8Array<ArrayBuffer>, version: string) {
  const digest = await crypto.subtle.digest('SHA-1', body);
  const hex = [...new Uint8Array(digest).slice(0, 10)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `"${version.replace(/[^\w.-]/g, '')}-${hex}"`;
}

/**
 * `'sha256-…'` sources for every inline script of a document (docs/decisions/0006): a cached page
 * is the same for every visitor, so its policy names its scripts by hash instead of by a nonce.
 */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '')) continue;
    // Data blocks (JSON-LD) are never run: the policy need not name them.
    if (/\stype\s*=\s*["']?application\/ld\+json/i.test(match[1] ?? '')) continue;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(match[2]));
    hashes.add(`'sha256-${base64(digest)}'`);
  }
  return [...hashes];
}

/**
 * Turns a freshly rendered page into the one every visitor gets: the per-request nonce is taken out
 * of the HTML (its attributes and the root data) and out of the policy, which lists the inline
 * scripts' hashes instead. A nonce repeated to every visitor would be public (F-08).
 */
export async function withoutNonce(html: string, csp: string | null): Promise<{ html: string; csp: string | null }> {
  const nonce = csp ? /'nonce-([^']+)'/.exec(csp)?.[1] : undefined;
  if (!csp || !nonce) return { html, csp };
  const shared = html.replaceAll(` nonce="${nonce}"`, '').replaceAll(nonce, '');
  const hashes = await inlineScriptHashes(shared);
  return { html: shared, csp: csp.replace(` 'nonce-${nonce}'`, hashes.map((hash) => ` ${hash}`).join('')) };
}

const CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const SUFFIX: Record<PageEncoding, string> = { br: '.br', gzip: '.gz', identity: '' };

/** Headers that belong to one response, never to the stored page. */
const PER_RESPONSE = new Set(['content-length', 'content-encoding', 'strict-transport-security', 'x-cache', 'vary', 'etag']);

/** Builds the stored page: the identity bytes, the encoder's variants, and each one's final headers. */
export async function cachedPage(
  html: Uint8Array<ArrayBuffer>,
  rendered: Headers,
  version: string,
  encode: PageEncoder = gzipWithStreams,
  previous?: CachedPage,
): Promise<CachedPage> {
  const etag = await etagOf(html, version);
  const common: Record<string, string> = {};
  for (const [name, value] of rendered) if (!PER_RESPONSE.has(name)) common[name] = value;
  common['cache-control'] = CACHE_CONTROL;
  const vary = rendered.get('vary');
  common.vary = vary && !/accept-encoding/i.test(vary) ? `${vary}, Accept-Encoding` : (vary ?? 'Accept-Encoding');
  const variant = (encoding: PageEncoding, body: Uint8Array<ArrayBuffer>): PageVariant => {
    const tag = etag.replace(/"$/, `${SUFFIX[encoding]}"`);
    const coding: Record<string, string> = encoding === 'identity' ? {} : { 'content-encoding': encoding };
    return {
      body,
      headers: { ...common, ...coding, etag: tag, 'content-length': String(body.byteLength), 'x-cache': 'HIT' },
      notModified: { etag: tag, 'cache-control': CACHE_CONTROL, vary: common.vary ?? 'Accept-Encoding' },
    };
  };
  // A refinement keeps the previous variants it does not redo.
  const encoded = { br: previous?.variants.br?.body, gzip: previous?.variants.gzip?.body, ...(await encode(html)) };
  const variants: CachedPage['variants'] = { identity: variant('identity', html) };
  let bytes = html.byteLength;
  for (const encoding of ['br', 'gzip'] as const) {
    const body = encoded[encoding];
    // An encoding that does not make the page smaller is not worth a Content-Encoding.
    if (body && body.byteLength < html.byteLength) {
      variants[encoding] = variant(encoding, body);
      bytes += body.byteLength;
    }
  }
  return { etag, variants, bytes };
}

const acceptedMemo = new Map<string, PageEncoding[]>();

/** The encodings a request accepts, best first (`Accept-Encoding`, q-values and `*` honoured). */
export function acceptedEncodings(header: string | undefined): PageEncoding[] {
  const key = header ?? '';
  const memo = acceptedMemo.get(key);
  if (memo) return memo;
  const q = new Map<string, number>();
  for (const part of key.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.find((p) => /^\s*q\s*=/.test(p));
    if (qParam === undefined) q.set(name, 1);
    // A malformed weight makes the whole entry unusable.
    else if (/^\s*q\s*=\s*(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/.test(qParam)) q.set(name, Number(qParam.split('=')[1]));
  }
  const weight = (encoding: PageEncoding) =>
    q.get(encoding) ??
    q.get('*') ??
    // Identity is always acceptable unless refused, but only as the last choice.
    (encoding === 'identity' ? 0.001 : encoding === 'gzip' ? (q.get('x-gzip') ?? 0) : 0);
  const accepted = PAGE_ENCODINGS.filter((encoding) => weight(encoding) > 0).sort((a, b) => weight(b) - weight(a));
  // A client refusing even identity still gets a page (RFC 9110 allows it rather than a 406).
  if (!accepted.includes('identity')) accepted.push('identity');
  // Browsers send a handful of distinct headers; the bound keeps odd clients from growing it.
  if (acceptedMemo.size > 100) acceptedMemo.clear();
  acceptedMemo.set(key, accepted);
  return accepted;
}

/** The variant of a page a request gets. */
export function pickVariant(page: CachedPage, acceptEncoding: string | undefined): PageVariant {
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const variant = page.variants[encoding];
    if (variant) return variant;
  }
  return page.variants.identity;
}

/** `If-None-Match` names this page, in any of its encodings (or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const base = etag.slice(0, -1);
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag || tag === `${base}.br"` || tag === `${base}.gz"`;
  });
}

/** What a stored page answers a request: 304 on a matching validator, else the chosen encoding (no body for HEAD). */
export function pageAnswer(
  page: CachedPage,
  request: Pick<PageRequest, 'method' | 'header'>,
): { status: 200 | 304; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> | null } {
  const variant = pickVariant(page, request.header('accept-encoding'));
  if (matches(request.header('if-none-match'), page.etag)) return { status: 304, headers: variant.notModified, body: null };
  return { status: 200, headers: variant.headers, body: request.method === 'HEAD' ? null : variant.body };
}

// `encodeBody: 'manual'` tells workerd the body is already encoded (node ignores it).
const sendAsIs = { encodeBody: 'manual' } as ResponseInit;

/** Answers a request from a stored page, as a web `Response`. */
export function servePage(page: CachedPage, request: Request): Response {
  const { status, headers, body } = pageAnswer(page, pageRequestOf(request));
  return new Response(body, { ...sendAsIs, status, headers });
}

/** How long a cache version read from the database is trusted before it is read again (ms). */
export const VERSION_TTL_MS = 1000;

/**
 * A hit that needs nothing awaited: the store answers at once (node: memory) and the version was
 * read within `versionTtlMs`. Undefined means the app answers: a miss, a stale or unknown version,
 * a request that is not cached. Node answers these hits before the app (platforms/node/page-hits.ts).
 */
export function immediateHit(
  store: PageCacheStore,
  request: PageRequest,
  includeHost: boolean,
  versionTtlMs = VERSION_TTL_MS,
): CachedPage | undefined {
  const version = store.version;
  if (!version || performance.now() - version.at >= versionTtlMs) return undefined;
  const key = pageCacheKey(request, includeHost);
  if (!key) return undefined;
  const hit = store.get(`${version.value}|${key}`);
  // A store that answers later (Workers: the Cache API) is the app's to await.
  return hit instanceof Promise ? undefined : hit;
}

type PageCacheEnv = { Variables: { pageCacheAnswered?: boolean } };

/**
 * Whether the page cache answered this request (a hit, or a miss it stored): the response is in its
 * final encoding, so the node server's compression leaves it alone.
 */
export const answeredByPageCache = (c: Context) => (c as Context<PageCacheEnv>).get('pageCacheAnswered') === true;

/**
 * Anonymous HTML cache (docs/content.md, "Caching"): public pages are cached per path, locale and
 * cache version (build + settings); a new build or a settings change gives a new key, so nothing
 * stale is served. A hit sends stored bytes in the encoding the client accepts, with no nonce
 * (inline scripts are allowed by hash, docs/decisions/0006).
 */
export function pageCache(deps: AppDeps, { versionTtlMs = VERSION_TTL_MS } = {}): MiddlewareHandler<PageCacheEnv> {
  const store = deps.pageCache;
  let lastVersion = '';
  return async (c, next) => {
    if (!store) return next();
    const key = pageCacheKey(pageRequestOf(c.req.raw), !deps.config.SITE_URL);
    if (!key) return next();
    const version = await currentVersion(deps.db, store, versionTtlMs);
    if (!version) return next();
    if (version !== lastVersion) {
      if (lastVersion) await store.clear();
      store.version = { value: version, at: performance.now() };
      lastVersion = version;
    }
    const fullKey = `${version}|${key}`;
    const hit = await store.get(fullKey);
    if (hit) {
      c.set('pageCacheAnswered', true);
      return servePage(hit, c.req.raw);
    }
    await next();
    const res = c.res;
    if (
      c.req.method !== 'GET' ||
      res.status !== 200 ||
      !CACHED_TYPE.test(res.headers.get('content-type') ?? '') ||
      res.headers.has('set-cookie') ||
      res.headers.has('content-encoding')
    )
      return;
    const shared = await withoutNonce(await res.text(), res.headers.get('content-security-policy'));
    const headers = new Headers(res.headers);
    if (shared.csp) headers.set('content-security-policy', shared.csp);
    const html = new TextEncoder().encode(shared.html);
    const page = await cachedPage(html, headers, version, store.encode);
    await store.set(fullKey, page);
    if (store.refine) {
      const refine = store.refine;
      // After this response: nobody waits for the slower encoder.
      setTimeout(() => {
        cachedPage(html, headers, version, refine, page)
          .then((better) => (store.version?.value === version ? store.set(fullKey, better) : undefined))
          .catch((error: unknown) => console.error('Compressing a cached page failed:', error));
      }, 0);
    }
    const response = servePage(page, c.req.raw);
    response.headers.set('x-cache', 'MISS');
    c.set('pageCacheAnswered', true);
    c.res = undefined;
    c.res = response;
  };
}

/**
 * The cache version for other answers cached like pages (the headless API, server/http/public-api.ts):
 * through the page store's memo when the platform has one, else straight from the database.
 */
export function contentVersion(deps: AppDeps, versionTtlMs = VERSION_TTL_MS): Promise<string | undefined> {
  return deps.pageCache ? currentVersion(deps.db, deps.pageCache, versionTtlMs) : cacheVersion(deps.db);
}

/**
 * The cache version: remembered for `versionTtlMs` in this process, then the shared one (if the
 * store has it and it is fresh), then the database. A sync in this process clears the store (and
 * so the memo) at once; a change made elsewhere is seen within the TTLs.
 */
async function currentVersion(db: Database, store: PageCacheStore, versionTtlMs: number) {
  // This process's memo is timed on the monotonic clock; the shared one, written by other
  // isolates, on the wall clock, not believed when it lies in the future (a clock stepped back).
  const now = performance.now();
  const wallNow = Date.now();
  if (store.version && now - store.version.at < versionTtlMs) return store.version.value;
  const shared = await store.sharedVersion?.get();
  if (shared && store.sharedVersion && !claimTimeLapsed(shared.at, store.sharedVersion.ttlMs, wallNow)) {
    store.version = { value: shared.value, at: now };
    return shared.value;
  }
  const value = await cacheVersion(db);
  if (!value) return undefined;
  store.version = { value, at: now };
  await store.sharedVersion?.set({ value, at: wallNow });
  return value;
}

import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { readCookie } from '../../common/cookies';
import { isLocale } from '../../common/locales';
import { isFilePath, PRIVATE_SECTIONS } from '../../common/paths';
import { SESSION_COOKIE } from '../auth/sessions';
import type { Database } from '../db/database';
import { isMissingTableError } from '../db/errors';
import type { AppDeps } from '../deps';

export type CachedPage = { body: Uint8Array<ArrayBuffer>; headers: [string, string][]; etag: string };

/** Where rendered anonymous pages are kept (node: process memory; see createMemoryPageCache). */
export interface PageCacheStore {
  get(key: string): CachedPage | undefined;
  set(key: string, page: CachedPage): void;
  /** Drops every entry (and the remembered version), e.g. after a sync in this process. */
  clear(): void;
  /** The last cache version read from the database and when (see pageCache's `versionTtlMs`). */
  version?: { value: string; at: number };
}

/** A size-bounded LRU in memory: at most `maxEntries` pages and `maxBytes` of HTML. */
export function createMemoryPageCache({ maxEntries = 1000, maxBytes = 64 * 1024 * 1024 } = {}): PageCacheStore & {
  readonly size: number;
} {
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  return {
    get size() {
      return entries.size;
    },
    get(key) {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key, page) {
      const old = entries.get(key);
      if (old) {
        bytes -= old.body.byteLength;
        entries.delete(key);
      }
      entries.set(key, page);
      bytes += page.body.byteLength;
      for (const [oldest, value] of entries) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= value.body.byteLength;
      }
    },
    clear() {
      entries.clear();
      bytes = 0;
      this.version = undefined;
    },
  };
}

/**
 * The cache key of a public page request, or undefined when the request must not be cached:
 * not a GET, signed in (a session cookie), a private section, a file, or a query other than `page`.
 */
export function pageCacheKey(request: Request, includeHost: boolean): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const url = new URL(request.url);
  const segments = url.pathname.split('/');
  if (!isLocale(segments[1])) return undefined;
  // Paths whose HTML depends on who asks (or may one day) are never cached.
  if ((PRIVATE_SECTIONS as readonly string[]).includes(segments[2] ?? '')) return undefined;
  if (isFilePath(url.pathname)) return undefined;
  if (readCookie(request.headers.get('cookie'), SESSION_COOKIE) !== undefined) return undefined;
  for (const name of url.searchParams.keys()) if (name !== 'page') return undefined;
  const page = url.searchParams.get('page');
  return `${includeHost ? url.host : ''}${url.pathname}${page ? `?page=${page}` : ''}`;
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
    if (!isMissingTableError(error)) console.error('Reading the page cache version failed:', error);
    return undefined;
  }
}

async function etagOf(body: Uint8Array<ArrayBuffer>, version: string) {
  const digest = await crypto.subtle.digest('SHA-1', body);
  const hex = [...new Uint8Array(digest).slice(0, 10)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `"${version.replace(/[^\w.-]/g, '')}-${hex}"`;
}

const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

function matches(ifNoneMatch: string | undefined, etag: string) {
  return Boolean(ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));
}

/**
 * Anonymous HTML cache (docs/architecture.md, "Performance"): public pages are cached per path, locale
 * and build id; a new build or a settings change gives a new key, so nothing stale is served.
 * Registered first in createApp, so a hit returns the stored page with the headers (CSP nonce
 * included) it was first sent with. The session is fetched after hydration, so a cached page
 * holds no one's state.
 */
export function pageCache(deps: AppDeps, { versionTtlMs = 1000 } = {}): MiddlewareHandler {
  const store = deps.pageCache;
  let lastVersion = '';
  return async (c, next) => {
    if (!store) return next();
    const key = pageCacheKey(c.req.raw, !deps.config.SITE_URL);
    if (!key) return next();
    // The version is re-read at most once per `versionTtlMs`; a sync in this process clears the
    // store (and this memo) at once, one in another process (the CLI) is seen within the TTL.
    const now = Date.now();
    let version = store.version && now - store.version.at < versionTtlMs ? store.version.value : undefined;
    if (!version) {
      version = await cacheVersion(deps.db);
      if (!version) return next();
      store.version = { value: version, at: now };
    }
    if (version !== lastVersion) {
      if (lastVersion) store.clear();
      store.version = { value: version, at: now };
      lastVersion = version;
    }
    const fullKey = `${version}|${key}`;
    const hit = store.get(fullKey);
    if (hit) {
      if (matches(c.req.header('if-none-match'), hit.etag))
        return new Response(null, { status: 304, headers: { ETag: hit.etag, 'Cache-Control': CACHE_CONTROL } });
      const headers = new Headers(hit.headers);
      headers.set('X-Cache', 'HIT');
      return new Response(c.req.method === 'HEAD' ? null : hit.body, { status: 200, headers });
    }
    await next();
    const res = c.res;
    if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('text/html') || res.headers.has('set-cookie')) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const etag = await etagOf(body, version);
    const headers = new Headers(res.headers);
    headers.set('ETag', etag);
    headers.set('Cache-Control', CACHE_CONTROL);
    headers.delete('content-length');
    store.set(fullKey, { body, headers: [...headers.entries()], etag });
    headers.set('X-Cache', 'MISS');
    if (matches(c.req.header('if-none-match'), etag)) {
      c.res = new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': CACHE_CONTROL } });
      return;
    }
    c.res = new Response(body, { status: 200, headers });
  };
}

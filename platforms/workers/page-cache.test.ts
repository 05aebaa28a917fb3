import { gunzipSync } from 'node:zlib';
import type { Client } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import * as schema from '../../server/db/schema';
import { createInstalledSite } from '../../tests/support/site';
import { createWorkersPageCache } from './page-cache';

/** The Cache API as workerd has it, in memory: entries keyed by URL, honouring `max-age`. */
function memoryCache() {
  const entries = new Map<string, { body: ArrayBuffer; headers: Headers; expires: number }>();
  const cache = {
    entries,
    async match(request: RequestInfo | URL) {
      const entry = entries.get(String(request));
      if (!entry || entry.expires < Date.now()) return undefined;
      return new Response(entry.body.slice(0), { headers: entry.headers });
    },
    async put(request: RequestInfo | URL, response: Response) {
      const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1] ?? 0);
      entries.set(String(request), {
        body: await response.arrayBuffer(),
        headers: response.headers,
        expires: Date.now() + maxAge * 1000,
      });
    },
    async delete(request: RequestInfo | URL) {
      return entries.delete(String(request));
    },
  };
  return cache as typeof cache & Cache;
}

/** A site whose every SQL statement is counted: on Workers each one is a D1 round trip. */
async function countingSite() {
  const site = await createInstalledSite({ SITE_URL: 'https://daftar.example' });
  const statements: string[] = [];
  const client = (site.deps.db as unknown as { $client: Client }).$client;
  const db = drizzle(client, { schema, logger: { logQuery: (query) => statements.push(query) } }) as unknown as Database;
  let renders = 0;
  /** A new isolate: its own app and store object, sharing only the data centre's cache. */
  const isolate = (cache: Cache) => {
    const pageCache = createWorkersPageCache(cache);
    pageCache.origin = 'https://daftar.example';
    return createApp({
      ...site.deps,
      db,
      pageCache,
      // Page views are another feature's writes; this test counts what serving a page costs.
      pageViews: { record() {}, flush: async () => {} },
      pageHandler: async (request) => {
        renders += 1;
        await db.run(sql`SELECT 1`);
        return new Response(`<p>${new URL(request.url).pathname} ${'words '.repeat(200)}</p>`, {
          headers: { 'Content-Type': 'text/html; charset=utf-8' },
        });
      },
    });
  };
  return { ...site, statements, isolate, renders: () => renders };
}

describe('Workers page cache (Cache API)', () => {
  it('answers a hit, even in a fresh isolate, without a single D1 query', async () => {
    const { statements, isolate, renders } = await countingSite();
    const cache = memoryCache();
    const first = isolate(cache);
    const miss = await first.request('https://daftar.example/en/about', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(miss.headers.get('x-cache')).toBe('MISS');
    expect(statements.length).toBeGreaterThan(0);
    expect(renders()).toBe(1);

    for (const app of [first, isolate(cache)]) {
      statements.length = 0;
      const hit = await app.request('https://daftar.example/en/about', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(hit.headers.get('x-cache')).toBe('HIT');
      // Workers store gzip (CompressionStream); Cloudflare passes it through as it is.
      expect(hit.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await hit.arrayBuffer())).toString()).toContain('/en/about words');
      const notModified = await app.request('https://daftar.example/en/about', {
        headers: { 'if-none-match': hit.headers.get('etag')! },
      });
      expect(notModified.status).toBe(304);
      expect(statements, statements.join('\n')).toEqual([]);
    }
    expect(renders()).toBe(1);
  });

  it('asks D1 again once the shared version is older than its TTL, and renders after a new build', async () => {
    const { statements, isolate, deps } = await countingSite();
    const cache = memoryCache();
    await isolate(cache).request('https://daftar.example/en/about');
    // Age the shared version: the next isolate must read the version from D1 (one statement).
    const versionKey = [...cache.entries.keys()].find((key) => key.endsWith('/version'))!;
    const stored = cache.entries.get(versionKey)!;
    const version = JSON.parse(new TextDecoder().decode(stored.body)) as { value: string; at: number };
    cache.entries.set(versionKey, { ...stored, body: new TextEncoder().encode(JSON.stringify({ ...version, at: 0 })).buffer });
    statements.length = 0;
    const hit = await isolate(cache).request('https://daftar.example/en/about');
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(statements).toHaveLength(1);

    // A new content build is a new version: the page is rendered again.
    await deps.db.run(
      sql`INSERT INTO content_builds (id, renderer_version, page_count, problems, created_at) VALUES ('b-new', 1, 0, '[]', 99999999999999)`,
    );
    cache.entries.delete(versionKey);
    expect((await isolate(cache).request('https://daftar.example/en/about')).headers.get('x-cache')).toBe('MISS');
  });

  it('keeps entries under the site’s own origin', async () => {
    const cache = memoryCache();
    const { isolate } = await countingSite();
    await isolate(cache).request('https://daftar.example/fa');
    expect([...cache.entries.keys()].every((key) => key.startsWith('https://daftar.example/__daftar/page-cache/'))).toBe(true);
  });
});

import type { CachedPage, PageCacheStore, PageEncoding, PageVariant } from '../../server/deps';

/** Where entries live in the zone's cache: a path of our own under the site's origin. */
const PREFIX = '/__daftar/page-cache/';

type StoredMeta = {
  etag: string;
  bytes: number;
  variants: Partial<Record<PageEncoding, Omit<PageVariant, 'body'> & { length: number }>>;
};

/** One cache entry per page: a length-prefixed JSON header, then every variant's bytes. */
function pack(page: CachedPage): Uint8Array<ArrayBuffer> {
  const variants = Object.entries(page.variants) as [PageEncoding, PageVariant][];
  const meta: StoredMeta = {
    etag: page.etag,
    bytes: page.bytes,
    variants: Object.fromEntries(
      variants.map(([e, v]) => [e, { headers: v.headers, notModified: v.notModified, length: v.body.byteLength }]),
    ),
  };
  const head = new TextEncoder().encode(JSON.stringify(meta));
  const out = new Uint8Array(4 + head.byteLength + variants.reduce((sum, [, v]) => sum + v.body.byteLength, 0));
  new DataView(out.buffer).setUint32(0, head.byteLength);
  out.set(head, 4);
  let offset = 4 + head.byteLength;
  for (const [, v] of variants) {
    out.set(v.body, offset);
    offset += v.body.byteLength;
  }
  return out;
}

function unpack(bytes: Uint8Array<ArrayBuffer>): CachedPage | undefined {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
  const meta = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length))) as StoredMeta;
  let offset = 4 + length;
  const variants: Partial<Record<PageEncoding, PageVariant>> = {};
  for (const [encoding, v] of Object.entries(meta.variants) as [PageEncoding, StoredMeta['variants'][PageEncoding]][]) {
    if (!v) continue;
    variants[encoding] = { headers: v.headers, notModified: v.notModified, body: bytes.slice(offset, offset + v.length) };
    offset += v.length;
  }
  if (!variants.identity) return undefined;
  return { etag: meta.etag, bytes: meta.bytes, variants: { ...variants, identity: variants.identity } };
}

/**
 * The Workers page cache: the Cache API of the data centre (`caches.default`), so a hit in any
 * isolate there is answered without D1. The cache version (build + settings) is kept there too for
 * `versionTtlMs`, so a fresh isolate does not query D1 for it either; a change made in another data
 * centre is therefore seen within that time. Entries of old versions are never read again and
 * expire after `ttlSeconds`. The Cache API does nothing on `*.workers.dev` addresses (Cloudflare
 * limits it to custom domains): there every page is rendered, as before.
 */
export function createWorkersPageCache(
  cache: Cache,
  { ttlSeconds = 86_400, versionTtlMs = 5_000 } = {},
): PageCacheStore & { origin: string } {
  const url = (origin: string, name: string) => `${origin}${PREFIX}${encodeURIComponent(name)}`;
  const versionUrl = (origin: string) => url(origin, 'version');
  return {
    /** The site's origin, set by the worker per request: cache keys must be on the zone's own host. */
    origin: 'https://daftar.invalid',
    async get(key) {
      const hit = await cache.match(url(this.origin, `page:${key}`));
      return hit ? unpack(new Uint8Array(await hit.arrayBuffer())) : undefined;
    },
    async set(key, page) {
      await cache.put(
        url(this.origin, `page:${key}`),
        new Response(pack(page), { headers: { 'cache-control': `public, max-age=${ttlSeconds}` } }),
      );
    },
    async clear() {
      this.version = undefined;
      // Callers do not always await this: a failure only means the version is re-read within its TTL.
      await cache.delete(versionUrl(this.origin)).catch(() => false);
    },
    get sharedVersion() {
      const origin = this.origin;
      return {
        ttlMs: versionTtlMs,
        async get() {
          const stored = await cache.match(versionUrl(origin));
          return stored ? ((await stored.json()) as { value: string; at: number }) : undefined;
        },
        async set(version: { value: string; at: number }) {
          const maxAge = Math.ceil(versionTtlMs / 1000);
          await cache.put(
            versionUrl(origin),
            Response.json(version, { headers: { 'cache-control': `public, max-age=${maxAge}` } }),
          );
        },
      };
    },
  };
}

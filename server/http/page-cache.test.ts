import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { nodePageEncoder, nodePageRefiner } from '../../platforms/node/page-encoding';
import { createInstalledSite } from '../../tests/support/site';
import { createApp } from '../app';
import type { CachedPage, PageCacheStore } from '../deps';
import { acceptedEncodings, createMemoryPageCache, inlineScriptHashes, pageCacheKey, pageRequestOf } from './page-cache';

const SITE = 'https://daftar.example';
const BROWSER = 'gzip, deflate, br, zstd';

/** A page with the inline scripts a real one has: the theme boot script and the router's context. */
function render(request: Request, nonce: string | undefined, renders: number) {
  const path = new URL(request.url).pathname;
  const words = 'A long paragraph of words that compress well. '.repeat(60);
  return `<!DOCTYPE html><html><head><script nonce="${nonce}">document.documentElement.dataset.theme="light"</script></head><body><p>${path} #${renders}</p><p>${words}</p><script nonce="${nonce}">window.__context={"nonce":"${nonce}","path":"${path}"}</script><script type="module" src="/assets/entry.js" nonce="${nonce}"></script></body></html>`;
}

async function site(store: PageCacheStore = createMemoryPageCache({ encode: nodePageEncoder })) {
  const installed = await createInstalledSite({ SITE_URL: SITE });
  let renders = 0;
  const nonces: (string | undefined)[] = [];
  const app = createApp({
    ...installed.deps,
    pageCache: store,
    pageHandler: async (request, { nonce }) => {
      renders += 1;
      nonces.push(nonce);
      return new Response(render(request, nonce, renders), { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    },
  });
  return { ...installed, app, nonces, store };
}

const get = (app: Awaited<ReturnType<typeof site>>['app'], path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers });

async function decoded(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString();
  if (encoding === 'gzip') return gunzipSync(bytes).toString();
  expect(encoding).toBeNull();
  return bytes.toString();
}

describe('page cache: encodings', () => {
  it('answers each hit in the encoding the client asked for, with the same page inside', async () => {
    const { app } = await site();
    const miss = await get(app, '/en/about', { 'accept-encoding': BROWSER });
    expect(miss.headers.get('x-cache')).toBe('MISS');
    expect(miss.headers.get('content-encoding')).toBe('br');
    const page = await decoded(miss);
    expect(page).toContain('/en/about #1');
    const cases: [string | undefined, string | null][] = [
      [BROWSER, 'br'],
      ['br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['GZIP', 'gzip'],
      ['br;q=0.5, gzip;q=0.8', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['*', 'br'],
      ['*;q=0, identity', null],
      ['deflate', null],
      ['identity', null],
      ['', null],
      [undefined, null],
      ['gzip;q=abc, ;;;, br;q=', null],
      ['gzip;q=0.001, br;q=2', 'gzip'],
    ];
    for (const [accept, encoding] of cases) {
      const hit = await get(app, '/en/about', accept === undefined ? {} : { 'accept-encoding': accept });
      expect(hit.headers.get('x-cache'), String(accept)).toBe('HIT');
      expect(hit.headers.get('content-encoding'), String(accept)).toBe(encoding);
      expect(hit.headers.get('vary')).toContain('Accept-Encoding');
      expect(Number(hit.headers.get('content-length'))).toBeGreaterThan(0);
      expect(await decoded(hit)).toBe(page);
    }
  });

  it('stores only encodings that make the page smaller, and compressed ones are much smaller', async () => {
    const { app } = await site();
    await get(app, '/en/about');
    const sizes = Object.fromEntries(
      await Promise.all(
        ['br', 'gzip', 'identity'].map(async (e) => [
          e,
          (await (await get(app, '/en/about', { 'accept-encoding': e })).arrayBuffer()).byteLength,
        ]),
      ),
    );
    expect(sizes.br).toBeLessThan(sizes.identity / 5);
    expect(sizes.gzip).toBeLessThan(sizes.identity / 5);
  });

  it('answers 304 to a matching If-None-Match in any encoding, and 200 to a stale one', async () => {
    const { app } = await site();
    const first = await get(app, '/en/about', { 'accept-encoding': 'gzip' });
    const gzipTag = first.headers.get('etag')!;
    const identityTag = (await get(app, '/en/about')).headers.get('etag')!;
    const brTag = (await get(app, '/en/about', { 'accept-encoding': 'br' })).headers.get('etag')!;
    // Different bytes, different strong validators (RFC 9110 §8.8.3).
    expect(new Set([gzipTag, identityTag, brTag]).size).toBe(3);
    for (const tag of [gzipTag, identityTag, brTag, `W/${brTag}`, `"nope", ${identityTag}`, '*']) {
      const response = await get(app, '/en/about', { 'accept-encoding': 'br', 'if-none-match': tag });
      expect(response.status, tag).toBe(304);
      expect(response.headers.get('etag')).toBe(brTag);
      expect(await response.text()).toBe('');
    }
    for (const tag of ['"nope"', identityTag.replace(/.$/, 'x"'), '', identityTag.slice(0, -1)])
      expect((await get(app, '/en/about', { 'if-none-match': tag })).status, tag).toBe(200);
  });

  it('answers HEAD from the cache without a body', async () => {
    const { app } = await site();
    await get(app, '/en/about');
    const head = await app.request('/en/about', { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-cache')).toBe('HIT');
    expect(head.headers.get('content-encoding')).toBe('gzip');
    expect(await head.text()).toBe('');
  });

  it('replaces brotli with a smaller copy after the first response', async () => {
    const store = createMemoryPageCache({ encode: nodePageEncoder, refine: nodePageRefiner });
    const { app } = await site(store);
    const fast = (await (await get(app, '/en/about', { 'accept-encoding': 'br' })).arrayBuffer()).byteLength;
    await expect
      .poll(async () => (await (await get(app, '/en/about', { 'accept-encoding': 'br' })).arrayBuffer()).byteLength)
      .toBeLessThan(fast);
  });
});

describe('page cache: CSP (F-08)', () => {
  it('gives cached pages no nonce: their inline scripts are allowed by hash', async () => {
    const { app, nonces } = await site();
    const miss = await get(app, '/en/about');
    const hit = await get(app, '/en/about');
    const html = await hit.text();
    const csp = hit.headers.get('content-security-policy')!;
    expect(miss.headers.get('content-security-policy')).toBe(csp);
    // The nonce it was rendered with is nowhere: not in the policy, attributes or the page's data.
    expect(nonces[0]).toBeTruthy();
    expect(csp).not.toContain('nonce');
    expect(html).not.toContain(nonces[0]);
    expect(html).not.toContain('nonce=');
    expect(html).toContain('window.__context={"nonce":"","path":"/en/about"}');
    const hashes = await inlineScriptHashes(html);
    expect(hashes).toHaveLength(2);
    for (const hash of hashes) expect(csp).toContain(hash);
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+' 'sha256-[^']+' https:\/\/challenges\.cloudflare\.com;/);
  });

  it('still gives every uncached response its own nonce', async () => {
    const { app, cookies } = await site();
    const a = await get(app, '/en/about', { cookie: cookies.member });
    const b = await get(app, '/en/about', { cookie: cookies.member });
    const nonceOf = (r: Response) => /'nonce-([^']+)'/.exec(r.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonceOf(a)).toBeTruthy();
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    expect(await a.text()).toContain(`nonce="${nonceOf(a)}"`);
  });

  it('hashes exactly what a browser hashes: the text between the tags, never external scripts', async () => {
    // sha256("alert(1)") and sha256("") in base64, as `openssl dgst -sha256 -binary | base64` prints them.
    expect(await inlineScriptHashes('<script>alert(1)</script>')).toEqual([
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
    ]);
    expect(await inlineScriptHashes('<SCRIPT type="module"></SCRIPT>')).toEqual([
      "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
    ]);
    expect(await inlineScriptHashes('<script src="/a.js"></script><script async src=/b.js></script>')).toEqual([]);
  });
});

describe('page cache: storage', () => {
  it('keys a request the same whether its URL is sliced (no query) or parsed', () => {
    const key = (url: string, init?: RequestInit) => pageCacheKey(pageRequestOf(new Request(url, init)), true);
    expect(key('http://Daftar.Example:8080/en/logs/hello')).toBe('daftar.example:8080/en/logs/hello');
    expect(key('http://daftar.example/en/logs/hello?page=2')).toBe('daftar.example/en/logs/hello?page=2');
    expect(key('http://daftar.example/en/logs?')).toBe('daftar.example/en/logs');
    expect(key('http://daftar.example/en/logs#top')).toBe('daftar.example/en/logs');
    // A path that starts with two slashes is still a path, never another host's page.
    expect(key('http://daftar.example//evil.example/en/about?page=2')).toBeUndefined();
    expect(key('http://daftar.example/en/a/../fa%20b/caf%C3%A9')).toBe('daftar.example/en/fa%20b/caf%C3%A9');
    expect(key('http://daftar.example/fa/سلام')).toBe('daftar.example/fa/%D8%B3%D9%84%D8%A7%D9%85');
    expect(pageCacheKey(pageRequestOf(new Request('http://daftar.example/en/about')), false)).toBe('/en/about');
    // A locale's sitemaps and feeds (its own, a tag's, a category's, an author's) are cached like its pages; no other file is.
    for (const file of [
      'feed.xml',
      'sitemap.xml',
      'sitemap-2.xml',
      'sitemap-10.xml',
      'tags/a/feed.xml',
      'cats/notes/feed.xml',
      'authors/owner/feed.xml',
    ])
      expect(key(`http://daftar.example/fa/${file}`), file).toBe(`daftar.example/fa/${file}`);
    for (const uncached of [
      'http://daftar.example/en/logs?utm=x',
      'http://daftar.example/en/manage',
      'http://daftar.example/en/feed.xml?utm=x',
      'http://daftar.example/sitemap.xml',
      'http://daftar.example/en/sitemap-0.xml',
      'http://daftar.example/en/sitemap-02.xml',
      'http://daftar.example/en/feed.xml.bak',
      'http://daftar.example/en/logs/feed.xml',
      'http://daftar.example/en/favicon.ico',
      'http://daftar.example/en/manage/feed.xml',
      'http://daftar.example/en/cats/notes/feed.xml?utm=x',
      'http://daftar.example/en/cats/notes/sitemap.xml',
      'http://daftar.example/en/cats/notes/x/feed.xml',
      'http://daftar.example/en/manage/x/feed.xml',
      'http://daftar.example/en/logs/x/feed.xml',
      'http://daftar.example/about',
    ])
      expect(key(uncached), uncached).toBeUndefined();
    expect(key('http://daftar.example/en/about', { headers: { cookie: 'daftar_session=x' } })).toBeUndefined();
    expect(key('http://daftar.example/en/about', { method: 'POST' })).toBeUndefined();
  });

  it('parses Accept-Encoding with q-values, wildcards and junk', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip', 'identity']);
    expect(acceptedEncodings('identity;q=0')).toEqual(['identity']);
    expect(acceptedEncodings('br;q=0.1, gzip;q=0.9, identity;q=0.5')).toEqual(['gzip', 'identity', 'br']);
    expect(acceptedEncodings('x-gzip')).toEqual(['gzip', 'identity']);
    expect(acceptedEncodings(',,;q=1,\u0000br')).toEqual(['identity']);
    expect(acceptedEncodings(`${'a,'.repeat(10_000)}br`)).toEqual(['br', 'identity']);
  });

  it('evicts the least recently read page first, also when pages are read many times between stores', () => {
    const store = createMemoryPageCache({ maxEntries: 2 });
    const page = (n: number) => ({ etag: `"${n}"`, variants: {}, bytes: 1 }) as unknown as CachedPage;
    store.set('a', page(1));
    store.set('b', page(2));
    for (let i = 0; i < 3; i++) expect(store.get('a')).toBeDefined();
    store.set('c', page(3));
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    // c was read after a, so a goes next.
    expect(store.get('c')).toBeDefined();
    store.set('d', page(4));
    expect([store.get('a'), store.get('c') !== undefined, store.get('d') !== undefined]).toEqual([undefined, true, true]);
  });

  it('bounds the memory store by stored bytes, oldest first', async () => {
    const store = createMemoryPageCache({ maxBytes: 6000, encode: nodePageEncoder });
    const { app } = await site(store);
    for (const path of ['/en/about', '/fa/about', '/en/logs', '/fa/logs']) await get(app, path);
    expect(store.size).toBeLessThan(4);
    expect((await get(app, '/fa/logs')).headers.get('x-cache')).toBe('HIT');
    expect((await get(app, '/en/about')).headers.get('x-cache')).toBe('MISS');
  });
});

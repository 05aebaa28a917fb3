import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { createMemoryPageCache } from '../../server/http/page-cache';
import type { PageViewHit } from '../../server/services/analytics';
import { createInstalledSite } from '../../tests/support/site';
import { nodePageEncoder } from './page-encoding';
import { answerPageHits } from './page-hits';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/**
 * The node server as platforms/node/server.ts builds it, on a free port: the app (pages rendered by
 * a stand-in handler) behind `answerPageHits`. `appRequests` counts what reached the app.
 */
async function nodeSite(env: Record<string, string> = {}) {
  const installed = await createInstalledSite(env);
  const views: PageViewHit[] = [];
  const pageViews = { record: (hit: PageViewHit) => void views.push(hit), flush: async () => {} };
  const store = createMemoryPageCache({ encode: nodePageEncoder });
  const deps = { ...installed.deps, pageCache: store, pageViews };
  let renders = 0;
  const app = createApp({
    ...deps,
    pageHandler: async (request) => {
      renders += 1;
      const words = 'Words that compress well. '.repeat(80);
      const html = `<!DOCTYPE html><html><body><p>${new URL(request.url).pathname} #${renders}</p><p>${words}</p></body></html>`;
      return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    },
  });
  const appListener = getRequestListener(app.fetch);
  let appRequests = 0;
  const counted = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    appRequests += 1;
    return appListener(incoming, outgoing);
  };
  const server = createServer(answerPageHits(deps, pageViews, counted));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    store,
    views,
    get appRequests() {
      return appRequests;
    },
    get renders() {
      return renders;
    },
  };
}

type RawAnswer = { status: number; headers: Record<string, string>; body: Buffer };

/** Sends bytes exactly as written (no client normalises the target or the Host) and reads one answer. */
function raw(port: number, head: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      let body = all.subarray(split + 4);
      // The app's own answers may be chunked; these tests read only the status and headers of those.
      if (headers['transfer-encoding'] === 'chunked') body = Buffer.alloc(0);
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

const get = (port: number, target: string, headers: Record<string, string> = {}, method = 'GET') =>
  raw(
    port,
    [
      `${method} ${target} HTTP/1.1`,
      ...Object.entries({ host: `127.0.0.1:${port}`, ...headers }).map(([k, v]) => `${k}: ${v}`),
    ].join('\r\n'),
  );

describe('node: page-cache hits before the app', () => {
  it('answers a hit without the app, in the encoding asked for, with 304 on a matching ETag and no body for HEAD', async () => {
    const site = await nodeSite();
    const miss = await get(site.port, '/en/about', { 'accept-encoding': 'gzip, deflate, br' });
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(site.appRequests).toBe(1);

    const hit = await get(site.port, '/en/about', { 'accept-encoding': 'gzip, deflate, br' });
    expect(site.appRequests).toBe(1);
    expect(hit.status).toBe(200);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['content-encoding']).toBe('br');
    expect(hit.headers.vary).toContain('Accept-Encoding');
    expect(hit.headers['content-security-policy']).toContain("default-src 'self'");
    expect(Number(hit.headers['content-length'])).toBe(hit.body.byteLength);
    expect(brotliDecompressSync(hit.body).toString()).toContain('/en/about #1');

    const identity = await get(site.port, '/en/about');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toContain('/en/about #1');
    const gzip = await get(site.port, '/en/about', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const etag = hit.headers.etag ?? '';
    const notModified = await get(site.port, '/en/about', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.byteLength).toBe(0);

    const head = await get(site.port, '/en/about', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(hit.headers['content-length']);
    expect(head.body.byteLength).toBe(0);

    expect(site.appRequests).toBe(1);
    expect(site.renders).toBe(1);
  });

  it('counts a hit as a page view like the app does, and not a bot, a prefetch or a 304 fetched by a script', async () => {
    const site = await nodeSite();
    await get(site.port, '/fa/about', { 'user-agent': CHROME });
    await get(site.port, '/fa/about', { 'user-agent': CHROME, referer: 'https://news.example/item' });
    await get(site.port, '/fa/about', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    await get(site.port, '/fa/about', { 'user-agent': CHROME, 'sec-purpose': 'prefetch' });
    const etag = (await get(site.port, '/fa/about')).headers.etag ?? '';
    await get(site.port, '/fa/about', { 'user-agent': CHROME, 'if-none-match': etag });
    await get(site.port, '/fa/about', { 'user-agent': CHROME, 'if-none-match': etag, 'sec-fetch-dest': 'document' });
    expect(site.appRequests).toBe(1);
    expect(site.views.map((view) => [view.locale, view.path, view.referrer, view.ip])).toEqual([
      ['fa', 'about', null, '127.0.0.1'],
      ['fa', 'about', 'news.example', '127.0.0.1'],
      ['fa', 'about', null, '127.0.0.1'],
    ]);
  });

  it('sends HSTS on a hit exactly when the request is https, by the app rule', async () => {
    const site = await nodeSite({ SITE_URL: 'https://daftar.example', TRUST_PROXY: 'true' });
    const host = { host: 'daftar.example' };
    await get(site.port, '/en/about', host);
    const hit = await get(site.port, '/en/about', host);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['strict-transport-security']).toContain('max-age=');
    // The page was first rendered for https: stored pages never keep HSTS, so nothing leaks to http.
    const proxied = await get(site.port, '/en/about', { host: 'daftar.example', 'x-forwarded-proto': 'https, http' });
    expect(proxied.headers['x-cache']).toBe('HIT');
    expect(site.appRequests).toBe(1);
    // Another host than SITE_URL's goes to the app (which warns about it once).
    const other = await get(site.port, '/en/about', { host: `127.0.0.1:${site.port}` });
    expect(other.headers['strict-transport-security']).toBeUndefined();
    expect(site.appRequests).toBe(2);
  });

  it('leaves to the app every target or host whose parsed form could differ from its raw form, and signed-in readers', async () => {
    const site = await nodeSite();
    const warm = await get(site.port, '/en/about');
    expect(warm.headers['x-cache']).toBe('MISS');
    const hostile: [string, Record<string, string>?][] = [
      ['/en/./about'],
      ['/en/x/../about'],
      ['/en/%2e%2e/en/about'],
      ['/en/%2E/about'],
      ['//en/about'],
      ['/en//about'],
      ['/en/about?utm=x'],
      ['/en/about#top'],
      ['/en\\about'],
      [`http://127.0.0.1/en/about`],
      ['/en/about', { cookie: 'daftar_session=abc' }],
      ['/en/about', { host: 'evil.example/en' }],
      ['/en/about', { host: '127.0.0.1@evil.example' }],
    ];
    let expected = 1;
    for (const [target, headers] of hostile) {
      await get(site.port, target, headers);
      expected += 1;
      expect(site.appRequests, target).toBe(expected);
    }
    // A POST is never a hit.
    await raw(site.port, `POST /en/about HTTP/1.1\r\nhost: 127.0.0.1:${site.port}\r\ncontent-length: 0`);
    expect(site.appRequests).toBe(expected + 1);
  });

  it('keys a percent-encoded path by its raw form on both paths, so it never gets the page of the path it decodes to', async () => {
    const site = await nodeSite();
    await get(site.port, '/en/about');
    const encoded = await get(site.port, '/en/%61bout');
    expect(encoded.headers['x-cache']).toBe('MISS');
    expect(site.appRequests).toBe(2);
    const again = await get(site.port, '/en/%61bout');
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.body.toString()).toContain('/en/%61bout #2');
    expect(site.appRequests).toBe(2);
  });

  it('hands a hit it fails to send to the app and keeps serving', async () => {
    const site = await nodeSite();
    await get(site.port, '/en/about');
    // A stored header Node refuses to write: the fast path throws before sending anything.
    const page = site.store.get(`${site.store.version?.value}|127.0.0.1:${site.port}/en/about`);
    expect(page).toBeDefined();
    if (page && !(page instanceof Promise)) page.variants.identity.headers['x-broken'] = 'a\r\nb';
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const answer = await get(site.port, '/en/about');
      expect(answer.status).toBeGreaterThanOrEqual(200);
      expect(site.appRequests).toBe(2);
      expect(errors).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
    expect((await get(site.port, '/fa/about')).status).toBe(200);
  });

  it('goes to the app once the remembered cache version is older than its TTL, which reads it again', async () => {
    const site = await nodeSite();
    await get(site.port, '/en/about');
    await get(site.port, '/en/about');
    expect(site.appRequests).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const afterTtl = await get(site.port, '/en/about');
    expect(afterTtl.headers['x-cache']).toBe('HIT');
    expect(site.appRequests).toBe(2);
    await get(site.port, '/en/about');
    expect(site.appRequests).toBe(2);
  });
});

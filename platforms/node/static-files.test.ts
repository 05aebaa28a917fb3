import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { STATIC_CACHE, serveClientFiles } from './static-files';

const dir = mkdtempSync(path.join(tmpdir(), 'daftar-static-'));
mkdirSync(path.join(dir, 'assets'));
writeFileSync(path.join(dir, 'assets', 'entry-abc123.js'), 'export {};');
writeFileSync(path.join(dir, 'favicon.ico'), 'icon');
const css = 'body { color: red }\n'.repeat(100);
writeFileSync(path.join(dir, 'assets', 'app-x1.css'), css);
writeFileSync(path.join(dir, 'assets', 'app-x1.css.br'), brotliCompressSync(css));
writeFileSync(path.join(dir, 'assets', 'app-x1.css.gz'), gzipSync(css));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function server() {
  const app = new Hono();
  serveClientFiles(app, path.relative(process.cwd(), dir));
  app.get('*', (c) => c.text('from the app'));
  return app;
}

describe('static files on the node target (F-16)', () => {
  it('sends hashed assets with nosniff and a year of caching', async () => {
    const response = await server().request('/assets/entry-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe(STATIC_CACHE.assets);
  });

  it('sends the other files with nosniff too', async () => {
    const response = await server().request('/favicon.ico');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe(STATIC_CACHE.other);
  });

  it('leaves other paths to the app', async () => {
    expect(await (await server().request('/en/about')).text()).toBe('from the app');
    // Only files that exist at start are served: the pre-compressed copies themselves and paths
    // outside the folder go to the app.
    for (const path of [
      '/assets/app-x1.css.br',
      '/assets/app-x1.css%00',
      '/ASSETS/app-x1.css',
      '/assets/app-x1.css/',
      '/assets/nope.js',
    ])
      expect(await (await server().request(path)).text(), path).toBe('from the app');
    expect((await server().request('/assets/app-x1.css', { method: 'POST' })).status).toBe(404);
  });

  it("sends the build's pre-compressed copy the client accepts, with Vary and an ETag per encoding", async () => {
    const app = server();
    const tags = new Set<string>();
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['', null],
    ] as const) {
      const response = await app.request('/assets/app-x1.css', { headers: { 'accept-encoding': accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('content-type')).toContain('text/css');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
      tags.add(response.headers.get('etag')!);
      const again = await app.request('/assets/app-x1.css', {
        headers: { 'accept-encoding': accept, 'if-none-match': response.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
    }
    expect(tags.size).toBe(3);
    // A file without copies is sent as it is, without Vary.
    const icon = await app.request('/favicon.ico', { headers: { 'accept-encoding': 'br' } });
    expect(icon.headers.get('content-encoding')).toBeNull();
    expect(icon.headers.get('vary')).toBeNull();
  });
});

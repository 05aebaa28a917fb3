import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { STATIC_CACHE, serveClientFiles } from './static-files';

const dir = mkdtempSync(path.join(tmpdir(), 'daftar-static-'));
mkdirSync(path.join(dir, 'assets'));
writeFileSync(path.join(dir, 'assets', 'entry-abc123.js'), 'export {};');
writeFileSync(path.join(dir, 'favicon.ico'), 'icon');
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
  });
});

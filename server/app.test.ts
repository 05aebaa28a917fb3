import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDeps } from '../tests/support/deps';
import { createApp } from './app';

describe('app', () => {
  let deps: Awaited<ReturnType<typeof createTestDeps>>['deps'];
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    ({ deps } = await createTestDeps({ migrate: true }));
    app = createApp(deps);
  });

  it('answers the health check', async () => {
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await app.request('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, message: 'API route not found: /api/nothing-here' });
  });

  it.each([
    ['/', 'en-US,en;q=0.9', undefined, '/en'],
    ['/', 'fa-IR,fa', undefined, '/fa'],
    ['/', 'de', undefined, '/fa'],
    ['/about?x=1', 'fa', 'locale=en', '/en/about?x=1'],
    ['/logs/hello', undefined, undefined, '/fa/logs/hello'],
  ])('redirects %s (Accept-Language %s, cookie %s) to %s', async (path, acceptLanguage, cookie, target) => {
    const headers: Record<string, string> = {};
    if (acceptLanguage) headers['accept-language'] = acceptLanguage;
    if (cookie) headers.cookie = cookie;
    const response = await app.request(path, { headers });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(target);
    expect(response.headers.get('vary')).toContain('Accept-Language');
  });

  it.each([
    ['/FA', '/fa'],
    ['/En/logs?page=2', '/en/logs?page=2'],
    ['/fA/about', '/fa/about'],
  ])('treats the locale prefix of %s case-insensitively (%s)', async (path, target) => {
    const response = await app.request(path, { headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(target);
  });

  it('sets security headers with a per-response script nonce', async () => {
    const first = (await app.request('/api/health')).headers.get('content-security-policy');
    const second = (await app.request('/api/health')).headers.get('content-security-policy');
    expect(first).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(first).toContain("frame-ancestors 'none'");
    expect(first).not.toBe(second);
  });

  it('reports 503 when the database is gone', async () => {
    const brokenApp = createApp({
      ...deps,
      db: { ...deps.db, run: () => Promise.reject(new Error('closed')) } as unknown as typeof deps.db,
    });
    const response = await brokenApp.request('/api/health');
    expect(response.status).toBe(503);
  });
});

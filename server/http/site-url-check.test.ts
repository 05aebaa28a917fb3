import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { siteUrlStartupWarnings, warnOnSiteHostMismatch } from './site-url-check';

function appWith(config: Parameters<typeof warnOnSiteHostMismatch>[0]) {
  const warnings: string[] = [];
  const app = new Hono();
  app.use(warnOnSiteHostMismatch(config, (message) => warnings.push(message)));
  app.get('*', (c) => c.text('ok'));
  return { app, warnings };
}

describe('the site address check', () => {
  it('warns once in production when the site is reached on another host than SITE_URL', async () => {
    const { app, warnings } = appWith({ NODE_ENV: 'production', SITE_URL: 'https://daftar.example' });
    await app.request('https://daftar.example/en');
    expect(warnings).toEqual([]);
    await app.request('http://192.0.2.7:3000/en');
    await app.request('http://192.0.2.7:3000/fa');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('192.0.2.7:3000');
    expect(warnings[0]).toContain('daftar.example');
  });

  it('says nothing in development, or without SITE_URL (start-up warns about that instead)', async () => {
    for (const config of [
      { NODE_ENV: 'development' as const, SITE_URL: 'https://daftar.example' },
      { NODE_ENV: 'production' as const, SITE_URL: undefined },
    ]) {
      const { app, warnings } = appWith(config);
      await app.request('http://localhost:3000/en');
      expect(warnings).toEqual([]);
    }
    expect(siteUrlStartupWarnings({ NODE_ENV: 'production', SITE_URL: undefined })).toHaveLength(1);
    expect(siteUrlStartupWarnings({ NODE_ENV: 'production', SITE_URL: 'https://daftar.example' })).toEqual([]);
    expect(siteUrlStartupWarnings({ NODE_ENV: 'development', SITE_URL: undefined })).toEqual([]);
  });
});

import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openLocalD1 } from '../support/local-d1';
import { startWrangler } from '../support/wrangler';

/*
 * Analytics on the Workers target (docs/analytics.md): workerd with a local D1 database. A view is
 * written through the execution context's waitUntil after the response, so it must reach
 * /api/analytics although the worker keeps no batch between requests.
 */
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test.describe('analytics on Cloudflare Workers (wrangler dev --local)', () => {
  test.describe.configure({ mode: 'serial' });
  let worker: Awaited<ReturnType<typeof startWrangler>>;
  const setupToken = 'workers-analytics-setup-token-0123';

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    if (!existsSync('build/server/index.js')) throw new Error('No build: run `npm run build` first.');
    worker = await startWrangler({ SETUP_TOKEN: setupToken });
  });

  test.afterAll(async () => {
    await worker?.stop();
  });

  // biome-ignore lint/correctness/noEmptyPattern: Playwright's hook signature.
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach('wrangler dev output', { body: worker?.output() ?? '', contentType: 'text/plain' });
  });

  test('views recorded on workerd appear in /api/analytics within seconds; bots, errors and cookies are not', async ({
    playwright,
  }) => {
    test.setTimeout(120_000);
    const owner = await playwright.request.newContext({ baseURL: worker.url });
    const headers = { 'x-setup-token': setupToken };
    for (const step of ['migrations-run', 'database-loading'])
      expect((await owner.post(`/api/install/${step}`, { headers })).status()).toBe(200);
    const account = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      about: 'Writes',
      userName: 'ada',
      password: 'correct horse battery staple',
    };
    expect((await owner.post('/api/install/admin-loading', { headers, data: account })).status()).toBe(200);
    expect(
      (await owner.post('/api/auth/login', { data: { userName: account.userName, password: account.password } })).status(),
    ).toBe(200);
    const empty = await (await owner.get('/api/analytics?days=7')).json();
    expect(empty.totals).toEqual({ views: 0, visitors: 0 });
    expect(empty.daily).toHaveLength(7);

    const reader = await playwright.request.newContext({ baseURL: worker.url, extraHTTPHeaders: { 'user-agent': CHROME } });
    const first = await reader.get('/en', { headers: { referer: 'https://lobste.rs/s/abc?utm=secret' } });
    expect(first.status()).toBe(200);
    expect(first.headers()['set-cookie']).toBeUndefined();
    expect((await reader.get('/en/logs')).status()).toBe(200);
    expect((await reader.get('/fa')).status()).toBe(200);
    expect((await reader.get('/en/no-such-page')).status()).toBe(404);
    expect((await reader.get('/en', { headers: { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' } })).status()).toBe(200);
    const visitedAt = Date.now();

    let report:
      | { totals: { views: number; visitors: number }; referrers: unknown; locales: unknown; topPages: unknown[] }
      | undefined;
    await expect(async () => {
      report = await (await owner.get('/api/analytics?days=7')).json();
      expect(report?.totals.views).toBe(3);
    }).toPass({ timeout: 5000, intervals: [200, 400] });
    expect(Date.now() - visitedAt).toBeLessThan(5000);
    expect(report?.totals).toEqual({ views: 3, visitors: 1 });
    expect(report?.referrers).toEqual([{ host: 'lobste.rs', views: 1 }]);
    expect(report?.locales).toEqual({ fa: 1, en: 2 });
    expect(report?.topPages).toHaveLength(3);
    expect((await reader.get('/api/analytics')).status()).toBe(401);
  });

  test('the daily cron rolls raw views older than 90 days into daily totals and deletes them (D1 batch)', async () => {
    test.setTimeout(60_000);
    const DAY = 24 * 60 * 60 * 1000;
    const oldDay = new Date(Date.now() - 100 * DAY).toISOString().slice(0, 10);
    const old = Date.parse(`${oldDay}T12:00:00Z`);
    const recent = Date.now() - 10 * DAY;
    // Months-old views cannot be made through the site: they go straight into the local D1 file.
    const seed = openLocalD1(worker.stateDir);
    await seed.batch(
      [
        ['en', '/en', 'lobste.rs', old, 'visitor-a', 2],
        ['en', '/en', null, old + 1000, 'visitor-b', 1],
        ['fa', '/fa', null, old + 2000, 'visitor-a', 1],
        ['en', '/en/logs', null, recent, 'visitor-c', 1],
      ].map((args) => ({
        sql: 'INSERT INTO page_views (locale, path, referrer, viewed_at, visitor, views) VALUES (?, ?, ?, ?, ?, ?)',
        args,
      })),
      'write',
    );
    seed.close();

    // `+` is a space in the cron expression: the daily trigger of wrangler.jsonc.
    const ran = await fetch(`${worker.url}/__scheduled?cron=17+3+*+*+*`);
    expect(ran.status).toBe(200);

    const db = openLocalD1(worker.stateDir);
    const rows = async (sql: string) => (await db.execute(sql)).rows.map((row) => ({ ...row }));
    expect(await rows(`SELECT day, views, visitors FROM page_view_days`)).toEqual([{ day: oldDay, views: 4, visitors: 2 }]);
    expect(await rows(`SELECT locale, path, referrer, views FROM page_view_day_pages ORDER BY locale, referrer`)).toEqual([
      { locale: 'en', path: '/en', referrer: '', views: 1 },
      { locale: 'en', path: '/en', referrer: 'lobste.rs', views: 2 },
      { locale: 'fa', path: '/fa', referrer: '', views: 1 },
    ]);
    // Nothing older than the 90 days is left raw; the 10-day-old view and today's stay.
    expect(await rows(`SELECT count(*) AS n FROM page_views WHERE viewed_at < ${old + DAY}`)).toEqual([{ n: 0 }]);
    expect(await rows(`SELECT count(*) AS n FROM page_views WHERE viewed_at = ${recent}`)).toEqual([{ n: 1 }]);
    db.close();
    expect(worker.output()).not.toContain('Rolling up page views failed');
  });
});

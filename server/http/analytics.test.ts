import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zonedParts } from '../../common/format';
import { json } from '../../tests/support/config';
import { expectPrototypeKeysIgnored, expectRefusedQueries } from '../../tests/support/query';
import { createInstalledSite } from '../../tests/support/site';
import { createApp } from '../app';
import { rollUpOldViews, siteFacts } from '../services/analytics';
import { createMemoryPageCache } from './page-cache';
import { createPageViewRecorder } from './page-views';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DAY = 86_400_000;

/**
 * An installed site whose pages are rendered by a stand-in for React Router (HTML for published
 * addresses, 404 otherwise) behind the real page cache; views are flushed by the test.
 */
async function analyticsSite(env: Record<string, string> = {}) {
  const site = await createInstalledSite(env);
  const recorder = createPageViewRecorder(site.deps.db, { flushMs: 60_000 });
  const published = new Set(['/en', '/fa', '/en/about', '/fa/about', '/en/logs', '/en/logs/hello']);
  const app = createApp({
    ...site.deps,
    pageViews: recorder,
    pageCache: createMemoryPageCache(),
    pageHandler: async (request) => {
      // React Router's data request of a client-side navigation answers for the page it names.
      const pathname = new URL(request.url).pathname.replace(/\.data$/, '');
      const found = published.has(pathname.replace(/\/$/, '') || '/');
      return new Response(found ? `<h1>${pathname}</h1>` : 'Page not found', {
        status: found ? 200 : 404,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      });
    },
  });
  const visit = (path: string, { ip = '203.0.113.7', ua = CHROME, referer, headers = {} }: VisitOptions = {}) =>
    app.request(path, {
      headers: { 'user-agent': ua, 'x-forwarded-for': ip, ...(referer ? { referer } : {}), ...headers },
    });
  const report = async (days = 7) =>
    json(await app.request(`/api/analytics?days=${days}`, { headers: { cookie: site.cookies.owner } }));
  return { ...site, app, recorder, visit, report };
}
type VisitOptions = { ip?: string; ua?: string; referer?: string; headers?: Record<string, string> };

afterEach(() => {
  vi.useRealTimers();
});

describe('page views', () => {
  it('counts a known sequence of visits: unique visitors per day, no bots, no errors, no private pages, referrer hosts only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const today = Date.parse('2026-03-10T12:00:00Z');
    vi.setSystemTime(today - DAY);
    // TRUST_PROXY: the address is the one the proxy adds, so two readers can be told apart.
    const site = await analyticsSite({ TRUST_PROXY: 'true' });
    const { visit } = site;

    // Yesterday: one reader, twice (a cache miss, then a hit), from a search engine.
    const miss = await visit('/en/about', { referer: 'https://www.google.com/search?q=daftar+secret' });
    expect(miss.headers.get('x-cache')).toBe('MISS');
    const hit = await visit('/en/about');
    expect(hit.headers.get('x-cache')).toBe('HIT');

    vi.setSystemTime(today);
    // Today: the same reader again (a new visitor: the hash rotates daily) on two pages …
    await visit('/en/about', { referer: 'https://news.ycombinator.com/item?id=1' });
    await visit('/fa', { referer: 'http://localhost/en/about' }); // own site: no referrer
    // … a second reader (another address), with a different browser …
    await visit('/fa/about', { ip: '198.51.100.4', ua: FIREFOX });
    // … a client-side navigation of the first reader (React Router's data request) …
    await visit('/en/logs.data?_routes=routes%2Fpublic%2Flogs', { referer: 'http://localhost/fa' });
    // … and what is not a view.
    await visit('/en/about', { ua: GOOGLEBOT });
    await visit('/en/about', { ua: '' });
    await visit('/en/no-such-page');
    await visit('/en/no-such-page.data');
    await visit('/en/about', { headers: { 'sec-purpose': 'prefetch' } });
    await visit('/en/manage');
    await visit('/en/login');
    await visit('/en/403');
    await visit('/en/feed.xml');
    await visit('/api/health');
    await site.app.request('/en/about', { method: 'HEAD', headers: { 'user-agent': CHROME } });
    // A browser revalidating its copy (304) still shows the page: a view.
    const etag = hit.headers.get('etag')!;
    const revalidated = await visit('/en/about', { headers: { 'if-none-match': etag, 'sec-fetch-dest': 'document' } });
    expect(revalidated.status).toBe(304);

    await site.recorder.flush();
    const report = await site.report(7);
    expect(report.totals).toEqual({ views: 7, visitors: 3 });
    expect(report.daily).toHaveLength(7);
    expect(report.daily.at(-1)).toEqual({ date: '2026-03-10', views: 5, visitors: 2 });
    expect(report.daily.at(-2)).toEqual({ date: '2026-03-09', views: 2, visitors: 1 });
    expect(report.daily[0]).toEqual({ date: '2026-03-04', views: 0, visitors: 0 });
    expect(report.topPages[0]).toEqual({ locale: 'en', path: '/en/about', title: 'About Daftar', views: 4 });
    expect(report.topPages).toContainEqual({ locale: 'en', path: '/en/logs', title: null, views: 1 });
    expect(report.topPages).toContainEqual({ locale: 'fa', path: '/fa', title: expect.any(String), views: 1 });
    expect(report.referrers).toEqual([
      { host: 'news.ycombinator.com', views: 1 },
      { host: 'www.google.com', views: 1 },
    ]);
    expect(report.locales).toEqual({ fa: 2, en: 5 });
  });

  it('stores no address, no user agent, no full referrer and sets no cookie for anonymous readers', async () => {
    const site = await analyticsSite({ TRUST_PROXY: 'true' });
    const ip = '192.0.2.123';
    const responses = [
      await site.visit('/en/about', { ip, referer: 'https://example.org/some/secret/path?token=abc' }),
      await site.visit('/en/about', { ip }),
      await site.visit('/en/logs.data', { ip }),
    ];
    for (const response of responses) {
      expect(response.headers.get('set-cookie')).toBeNull();
      // Nothing in the response depends on the visitor either.
      expect([...response.headers.keys()].join(' ')).not.toMatch(/cookie|visitor/i);
    }
    await site.recorder.flush();
    const inspect = async (tables: string[]) => {
      let cells = 0;
      for (const table of tables) {
        const rows = await site.deps.db.all<Record<string, unknown>>(sql.raw(`SELECT * FROM ${table}`));
        expect(rows.length, table).toBeGreaterThan(0);
        for (const row of rows)
          for (const [column, value] of Object.entries(row)) {
            cells += 1;
            const text = String(value);
            expect(text, `${table}.${column}`).not.toContain(ip);
            expect(text, `${table}.${column}`).not.toContain('192.0.2');
            expect(text, `${table}.${column}`).not.toMatch(/Mozilla|Chrome|Linux|X11/);
            expect(text, `${table}.${column}`).not.toMatch(/secret|token|https?:/);
          }
      }
      return cells;
    };
    expect(await inspect(['page_views', 'analytics_salts'])).toBeGreaterThan(10);
    const views = await site.deps.db.all<{ referrer: string | null; visitor: string }>(
      sql`SELECT referrer, visitor FROM page_views ORDER BY id`,
    );
    expect(views.map((view) => view.referrer)).toEqual(['example.org', null, null]);
    expect(new Set(views.map((view) => view.visitor))).toEqual(new Set([expect.stringMatching(/^[0-9a-f]{32}$/)]));
    // Only today's salt is kept.
    const salts = await site.deps.db.all<{ day: string }>(sql`SELECT day FROM analytics_salts`);
    expect(salts.map((s) => s.day)).toEqual([new Date().toISOString().slice(0, 10)]);
    // The aggregates the raw rows become after the retention period hold nothing more.
    await rollUpOldViews(site.deps.db, Date.now() + 100 * DAY);
    expect(await inspect(['page_view_days', 'page_view_day_pages'])).toBeGreaterThan(5);
    const rolled = await site.deps.db.all<{ referrer: string }>(
      sql`SELECT referrer FROM page_view_day_pages ORDER BY referrer DESC`,
    );
    expect(rolled[0]?.referrer).toBe('example.org');
  });

  it('deletes the salts of past days, so yesterday’s hashes cannot be reproduced', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const today = Date.parse('2026-05-02T08:00:00Z');
    vi.setSystemTime(today - 2 * DAY);
    const site = await analyticsSite();
    await site.visit('/en/about');
    await site.recorder.flush();
    vi.setSystemTime(today);
    await site.visit('/en/about');
    await site.recorder.flush();
    const salts = await site.deps.db.all<{ day: string }>(sql`SELECT day FROM analytics_salts ORDER BY day`);
    expect(salts.map((s) => s.day)).toEqual(['2026-05-02']);
    const visitors = await site.deps.db.all<{ visitor: string }>(sql`SELECT DISTINCT visitor FROM page_views`);
    expect(visitors).toHaveLength(2); // the same reader, a different hash each day
  });

  it('rolls raw views past the retention period into daily totals without changing the report', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const today = Date.parse('2026-07-20T10:00:00Z');
    const site = await analyticsSite({ TRUST_PROXY: 'true' });
    for (const [daysAgo, ip, path, referer] of [
      [20, '10.0.0.1', '/en/about', 'https://duckduckgo.com/'],
      [20, '10.0.0.1', '/en/about', undefined],
      [20, '10.0.0.2', '/fa/about', undefined],
      [10, '10.0.0.1', '/en', undefined],
      [1, '10.0.0.3', '/en/logs/hello', 'https://duckduckgo.com/?q=x'],
    ] as const) {
      vi.setSystemTime(today - daysAgo * DAY);
      await site.visit(path, { ip, referer });
    }
    vi.setSystemTime(today);
    await site.recorder.flush();
    const before = await site.report(30);
    expect(before.totals).toEqual({ views: 5, visitors: 4 });

    // Everything older than 5 days becomes aggregates; the 30-day report reads both.
    expect(await rollUpOldViews(site.deps.db, today, 5)).toBe(4);
    const raw = await site.deps.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM page_views`);
    expect(raw?.n).toBe(1);
    const after = await site.report(30);
    expect(after).toEqual(before);
    expect(after.referrers).toEqual([{ host: 'duckduckgo.com', views: 2 }]);
    // Rolling up again changes nothing.
    expect(await rollUpOldViews(site.deps.db, today, 5)).toBe(0);
    expect(await site.report(30)).toEqual(before);
  });

  it('writes views through waitUntil when the platform gives an execution context (Workers)', async () => {
    const site = await analyticsSite();
    const pending: Promise<unknown>[] = [];
    const ctx = { waitUntil: (promise: Promise<unknown>) => pending.push(promise), passThroughOnException() {}, props: {} };
    const response = await site.app.fetch(
      new Request('http://localhost/en/about', { headers: { 'user-agent': CHROME } }),
      {},
      ctx,
    );
    expect(response.status).toBe(200);
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
    // Written without any flush of the batch.
    expect((await site.report(7)).totals).toEqual({ views: 1, visitors: 1 });
  });
});

describe('page views: hostile requests', () => {
  it('survives broken encodings, long paths and odd referrers, keeping only http(s) hosts', async () => {
    const site = await analyticsSite();
    const long = `/en/${'a'.repeat(5000)}`;
    for (const [path, referer] of [
      ['/en/%E0%A4%A', undefined],
      ['/en/about', 'javascript:alert(1)'],
      ['/en/about', 'android-app://com.google.android.gm/'],
      ['/en/about', 'not a url'],
      ['/en/about', `https://${'x'.repeat(300)}.example/`],
      ['/en/about', 'https://user:secret@evil.example:8443/path?q=1#x'],
      ['/en/about?utm_source=newsletter&email=a@b.c', undefined],
      [long, undefined],
      ['/en/../manage', undefined],
      ['/EN/about', undefined],
    ] as const)
      expect((await site.visit(path, { referer })).status, path).toBeLessThan(500);
    await site.recorder.flush();
    const rows = await site.deps.db.all<{ path: string; referrer: string | null; views: number }>(
      sql`SELECT path, referrer, views FROM page_views ORDER BY id`,
    );
    // The query never reaches the database; only http(s) referrer hosts do, at most 253 characters.
    expect(rows.every((row) => row.path === 'about')).toBe(true);
    expect(rows.map((row) => row.referrer).filter(Boolean)).toEqual(['x'.repeat(253), 'evil.example']);
    // Six views: the four without a usable referrer (and the one with a query) are one row.
    expect(rows.reduce((sum, row) => sum + Number(row.views), 0)).toBe(6);
  });

  it('writes a waiting batch by itself within the flush interval (Node)', async () => {
    const site = await createInstalledSite();
    const recorder = createPageViewRecorder(site.deps.db, { flushMs: 100 });
    const app = createApp({
      ...site.deps,
      pageViews: recorder,
      pageHandler: async () => new Response('<h1>Hi</h1>', { headers: { 'Content-Type': 'text/html' } }),
    });
    await app.request('/en/about', { headers: { 'user-agent': CHROME } });
    await vi.waitFor(
      async () => {
        const row = await site.deps.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM page_views`);
        expect(row[0]?.n).toBe(1);
      },
      { timeout: 2000, interval: 50 },
    );
  });
});

describe('GET /api/analytics', () => {
  it('answers every day of the range with zeros on a new site', async () => {
    const site = await analyticsSite();
    for (const days of [7, 30, 90]) {
      const report = await site.report(days);
      expect(report.daily).toHaveLength(days);
      // Today on the site's clock (an installed site is in Asia/Tehran unless set otherwise).
      expect(report.daily.at(-1).date).toBe(zonedParts(Date.now(), 'Asia/Tehran').date);
      expect(report).toMatchObject({
        days,
        totals: { views: 0, visitors: 0 },
        topPages: [],
        referrers: [],
        locales: { fa: 0, en: 0 },
      });
    }
  });

  it('refuses other ranges with the field path, and people without dashboard.read', async () => {
    const site = await analyticsSite();
    for (const days of ['1', '8', '365', '0', '-7', '7.5', 'abc', '7x', '007', '%00', '1e1', '9'.repeat(400)]) {
      const response = await site.app.request(`/api/analytics?days=${days}`, { headers: { cookie: site.cookies.owner } });
      expect(response.status, days).toBe(400);
      const body = await json(response);
      expect(body.data.issues).toEqual([
        expect.objectContaining({ path: ['days'], message: expect.stringMatching(/7, 30 or 90/) }),
      ]);
    }
    const fa = await site.app.request('/api/analytics?days=14', {
      headers: { cookie: site.cookies.owner, 'accept-language': 'fa' },
    });
    expect(fa.status).toBe(400);
    expect((await site.app.request('/api/analytics')).status).toBe(401);
    expect((await site.app.request('/api/analytics', { headers: { cookie: site.cookies.member } })).status).toBe(403);
    const editor = await site.app.request('/api/analytics?days=30', { headers: { cookie: site.cookies.editor } });
    expect(editor.status).toBe(200);
    expect(editor.headers.get('cache-control')).toContain('no-store');
    // No `days`: the last week.
    expect((await json(await site.app.request('/api/analytics', { headers: { cookie: site.cookies.owner } }))).days).toBe(7);
  });

  it('refuses a repeated or odd `days` with a 400 naming it, in both languages; `__proto__` names nothing', async () => {
    const site = await analyticsSite();
    const ask = (query: string, headers: Record<string, string> = {}) =>
      site.app.request(`/api/analytics?${query}`, { headers: { cookie: site.cookies.owner, ...headers } });
    await expectRefusedQueries(ask, [
      ['days=14', 'days'],
      ['days=7&days=30', 'days'],
      ['days=7&days=7', 'days'],
      ['days=__proto__', 'days'],
      ['days=toString', 'days'],
      [`days=${'7'.repeat(5000)}`, 'days'],
      ['__proto__=30&days=-30', 'days'],
    ]);
    const fa = await json(await ask('days=14', { 'x-locale': 'fa' }));
    expect(fa.data.issues[0].message).toBe('۷، ۳۰ یا ۹۰ روز را انتخاب کنید');
    await expectPrototypeKeysIgnored(ask);
    // An empty value is absent (the week), as in every query the API parses; unknown parameters are ignored.
    expect((await json(await ask('days='))).days).toBe(7);
    expect((await json(await ask('days=90&range=1'))).days).toBe(90);
  });
});

describe('site facts', () => {
  it('counts pages per locale, missing translations and what waits, with zeros and no build on a new site', async () => {
    const site = await createInstalledSite();
    const db = site.deps.db;
    const facts = await siteFacts(db);
    expect(facts).toEqual({
      pages: { fa: expect.any(Number), en: expect.any(Number) },
      missingTranslations: { fa: 0, en: 0 },
      outdatedTranslations: 0,
      pendingChanges: 0,
      pendingComments: 0,
      subscribers: 0,
      lastBuild: null,
    });
    expect(facts.pages.fa).toBeGreaterThan(0);
    // An English page without a Persian one, a change waiting, a comment to moderate, a subscriber, a published build.
    await db.run(
      sql`INSERT INTO pages (locale, slug, source_path, source_hash, title, html) VALUES ('en', 'only-en', 'en/only-en.md', 'x', 'Only English', '')`,
    );
    await db.run(
      sql`INSERT INTO builds (status, title, published_at, published_by) VALUES ('published', 'Spring notes', ${Date.parse('2026-03-01T10:00:00Z')}, ${site.ids.owner})`,
    );
    await db.run(sql`INSERT INTO builds (status) VALUES ('open')`);
    await db.run(
      sql`INSERT INTO commits (build_id, path, content) VALUES ((SELECT id FROM builds WHERE status = 'open'), 'en/x.md', 'x')`,
    );
    await db.run(
      sql`INSERT INTO comments (locale, page_slug, user_id, body, status) VALUES ('en', 'about', ${site.ids.member}, 'Hi', 'pending')`,
    );
    await db.run(
      sql`INSERT INTO comments (locale, page_slug, user_id, body, status) VALUES ('en', 'about', ${site.ids.member}, 'Ok', 'approved')`,
    );
    await db.run(sql`INSERT INTO newsletter_subscribers (email, locale, status) VALUES ('a@example.org', 'fa', 'subscribed')`);
    await db.run(sql`INSERT INTO newsletter_subscribers (email, locale, status) VALUES ('b@example.org', 'fa', 'unsubscribed')`);
    const after = await siteFacts(db);
    expect(after).toMatchObject({
      pages: { fa: facts.pages.fa, en: facts.pages.en + 1 },
      missingTranslations: { fa: 0, en: 1 },
      pendingChanges: 1,
      pendingComments: 1,
      subscribers: 1,
      lastBuild: { title: 'Spring notes', publishedAt: '2026-03-01T10:00:00.000Z', publishedBy: expect.any(String) },
    });
  });
});

import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_DAYS } from '../../common/redirects';
import { client, createAuthoringSite, indexPageHandler } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { createApp } from '../app';
import { notFoundHits, pages } from '../db/schema';
import type { NotFoundHit } from '../deps';
import { createNotFoundRecorder, notFoundHitOf } from '../http/not-found-log';
import { listNotFound, NOT_FOUND_MAX_ROWS, writeNotFound } from './not-found-log';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DAY_MS = 86_400_000;

/** An installed site whose 404s wait in a recorder the test flushes. */
async function logSite() {
  const site = await createAuthoringSite();
  const recorder = createNotFoundRecorder(site.deps.db, { flushMs: 60_000 });
  const app = createApp({ ...site.deps, pageHandler: indexPageHandler(site.deps.db), notFoundLog: recorder });
  return { ...site, app, recorder };
}

describe('the 404 log', () => {
  it('counts the pages that answered 404, people and bots apart, by path only', async () => {
    const site = await logSite();
    const { recorder } = site;
    const get = (path: string, userAgent = BROWSER, method = 'GET') =>
      site.app.request(path, { method, headers: { 'user-agent': userAgent } });
    expect((await get('/en/missing')).status).toBe(404);
    await get('/en/missing');
    // The same page with a trailing slash and a query: one path, the query never kept.
    await get('/en/missing/?token=secret-value');
    await get('/en/missing', CRAWLER);
    await get('/en/missing', '');
    await get('/wp-login.php');
    await get('/en/manage/nothing-here');
    // Not pages, not GETs, not 404s: not counted.
    await get('/api/nothing');
    await get('/en/missing', BROWSER, 'POST');
    await get('/en/missing', BROWSER, 'HEAD');
    await recorder.flush();

    const stored = await site.deps.db.select().from(notFoundHits);
    expect(JSON.stringify(stored)).not.toContain('secret-value');
    expect(JSON.stringify(stored)).not.toContain('Mozilla');

    const answer = await client(site, 'owner').get('/api/not-found');
    expect(answer.status).toBe(200);
    const log = await json(answer);
    expect(log.total).toBe(3);
    expect(log.items.map((item: { path: string; people: number; bots: number; redirectable: boolean }) => item)).toEqual([
      expect.objectContaining({ path: '/en/missing', people: 3, bots: 2, redirectable: true }),
      expect.objectContaining({ path: '/en/manage/nothing-here', people: 1, bots: 0, redirectable: false }),
      expect.objectContaining({ path: '/wp-login.php', people: 1, bots: 0, redirectable: true }),
    ]);
    expect(Date.parse(log.items[0].lastAt)).toBeGreaterThan(Date.now() - 60_000);
    const searched = await json(await client(site, 'owner').get('/api/not-found?query=WP-'));
    expect(searched.items.map((item: { path: string }) => item.path)).toEqual(['/wp-login.php']);
    // Adding a redirect from a logged path mends it: the path leaves the log.
    expect((await client(site, 'owner').post('/api/redirects', { from: '/wp-login.php', to: '/en/login-help' })).status).toBe(
      201,
    );
    expect((await json(await client(site, 'owner').get('/api/not-found'))).total).toBe(2);
  });

  it('records nothing for a page that was found', async () => {
    const hits: NotFoundHit[] = [];
    const site = await createAuthoringSite({}, { notFoundLog: { record: (hit) => void hits.push(hit), flush: async () => {} } });
    await site.deps.db.insert(pages).values({
      locale: 'en',
      slug: 'here',
      sourcePath: 'en/here.md',
      sourceHash: 'h',
      title: 'Here',
      html: '',
    });
    expect((await site.app.request('/en/here')).status).toBe(200);
    expect(hits).toEqual([]);
    expect((await site.app.request('/en/not-here')).status).toBe(404);
    expect(hits).toHaveLength(1);
  });

  it('keeps 30 days: older days are dropped when written and never listed', async () => {
    const site = await createAuthoringSite();
    const { db } = site.deps;
    const now = Date.now();
    await writeNotFound(
      db,
      [{ path: '/old-one', bot: false, at: now - (NOT_FOUND_DAYS + 5) * DAY_MS }],
      now - (NOT_FOUND_DAYS + 5) * DAY_MS,
    );
    await writeNotFound(
      db,
      [{ path: '/edge', bot: false, at: now - (NOT_FOUND_DAYS - 1) * DAY_MS }],
      now - (NOT_FOUND_DAYS - 1) * DAY_MS,
    );
    expect((await listNotFound(db, { page: 1 }, now)).items.map((item) => item.path)).toEqual(['/edge']);
    await writeNotFound(db, [{ path: '/today', bot: true, at: now }], now);
    expect((await db.select({ path: notFoundHits.path }).from(notFoundHits)).map((row) => row.path).sort()).toEqual([
      '/edge',
      '/today',
    ]);
    // A path asked for on several days is one row of the list, its days added up.
    await writeNotFound(db, [{ path: '/edge', bot: false, at: now }], now);
    expect((await listNotFound(db, { page: 1 }, now)).items[0]).toMatchObject({ path: '/edge', people: 2, bots: 0 });
  });

  it('stays bounded under 10 000 made-up paths, keeping the paths people keep asking for', async () => {
    const site = await createAuthoringSite();
    const { db } = site.deps;
    const now = Date.now();
    const real: NotFoundHit[] = Array.from({ length: 5 }, () => ({ path: '/en/old-famous-post', bot: false, at: now - 1000 }));
    await writeNotFound(db, real, now);
    const flood = Array.from({ length: 10_000 }, (_, i) => ({
      path: `/${crypto.randomUUID()}/${i}`,
      bot: i % 2 === 0,
      at: now,
    }));
    // In one batch (a Worker's is one hit; this is the worst a Node flush could be) and within D1's limits.
    await writeNotFound(db, flood, now);
    const [rows] = await db.select({ n: count() }).from(notFoundHits);
    expect(rows?.n).toBe(NOT_FOUND_MAX_ROWS);
    const first = await listNotFound(db, { page: 1 }, now);
    expect(first.total).toBe(NOT_FOUND_MAX_ROWS);
    expect(first.items[0]).toMatchObject({ path: '/en/old-famous-post', people: 5 });
  }, 60_000);

  it('holds at most a bounded batch in memory on Node, and writes each hit after its response on Workers', async () => {
    const site = await createAuthoringSite();
    const { db } = site.deps;
    const recorder = createNotFoundRecorder(db, { flushMs: 60_000, maxWaiting: 100 });
    for (let i = 0; i < 10_000; i++) recorder.record({ path: `/made-up/${i}`, bot: false, at: Date.now() });
    await recorder.flush();
    const [rows] = await db.select({ n: count() }).from(notFoundHits);
    expect(rows?.n).toBe(100);

    const waited: Promise<unknown>[] = [];
    const workers = createNotFoundRecorder(db);
    workers.record({ path: '/on-workers', bot: false, at: Date.now() }, (promise) => void waited.push(promise));
    expect(waited).toHaveLength(1);
    await Promise.all(waited);
    expect((await listNotFound(db, { page: 1, query: 'on-workers' })).items).toHaveLength(1);
  });

  it('leaves out data requests, undecodable and overlong paths', () => {
    const request = (path: string, method = 'GET') => new Request(`https://site.example${path}`, { method });
    expect(notFoundHitOf(request('/en/x.data'), 404)).toBeUndefined();
    expect(notFoundHitOf(request('/en/%E0%A4%A'), 404)).toBeUndefined();
    expect(notFoundHitOf(request(`/${'x'.repeat(600)}`), 404)).toBeUndefined();
    expect(notFoundHitOf(request('/en/x'), 200)).toBeUndefined();
    expect(notFoundHitOf(request('/en/x', 'POST'), 404)).toBeUndefined();
    expect(notFoundHitOf(request('/fa/%D8%B3%D9%84%D8%A7%D9%85/'), 404)).toMatchObject({ path: '/fa/سلام', bot: true });
  });
});

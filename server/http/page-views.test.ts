import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zonedParts, zonedToIso } from '../../common/format';
import { createNodeDatabase } from '../../platforms/node/database';
import { createTestDatabase } from '../../tests/support/database';
import { settings } from '../db/schema';
import { analyticsReport, type PageViewHit, siteDays, utcDay } from '../services/analytics';
import { SITE_SETTINGS_KEY } from '../services/site';
import { createPageViewRecorder } from './page-views';

const DAY = 86_400_000;
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const hit = (at: number, overrides: Partial<PageViewHit> = {}): PageViewHit => ({
  at,
  locale: 'en',
  path: 'about',
  referrer: null,
  site: 'daftar.example',
  ip: '192.0.2.1',
  userAgent: CHROME,
  ...overrides,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the page-view recorder', () => {
  it('drops a batch that comes due after the database closed, without an error (a process shutting down)', async () => {
    const { dir } = await createTestDatabase();
    const { db, close } = await createNodeDatabase(`file:${dir}/closing.db`);
    const recorder = createPageViewRecorder(db, { flushMs: 60_000 });
    recorder.record(hit(Date.now(), { ip: '192.0.2.1', userAgent: 'Mozilla/5.0' }));
    close();
    // The test setup fails the test on any console.error.
    await expect(recorder.flush()).resolves.toBeUndefined();
  });

  it('writes 1 000 views of 3 visitors on 2 pages as 1 000 rows: exact counts per page, referrer and day, 3 visitors', async () => {
    const { db } = await createTestDatabase();
    const recorder = createPageViewRecorder(db, { flushMs: 60_000 });
    const digest = vi.spyOn(crypto.subtle, 'digest');
    const now = Date.now();
    const visitors = [
      { ip: '192.0.2.1', userAgent: CHROME },
      { ip: '192.0.2.1', userAgent: FIREFOX }, // same address, another browser: another visitor
      { ip: '198.51.100.7', userAgent: CHROME },
    ];
    const expected = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      const visitor = visitors[i % 3] as (typeof visitors)[number];
      const path = i % 5 === 0 ? 'logs/hello' : 'about';
      const referrer = i % 10 === 0 ? 'www.google.com' : null;
      // Spread over three seconds, as a burst is.
      recorder.record(hit(now - (i % 3) * 1000, { ...visitor, path, referrer }));
      const key = `${visitor.ip} ${visitor.userAgent} ${path} ${referrer}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    await recorder.flush();
    // Hashed once per visitor, not once per view.
    expect(digest.mock.calls.length).toBe(3);

    const rows = await db.all<{ path: string; referrer: string | null; visitor: string; n: number }>(
      sql`SELECT path, referrer, visitor, sum(views) AS n FROM page_views GROUP BY 1, 2, 3`,
    );
    expect(rows.reduce((sum, row) => sum + Number(row.n), 0)).toBe(1000);
    // One row per page, referrer, visitor and second (each visitor here views within one second).
    const [stored] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM page_views`);
    expect(Number(stored?.n)).toBe(expected.size);
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(3);
    expect(rows.map((row) => Number(row.n)).sort((a, b) => a - b)).toEqual([...expected.values()].sort((a, b) => a - b));
    const times = await db.all<{ t: number }>(sql`SELECT DISTINCT viewed_at AS t FROM page_views ORDER BY 1`);
    // Each view keeps its time to the second.
    expect(times.map((row) => Math.floor(Number(row.t) / 1000))).toEqual(
      [now - 2000, now - 1000, now].map((t) => Math.floor(t / 1000)),
    );

    const report = await analyticsReport(db, 7, { now });
    expect(report.totals).toEqual({ views: 1000, visitors: 3 });
    expect(report.topPages.map(({ path, views }) => ({ path, views }))).toEqual([
      { path: '/en/about', views: 800 },
      { path: '/en/logs/hello', views: 200 },
    ]);
    expect(report.referrers).toEqual([{ host: 'www.google.com', views: 100 }]);
    expect(report.locales).toEqual({ fa: 0, en: 1000 });
  });

  it('counts the same reader on two days as two visitors, within one batch', async () => {
    const { db } = await createTestDatabase();
    const recorder = createPageViewRecorder(db, { flushMs: 60_000 });
    const now = Date.now();
    for (let i = 0; i < 10; i++) recorder.record(hit(now - DAY));
    for (let i = 0; i < 5; i++) recorder.record(hit(now));
    await recorder.flush();
    const report = await analyticsReport(db, 7, { now });
    expect(report.totals).toEqual({ views: 15, visitors: 2 });
    expect(report.daily.slice(-2).map(({ views, visitors }) => ({ views, visitors }))).toEqual([
      { views: 10, visitors: 1 },
      { views: 5, visitors: 1 },
    ]);
  });

  it('keeps at most maxQueue views waiting, repeated ones included, and starts again after a flush', async () => {
    const { db } = await createTestDatabase();
    const recorder = createPageViewRecorder(db, { flushMs: 60_000, maxQueue: 50 });
    const now = Date.now();
    for (let i = 0; i < 80; i++) recorder.record(hit(now, { path: i % 2 ? 'about' : '' }));
    await recorder.flush();
    for (let i = 0; i < 30; i++) recorder.record(hit(now));
    await recorder.flush();
    const [row] = await db.all<{ n: number }>(sql`SELECT sum(views) AS n FROM page_views`);
    expect(Number(row?.n)).toBe(80);
  });

  it('never merges views that differ in any field, whatever a path holds', async () => {
    const { db } = await createTestDatabase();
    const recorder = createPageViewRecorder(db, { flushMs: 60_000 });
    const now = Date.now();
    const variants: Partial<PageViewHit>[] = [
      {},
      { locale: 'fa' },
      { path: '' },
      { path: 'about\nwww.google.com' },
      { path: 'about\nx', referrer: 'www.google.com' },
      { referrer: 'www.google.com' },
      { site: 'other.example' },
      { ip: '192.0.2.2' },
      { userAgent: FIREFOX },
    ];
    for (const variant of variants) for (let i = 0; i < 3; i++) recorder.record(hit(now, variant));
    await recorder.flush();
    const rows = await db.all<{ locale: string; path: string; referrer: string | null; n: number }>(
      sql`SELECT locale, path, referrer, visitor, sum(views) AS n FROM page_views GROUP BY locale, path, referrer, visitor`,
    );
    expect(rows).toHaveLength(variants.length);
    expect(rows.every((row) => Number(row.n) === 3)).toBe(true);
    expect(rows.map((row) => row.path).sort()).toEqual(
      ['', 'about', 'about', 'about', 'about', 'about', 'about', 'about\nwww.google.com', 'about\nx'].sort(),
    );
  });
});

describe("the site's day (Settings → time zone), not UTC's", () => {
  const midnight = (date: string, zone: string) => Date.parse(zonedToIso(date, '00:00', zone) as string);

  it.each(['Asia/Tehran', 'America/Los_Angeles'])(
    'in %s, views just before and after local midnight fall on their local days, and a reader on either side of UTC midnight is one visitor',
    async (zone) => {
      const { db } = await createTestDatabase();
      await db.insert(settings).values({ key: SITE_SETTINGS_KEY, value: { timeZone: zone } });
      const recorder = createPageViewRecorder(db, { flushMs: 60_000 });
      const now = Date.now();
      const today = zonedParts(now, zone).date;
      const yesterday = zonedParts(midnight(today, zone) - 1, zone).date;
      // Yesterday's local midnight, and today's: the days are computed from the clock, not named.
      const start = midnight(yesterday, zone);
      const end = midnight(today, zone);
      // A minute before yesterday began, and a minute after; then the same reader a minute before
      // today began: the same local day as the minute after, but another UTC day.
      const times = [start - 60_000, start + 60_000, end - 60_000];
      expect(utcDay(times[1]!)).not.toBe(utcDay(times[2]!));
      for (const at of times) recorder.record(hit(at));
      // Someone else, a minute after, on another page.
      recorder.record(hit(start + 60_000, { ip: '192.0.2.2', path: 'logs/hello' }));
      await recorder.flush();

      const report = await analyticsReport(db, 7, { now });
      expect(report.daily.at(-1)!.date).toBe(today);
      expect(report.daily.at(-2)!.date).toBe(yesterday);
      expect(report.daily.slice(-3)).toEqual([
        { date: zonedParts(start - 60_000, zone).date, views: 1, visitors: 1 },
        { date: yesterday, views: 3, visitors: 2 },
        { date: today, views: 0, visitors: 0 },
      ]);
      expect(report.totals).toEqual({ views: 4, visitors: 3 });
      // The zone given is the one the report otherwise reads from the settings.
      expect((await analyticsReport(db, 7, { now, zone })).daily).toEqual(report.daily);
      // The 90-day range ends on the same local day and has every day once.
      const long = await analyticsReport(db, 90, { now });
      expect(long.daily).toHaveLength(90);
      expect(new Set(long.daily.map((d) => d.date)).size).toBe(90);
      expect(long.daily.at(-1)!.date).toBe(today);
      expect(long.totals).toEqual({ views: 4, visitors: 3 });
    },
  );

  it('makes every day of a range one of the zone, 23 or 25 hours long across a DST change', () => {
    // Los Angeles: the range around the autumn change of the current year, computed from the clock.
    const year = new Date().getUTCFullYear();
    const afterChange = Date.parse(zonedToIso(`${year}-11-10`, '12:00', 'America/Los_Angeles') as string);
    const calendar = siteDays(14, 'America/Los_Angeles', afterChange);
    const hours = calendar.map(({ start, end }) => (end - start) / 3_600_000);
    expect(hours.filter((h) => h !== 24)).toEqual([25]);
    for (const [i, day] of calendar.entries()) {
      if (i > 0) expect(day.start).toBe(calendar[i - 1]!.end);
      expect(zonedParts(day.start, 'America/Los_Angeles')).toEqual({ date: day.date, time: '00:00' });
    }
  });
});

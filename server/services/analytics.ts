import { sql } from 'drizzle-orm';
import { ANALYTICS_RANGES, type AnalyticsRange, type AnalyticsReport, type SiteFacts } from '../../common/analytics';
import { zonedParts, zonedToIso } from '../../common/format';
import { type Locale, locales, otherLocale } from '../../common/locales';
import type { Database } from '../db/database';
import { isMissingTableError } from '../db/errors';
import { batchInParts } from '../db/limits';
import { analyticsSalts, pageViews } from '../db/schema';
import type { PageViewHit } from '../deps';
import { readSiteState } from './site';
import { countOutdatedTranslations } from './translations';

/**
 * Privacy-friendly analytics (docs/analytics.md): page views without cookies, IP addresses or
 * user agents. A visitor is `hash(day's salt, site, address, user agent)`; the salt is random,
 * kept only for its day, so a visitor cannot be followed from one day to the next nor the hash
 * reversed once the day is over. A day is the site's (Settings → time zone), as on every screen.
 */

const DAY_MS = 86_400_000;
/** Raw views older than this are rolled up into daily totals and deleted. */
export const ANALYTICS_RETENTION_DAYS = 90;

export type { PageViewHit } from '../deps';

/** `YYYY-MM-DD` of a UTC instant. */
export const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** `YYYY-MM-DD` of an instant on the site's clock. */
export const siteDay = (at: number, zone: string) => zonedParts(at, zone).date;

/** The calendar day `n` days after `date` (`YYYY-MM-DD`; n may be negative). */
const addDays = (date: string, n: number) => utcDay(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS);

/**
 * The last `days` days of the site's calendar up to the one `now` falls in, each with the instants
 * it starts and ends at (its local midnights: 23 or 25 hours apart across a DST change).
 */
export function siteDays(days: number, zone: string, now: number) {
  const today = siteDay(now, zone);
  const midnight = (date: string) => Date.parse(zonedToIso(date, '00:00', zone) as string);
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(today, i - (days - 1));
    return { date, start: midnight(date), end: midnight(addDays(date, 1)) };
  });
}

/** How long a writer trusts the zone it read: a changed setting reaches the visitor count within this. */
const ZONE_MEMO_MS = 60_000;

async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function randomSalt() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Views of one page by one visitor within the same second, with the same referrer: one row with their count. */
export type PageViewGroup = { hit: PageViewHit; views: number };

/**
 * Writes page views. Holds the salt of the current day in memory (one per process or isolate;
 * the database row makes every process agree) and deletes the salts of past days when the day
 * changes. Each visitor is hashed once per call, however many views of theirs it writes.
 */
export function createViewWriter(db: Database) {
  const salts = new Map<string, string>();
  let zone: { name: string; until: number } | undefined;

  async function siteZone(now: number) {
    if (!zone || zone.until <= now) zone = { name: (await readSiteState(db)).site.timeZone, until: now + ZONE_MEMO_MS };
    return zone.name;
  }

  async function saltOf(day: string) {
    const known = salts.get(day);
    if (known) return known;
    // INSERT OR IGNORE then read: two processes racing for a new day agree on the first salt.
    const [, , rows] = await db.batch([
      // A new day: the salts of the days before it go (a view of the day before still in this batch used the memo).
      db.delete(analyticsSalts).where(sql`${analyticsSalts.day} < ${day}`),
      db.insert(analyticsSalts).values({ day, salt: randomSalt() }).onConflictDoNothing(),
      db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(sql`${analyticsSalts.day} = ${day}`),
    ]);
    const salt = rows[0]?.salt as string;
    salts.clear();
    salts.set(day, salt);
    return salt;
  }

  return async function writeViews(groups: PageViewGroup[]) {
    if (!groups.length) return;
    // Only for this call: the address and user agent are not kept once the views are written.
    const visitors = new Map<string, string>();
    const rows: (typeof pageViews.$inferInsert)[] = [];
    const zoneName = await siteZone(Date.now());
    for (const { hit, views } of groups) {
      // The visitor's day is the site's: the overview counts a reader once per day of its calendar.
      const day = siteDay(hit.at, zoneName);
      const identity = `${day}\n${hit.site}\n${hit.ip}\n${hit.userAgent}`;
      let visitor = visitors.get(identity);
      if (visitor === undefined) {
        const salt = await saltOf(day);
        visitor = (await sha256Hex(`${salt}\n${hit.site}\n${hit.ip}\n${hit.userAgent}`)).slice(0, 32);
        visitors.set(identity, visitor);
      }
      rows.push({ locale: hit.locale, path: hit.path, referrer: hit.referrer, viewedAt: new Date(hit.at), visitor, views });
    }
    await batchInParts(db, rows, (part) => db.insert(pageViews).values(part));
  };
}

/**
 * Rolls raw views of days older than the retention period into the daily tables and deletes
 * them, in one atomic batch; also deletes the salts of past days. Returns the rows rolled up.
 */
export async function rollUpOldViews(db: Database, now = Date.now(), retentionDays = ANALYTICS_RETENTION_DAYS) {
  const cutoff = Date.parse(`${utcDay(now - retentionDays * DAY_MS)}T00:00:00Z`);
  if (!Number.isSafeInteger(cutoff)) throw new Error(`Bad roll-up cutoff: ${cutoff}`);
  // Drizzle's D1 driver cannot batch a raw statement that binds values (drizzle-orm issue 2277:
  // the daily cron failed on every run), so the two INSERT … SELECT carry the cutoff, an integer
  // computed here, as a literal and bind nothing.
  const before = sql.raw(String(cutoff));
  const day = sql`strftime('%Y-%m-%d', ${pageViews.viewedAt} / 1000, 'unixepoch')`;
  const [counted] = await db.batch([
    db.select({ n: sql<number>`count(*)` }).from(pageViews).where(sql`${pageViews.viewedAt} < ${cutoff}`),
    db.run(sql`INSERT INTO page_view_days (day, views, visitors)
      SELECT ${day}, sum(views), count(DISTINCT visitor) FROM page_views WHERE viewed_at < ${before} GROUP BY 1
      ON CONFLICT (day) DO UPDATE SET views = views + excluded.views, visitors = visitors + excluded.visitors`),
    db.run(sql`INSERT INTO page_view_day_pages (day, locale, path, referrer, views)
      SELECT ${day}, locale, path, coalesce(referrer, ''), sum(views) FROM page_views WHERE viewed_at < ${before} GROUP BY 1, 2, 3, 4
      ON CONFLICT (day, locale, path, referrer) DO UPDATE SET views = views + excluded.views`),
    db.delete(pageViews).where(sql`${pageViews.viewedAt} < ${cutoff}`),
    // Salts are of the site's days, which run up to 14 hours either side of UTC's: one of a day
    // before UTC's yesterday is over in every zone (a writer deletes it sooner, at its next day).
    db.delete(analyticsSalts).where(sql`${analyticsSalts.day} < ${utcDay(now - DAY_MS)}`),
  ]);
  return Number(counted[0]?.n ?? 0);
}

export function isAnalyticsRange(value: number): value is AnalyticsRange {
  return (ANALYTICS_RANGES as readonly number[]).includes(value);
}

const TOP = 10;

/**
 * `GET /api/analytics?days=`: the last `days` days of the site's calendar (its time zone, the day
 * every screen shows) up to today, raw views and rolled-up days together. Visitors are unique per
 * day (the hash changes every day), so a range's visitors are the sum of its days. Raw views go to
 * their day by the instants its local midnights fall at, given to SQLite as a table of literals
 * (at most 90 rows, no bound value, D1's limit untouched), each a range of `page_views_time_idx`.
 * Days rolled up before are UTC days (docs/analytics.md), counted under their date.
 */
export async function analyticsReport(
  db: Database,
  days: AnalyticsRange,
  { zone, now = Date.now() }: { zone?: string; now?: number } = {},
): Promise<AnalyticsReport> {
  const calendar = siteDays(days, zone ?? (await readSiteState(db)).site.timeZone, now);
  const first = calendar[0]!.date;
  const since = calendar[0]!.start;
  for (const { date, start, end } of calendar)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !Number.isSafeInteger(start) || !Number.isSafeInteger(end))
      throw new Error(`Bad analytics day: ${date} ${start} ${end}`);
  const bounds = sql.raw(calendar.map(({ date, start, end }) => `('${date}', ${start}, ${end})`).join(', '));
  // Raw and rolled-up views of the range per (locale, path, referrer), the source of three lists.
  const views = sql`(SELECT locale, path, coalesce(referrer, '') AS referrer, sum(views) AS views FROM page_views
      WHERE viewed_at >= ${since} GROUP BY 1, 2, 3
    UNION ALL SELECT locale, path, referrer, views FROM page_view_day_pages WHERE day >= ${first})`;
  const [daily, pages, referrers, split] = await Promise.all([
    db.all<{ day: string; views: number; visitors: number }>(
      sql`WITH calendar (day, start, stop) AS (VALUES ${bounds})
        SELECT c.day AS day, sum(v.views) AS views, count(DISTINCT v.visitor) AS visitors
          FROM calendar c JOIN page_views v ON v.viewed_at >= c.start AND v.viewed_at < c.stop GROUP BY 1
        UNION ALL SELECT day, views, visitors FROM page_view_days WHERE day >= ${first}`,
    ),
    db.all<{ locale: Locale; path: string; title: string | null; views: number }>(
      sql`SELECT v.locale, v.path, p.title, sum(v.views) AS views FROM ${views} AS v
        LEFT JOIN pages p ON p.locale = v.locale AND p.slug = v.path
        GROUP BY v.locale, v.path ORDER BY 4 DESC, v.locale, v.path LIMIT ${TOP}`,
    ),
    db.all<{ host: string; views: number }>(
      sql`SELECT referrer AS host, sum(views) AS views FROM ${views} WHERE referrer != ''
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${TOP}`,
    ),
    db.all<{ locale: string; views: number }>(sql`SELECT locale, sum(views) AS views FROM ${views} GROUP BY 1`),
  ]);
  const byDay = new Map<string, { views: number; visitors: number }>();
  for (const row of daily) {
    const seen = byDay.get(row.day) ?? { views: 0, visitors: 0 };
    byDay.set(row.day, { views: seen.views + Number(row.views), visitors: seen.visitors + Number(row.visitors) });
  }
  const series = calendar.map(({ date }) => ({ date, ...(byDay.get(date) ?? { views: 0, visitors: 0 }) }));
  const localeViews = Object.fromEntries(locales.map((locale) => [locale, 0])) as Record<Locale, number>;
  for (const row of split)
    if ((locales as readonly string[]).includes(row.locale)) localeViews[row.locale as Locale] = Number(row.views);
  return {
    days,
    totals: {
      views: series.reduce((sum, d) => sum + d.views, 0),
      visitors: series.reduce((sum, d) => sum + d.visitors, 0),
    },
    daily: series,
    topPages: pages.map((row) => ({
      locale: row.locale,
      path: row.path ? `/${row.locale}/${row.path}` : `/${row.locale}`,
      title: row.title,
      views: Number(row.views),
    })),
    referrers: referrers.map((row) => ({ host: row.host, views: Number(row.views) })),
    locales: localeViews,
  };
}

/** A count from a table another feature owns: 0 while that table does not exist yet. */
async function countOr0(db: Database, query: ReturnType<typeof sql>) {
  try {
    return Number((await db.all<{ n: number }>(query))[0]?.n ?? 0);
  } catch (error) {
    if (isMissingTableError(error)) return 0;
    throw error;
  }
}

type ContentFacts = Pick<SiteFacts, 'pages' | 'missingTranslations' | 'outdatedTranslations'>;

/**
 * The facts about the indexed content, counted once per state of the index: counting missing and
 * outdated translations reads every page (about 0.2 s at 100 000 pages, issue 35 F-2), and the index
 * changes only when a sync or a publish makes a new content build. The state is that build and the
 * pages per language and draft (`page_counts`, kept by triggers: drizzle/0029), one cheap statement
 * per visit of the overview; each process counts once per state.
 */
const contentFactsMemo = new WeakMap<Database, { state: string; facts: Promise<ContentFacts> }>();

async function contentFacts(db: Database): Promise<ContentFacts> {
  const [row] = await db.all<{ build: string | null; counts: string }>(
    sql`SELECT (SELECT id FROM content_builds ORDER BY created_at DESC LIMIT 1) AS build,
      (SELECT json_group_array(json_array(locale, draft, pages)) FROM page_counts) AS counts`,
  );
  const counts = JSON.parse(row?.counts ?? '[]') as [string, number, number][];
  const state = `${row?.build ?? ''}\n${JSON.stringify(counts.sort())}`;
  const memo = contentFactsMemo.get(db);
  if (memo?.state === state) return memo.facts;
  const published = counts.filter(([, draft]) => !draft).map(([locale, , n]) => ({ locale, n }));
  const facts = countTranslations(db).then((translations) => ({ pages: perLocaleOf(published), ...translations }));
  contentFactsMemo.set(db, { state, facts });
  // A failed count is not remembered.
  facts.catch(() => {
    if (contentFactsMemo.get(db)?.facts === facts) contentFactsMemo.delete(db);
  });
  return facts;
}

const perLocaleOf = (rows: { locale: string; n: number }[]) =>
  Object.fromEntries(locales.map((locale) => [locale, Number(rows.find((row) => row.locale === locale)?.n ?? 0)])) as Record<
    Locale,
    number
  >;

async function countTranslations(db: Database): Promise<Omit<ContentFacts, 'pages'>> {
  const [missing, outdatedTranslations] = await Promise.all([
    // A page's translation is the other locale's page with the same translation key (its address by
    // default; server/services/content.ts translationSlug), one lookup in pages_translation_idx per page.
    Promise.all(
      locales.map(async (locale) => {
        const [row] = await db.all<{ n: number }>(
          sql`SELECT count(*) AS n FROM pages p WHERE p.locale = ${locale}
            AND NOT EXISTS (SELECT 1 FROM pages q INDEXED BY pages_translation_idx WHERE q.locale = ${otherLocale(locale)}
              AND coalesce(q.translation_key, q.slug) = coalesce(p.translation_key, p.slug))`,
        );
        return { locale, n: Number(row?.n ?? 0) };
      }),
    ),
    countOutdatedTranslations(db),
  ]);
  return { missingTranslations: perLocaleOf(missing), outdatedTranslations };
}

/** The overview's facts about the site: content per locale, work waiting, the last publish. */
export async function siteFacts(db: Database): Promise<SiteFacts> {
  const [content, pendingChanges, pendingComments, subscribers, [lastBuild]] = await Promise.all([
    contentFacts(db),
    countOr0(db, sql`SELECT count(*) AS n FROM commits c JOIN builds b ON b.id = c.build_id WHERE b.status = 'open'`),
    countOr0(db, sql`SELECT count(*) AS n FROM comments WHERE status = 'pending'`),
    countOr0(db, sql`SELECT count(*) AS n FROM newsletter_subscribers WHERE status = 'subscribed'`),
    // `all`, not `get`: Drizzle's libSQL driver fails on a raw `get` that finds no row.
    db.all<{ id: number; title: string; published_at: number; display_name: string | null }>(
      sql`SELECT b.id, b.title, b.published_at, u.display_name FROM builds b
        LEFT JOIN users u ON u.id = b.published_by
        WHERE b.status = 'published' AND b.published_at IS NOT NULL ORDER BY b.published_at DESC LIMIT 1`,
    ),
  ]);
  return {
    ...content,
    pendingChanges,
    pendingComments,
    subscribers,
    lastBuild: lastBuild
      ? {
          id: Number(lastBuild.id),
          title: lastBuild.title,
          publishedAt: new Date(Number(lastBuild.published_at)).toISOString(),
          publishedBy: lastBuild.display_name || null,
        }
      : null,
  };
}

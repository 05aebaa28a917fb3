import { count, gte, lt, sql } from 'drizzle-orm';
import { NOT_FOUND_DAYS, NOT_FOUND_PAGE_SIZE, type NotFoundItem, parseRedirectSource } from '../../common/redirects';
import type { Database } from '../db/database';
import { splitStatements } from '../db/limits';
import { notFoundHits } from '../db/schema';
import type { NotFoundHit } from '../deps';
import { utcDay } from './analytics';

/*
 * The 404 log (docs/analytics.md "The 404 log"): which paths answered 404 in the last 30 days, how
 * often (people and bots apart) and when last, so the owner can mend them with a redirect. Like
 * the page views, it keeps no address, user agent, cookie or query string. Rows are per path and
 * UTC day; the table never holds more than NOT_FOUND_MAX_ROWS of them, however many paths are
 * asked for: each write drops the days past 30 and, beyond the cap, the least asked-for rows,
 * oldest first, so a flood of made-up paths pushes out its own kind rather than the paths people
 * keep asking for.
 */

/** The most rows the log holds (each a path on one day). */
export const NOT_FOUND_MAX_ROWS = 5000;
/** A longer path is not recorded: no page of this site has one, and it would only fill the log. */
export const NOT_FOUND_PATH_MAX = 500;
const DAY_MS = 86_400_000;

/** The first day still shown and kept. */
const firstDay = (now: number) => utcDay(now - (NOT_FOUND_DAYS - 1) * DAY_MS);

/** Counts the hits (grouped by path and day) and keeps the log within its days and rows, in one batch. */
export async function writeNotFound(db: Database, hits: readonly NotFoundHit[], now = Date.now()) {
  if (!hits.length) return;
  const groups = new Map<string, typeof notFoundHits.$inferInsert & { people: number; bots: number; lastAt: Date }>();
  for (const hit of hits) {
    const day = utcDay(hit.at);
    const key = `${day}\u0000${hit.path}`;
    let group = groups.get(key);
    if (!group) {
      group = { path: hit.path, day, people: 0, bots: 0, lastAt: new Date(hit.at) };
      groups.set(key, group);
    }
    if (hit.bot) group.bots++;
    else group.people++;
    if (hit.at > group.lastAt.getTime()) group.lastAt = new Date(hit.at);
  }
  const cap = sql.raw(String(NOT_FOUND_MAX_ROWS));
  const statements = [
    ...splitStatements([...groups.values()], (part) =>
      db
        .insert(notFoundHits)
        .values(part)
        .onConflictDoUpdate({
          target: [notFoundHits.path, notFoundHits.day],
          set: {
            people: sql`people + excluded.people`,
            bots: sql`bots + excluded.bots`,
            lastAt: sql`max(last_at, excluded.last_at)`,
          },
        }),
    ),
    db.delete(notFoundHits).where(lt(notFoundHits.day, firstDay(now))),
    // Beyond the cap: the least asked-for go first, the oldest of them first. The count is read
    // once per statement, so below the cap nothing is sorted.
    db
      .delete(notFoundHits)
      .where(
        sql`(SELECT count(*) FROM not_found_hits) > ${cap} AND rowid IN (SELECT rowid FROM not_found_hits ORDER BY people + bots DESC, last_at DESC LIMIT -1 OFFSET ${cap})`,
      ),
  ];
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
}

/** The log as the dashboard shows it: paths of the last 30 days, most asked for by people first, then by bots, paged. */
export async function listNotFound(db: Database, input: { page: number; query?: string }, now = Date.now()) {
  const since = gte(notFoundHits.day, firstDay(now));
  const query = input.query?.trim();
  const where = query
    ? sql`${since} AND lower(${notFoundHits.path}) like ${`%${query.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`} escape '\\'`
    : since;
  const people = sql<number>`sum(${notFoundHits.people})`;
  const bots = sql<number>`sum(${notFoundHits.bots})`;
  const lastAt = sql<number>`max(${notFoundHits.lastAt})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ path: notFoundHits.path, people, bots, lastAt })
      .from(notFoundHits)
      .where(where)
      .groupBy(notFoundHits.path)
      .orderBy(sql`2 DESC, 3 DESC, 4 DESC, 1`)
      .limit(NOT_FOUND_PAGE_SIZE)
      .offset((input.page - 1) * NOT_FOUND_PAGE_SIZE),
    db
      .select({ value: count(sql`DISTINCT ${notFoundHits.path}`) })
      .from(notFoundHits)
      .where(where),
  ]);
  return {
    items: rows.map(
      (row): NotFoundItem => ({
        path: row.path,
        people: Number(row.people),
        bots: Number(row.bots),
        lastAt: new Date(Number(row.lastAt)).toISOString(),
        redirectable: parseRedirectSource(row.path).ok,
      }),
    ),
    total: total?.value ?? 0,
    page: input.page,
    pageSize: NOT_FOUND_PAGE_SIZE,
  };
}

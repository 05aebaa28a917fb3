import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Privacy-friendly analytics (docs/analytics.md). A raw view keeps no IP address, user agent or
 * cookie: `visitor` is a salted hash that only identifies the same browser on the same UTC day,
 * because the day's salt (`analytics_salts`) is deleted once the day is over. `referrer` holds
 * the referring host only, never the full address. Raw rows older than the retention period are
 * rolled into `page_view_days` and `page_view_day_pages`, then deleted.
 */
export const pageViews = sqliteTable(
  'page_views',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    locale: text('locale').notNull(),
    path: text('path').notNull(),
    /** The referring site's host (`www.google.com`), null for direct visits and the site's own links. */
    referrer: text('referrer'),
    viewedAt: integer('viewed_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    /** Salted hash of the day, site, address and user agent (server/analytics/visitor.ts). */
    visitor: text('visitor').notNull().default(''),
    /**
     * How many views of this page this visitor made within this second, with this referrer: a
     * reader reloading or a spike from a few browsers is one row, not one per view.
     */
    views: integer('views').notNull().default(1),
  },
  (t) => [index('page_views_path_idx').on(t.locale, t.path), index('page_views_time_idx').on(t.viewedAt)],
);
export type PageView = typeof pageViews.$inferSelect;

/** Today's random salt for visitor hashes; a day's row is deleted once the day is over. */
export const analyticsSalts = sqliteTable('analytics_salts', {
  /** UTC day, `YYYY-MM-DD`. */
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});

/** Totals of a day whose raw views were rolled up (past the retention period). */
export const pageViewDays = sqliteTable('page_view_days', {
  day: text('day').primaryKey(),
  views: integer('views').notNull(),
  visitors: integer('visitors').notNull(),
});

/** Views of a rolled-up day per page and referring host ('' = direct or own site). */
export const pageViewDayPages = sqliteTable(
  'page_view_day_pages',
  {
    day: text('day').notNull(),
    locale: text('locale').notNull(),
    path: text('path').notNull(),
    referrer: text('referrer').notNull().default(''),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ name: 'page_view_day_pages_pk', columns: [t.day, t.locale, t.path, t.referrer] })],
);

/**
 * The 404 log (docs/analytics.md "The 404 log"): per path and UTC day, how many requests for it
 * answered 404, from people and from bots apart, and when the last one came. No address, user agent
 * or query string is kept. Days older than 30 go, and the table holds at most `NOT_FOUND_MAX_ROWS`
 * rows (server/services/not-found-log.ts): the least asked-for, oldest first, make room.
 */
export const notFoundHits = sqliteTable(
  'not_found_hits',
  {
    /** The path as the redirects table keys it (decoded, no trailing slash, no query). */
    path: text('path').notNull(),
    /** UTC day, `YYYY-MM-DD`. */
    day: text('day').notNull(),
    people: integer('people').notNull().default(0),
    bots: integer('bots').notNull().default(0),
    lastAt: integer('last_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.path, t.day] }), index('not_found_hits_last_idx').on(t.lastAt)],
);

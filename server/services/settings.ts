import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { messageRef } from '../../common/messages';
import type { SiteSettings } from '../../common/site-settings';
import type { Database } from '../db/database';
import { selectInParts } from '../db/limits';
import { pages, settings } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { readSiteState, SITE_SETTINGS_KEY } from './site';

/**
 * Site settings as the dashboard edits them (docs/spec.md: app block, menus, cats, indexable).
 * The version is the row's `updated_at` in ms: the page cache keys on it, and a save may name the
 * version it started from (`If-Match`) so two editors do not silently overwrite each other.
 */
export type VersionedSettings = { settings: SiteSettings; version: number };

/** The stored settings merged over the defaults, and their version. */
export async function readSettings(db: Database): Promise<VersionedSettings> {
  const [{ site }, row] = await Promise.all([
    readSiteState(db),
    db.select({ updatedAt: settings.updatedAt }).from(settings).where(eq(settings.key, SITE_SETTINGS_KEY)).get(),
  ]);
  return { settings: site, version: row?.updatedAt.getTime() ?? 0 };
}

/** How many pages of the serving index (both locales, drafts included) name each category. */
export async function categoryUsage(db: Database, cats?: string[]): Promise<Record<string, number>> {
  if (cats && cats.length === 0) return {};
  const usage = (part?: string[]) =>
    db
      .select({ cat: pages.cat, pages: count() })
      .from(pages)
      .where(and(isNotNull(pages.cat), part ? inArray(pages.cat, part) : undefined))
      .groupBy(pages.cat);
  const rows = cats ? await selectInParts(cats, usage) : await usage();
  return Object.fromEntries(rows.map((row) => [row.cat as string, row.pages]));
}

/**
 * Replaces the settings (already validated by `siteSettingsSchema`). Refuses to drop a category
 * that indexed pages still use: their front matter lives in git, so they would lose their
 * category page without anyone having decided it. Every write moves `updated_at` forward (even
 * twice in one millisecond), which gives anonymous pages a new cache key; this process's cache is
 * also emptied, so the change shows on the very next request.
 */
export async function saveSettings(
  deps: Pick<AppDeps, 'db' | 'pageCache'>,
  next: SiteSettings,
  expectedVersion?: number,
): Promise<VersionedSettings> {
  const { db } = deps;
  const current = await readSettings(db);
  if (expectedVersion !== undefined && expectedVersion !== current.version) throw new AppError(412, 'api.settingsChanged');

  const removed = current.settings.cats.filter((cat) => !next.cats.includes(cat));
  const usage = await categoryUsage(db, removed);
  const inUse = removed.filter((cat) => usage[cat]);
  if (inUse.length) {
    const [cat] = inUse as [string];
    throw new AppError(
      409,
      'api.categoryInUse',
      {
        issues: [{ path: ['cats'], message: messageRef('api.categoryInUse', { cat, count: usage[cat] ?? 0 }) }],
        usage: Object.fromEntries(inUse.map((name) => [name, usage[name]])),
      },
      { cat, count: usage[cat] ?? 0 },
    );
  }

  // Whole milliseconds, so the version read back compares equal (the column default keeps fractions).
  const bumped = sql`CAST(max(unixepoch('subsec') * 1000, ${settings.updatedAt} + 1) AS INTEGER)`;
  const row = await db
    .update(settings)
    .set({ value: next, updatedAt: bumped })
    .where(
      and(
        eq(settings.key, SITE_SETTINGS_KEY),
        // Compare-and-set: a save that raced another one between the read above and here is refused.
        sql`CAST(${settings.updatedAt} AS INTEGER) = ${current.version}`,
      ),
    )
    .returning({ updatedAt: settings.updatedAt })
    .get();
  if (!row) throw new AppError(412, 'api.settingsChanged');
  // Awaited: on Workers the cache is the data centre's, and clearing it is a request of its own.
  await deps.pageCache?.clear();
  return { settings: next, version: row.updatedAt.getTime() };
}

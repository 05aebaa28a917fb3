import { eq, sql } from 'drizzle-orm';
import { type Appearance, checkAppearance, defaultAppearance } from '../../common/appearance';
import { themeManifests } from '../../themes/manifests';
import { settings } from '../db/schema';
import type { AppDeps } from '../deps';
import { APPEARANCE_KEY } from './site';

/*
 * Settings → Appearance (docs/themes.md): the theme, its options, the accent and the owner's CSS,
 * one settings row. Public pages read it with the site state (readSiteState, the same statement).
 */

/** Whether a stored or imported value is one the Appearance screen would have saved as it is. */
export function isValidAppearance(value: unknown): value is Appearance {
  const checked = checkAppearance(value, themeManifests);
  return checked.ok && JSON.stringify(checked.value) === JSON.stringify(value);
}

export async function readAppearance(db: AppDeps['db']): Promise<Appearance> {
  const row = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, APPEARANCE_KEY)).get();
  return isValidAppearance(row?.value) ? row.value : defaultAppearance;
}

/**
 * Replaces the appearance (already checked by `appearanceSchema`). As with every settings write,
 * `updated_at` moves forward, which is part of every cached page's key (Node's memory store and
 * Workers' Cache API alike), and this process's page cache is emptied at once, so the next request
 * to any page, cached or not, is rendered with the new look.
 */
export async function saveAppearance(deps: Pick<AppDeps, 'db' | 'pageCache'>, next: Appearance): Promise<Appearance> {
  const bumped = sql`CAST(max(unixepoch('subsec') * 1000, ${settings.updatedAt} + 1) AS INTEGER)`;
  await deps.db
    .insert(settings)
    .values({ key: APPEARANCE_KEY, value: next })
    .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: bumped } });
  await deps.pageCache?.clear();
  return next;
}

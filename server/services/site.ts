import { eq, sql } from 'drizzle-orm';
import { defaultSiteSettings, type SiteSettings } from '../../common/site-settings';
import type { Database } from '../db/database';
import { settings } from '../db/schema';

export const SITE_SETTINGS_KEY = 'site';
export const INSTALLED_AT_KEY = 'installed_at';

async function hasTable(db: Database, name: string): Promise<boolean> {
  const rows = await db.all(sql`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ${name}`);
  return rows.length > 0;
}

/** Installation is recorded in the database itself, so it survives restarts and redeploys. */
export async function isInstalled(db: Database): Promise<boolean> {
  if (!(await hasTable(db, 'settings'))) return false;
  const row = await db.select({ key: settings.key }).from(settings).where(eq(settings.key, INSTALLED_AT_KEY)).get();
  return Boolean(row);
}

/** Site settings merged over the defaults; a fresh, uninstalled site gets the defaults. */
export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  if (!(await hasTable(db, 'settings'))) return defaultSiteSettings;
  const row = await db.select().from(settings).where(eq(settings.key, SITE_SETTINGS_KEY)).get();
  return { ...defaultSiteSettings, ...((row?.value as Partial<SiteSettings> | undefined) ?? {}) };
}

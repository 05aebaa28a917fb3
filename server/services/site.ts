import { inArray } from 'drizzle-orm';
import type { Appearance } from '../../common/appearance';
import { siteTimeZone } from '../../common/format';
import type { HeadCode } from '../../common/head-code';
import { defaultSiteSettings, type SiteSettings } from '../../common/site-settings';
import type { Database } from '../db/database';
import { isMissingTableError } from '../db/errors';
import { settings } from '../db/schema';
import type { SiteState } from '../deps';

export const SITE_SETTINGS_KEY = 'site';
export const INSTALLED_AT_KEY = 'installed_at';
/** The site's public address recorded by the installer (server/site-origin.ts): a string origin. */
export const SITE_ADDRESS_KEY = 'site_address';
/** The owner's head code (common/head-code.ts), validated when saved or imported. */
export const HEAD_CODE_KEY = 'head_code';
/** Settings → Appearance (common/appearance.ts), validated when saved or imported. */
export const APPEARANCE_KEY = 'appearance';

/** What every page request needs to know about the site (its recorded address too), read in one statement. */
export type { SiteState } from '../deps';

/** Installation cannot be undone, so once a database says "installed" it is not asked again. */
const installedDatabases = new WeakSet<Database>();

/**
 * Installed flag and site settings (merged over the defaults) in one query. A fresh database
 * without tables is simply "not installed"; any other failure propagates.
 */
export async function readSiteState(db: Database): Promise<SiteState> {
  try {
    const rows = await db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(inArray(settings.key, [INSTALLED_AT_KEY, SITE_SETTINGS_KEY, SITE_ADDRESS_KEY, HEAD_CODE_KEY, APPEARANCE_KEY]));
    const stored = rows.find((row) => row.key === SITE_SETTINGS_KEY)?.value as Partial<SiteSettings> | undefined;
    const installed = rows.some((row) => row.key === INSTALLED_AT_KEY);
    if (installed) installedDatabases.add(db);
    const address = rows.find((row) => row.key === SITE_ADDRESS_KEY)?.value;
    const headCode = rows.find((row) => row.key === HEAD_CODE_KEY)?.value as HeadCode | undefined;
    const appearance = rows.find((row) => row.key === APPEARANCE_KEY)?.value as Appearance | undefined;
    return {
      installed,
      // A zone this runtime does not know (written by hand, or by a newer ICU) reads as the default:
      // formatting with it would throw on every page.
      site: { ...defaultSiteSettings, ...(stored ?? {}), timeZone: siteTimeZone(stored) },
      ...(typeof address === 'string' ? { address } : {}),
      ...(headCode?.tags?.length ? { headTags: headCode.tags } : {}),
      ...(appearance ? { appearance } : {}),
    };
  } catch (error) {
    if (isMissingTableError(error)) return { installed: false, site: defaultSiteSettings };
    throw error;
  }
}

/** Installation is recorded in the database itself, so it survives restarts and redeploys. */
export async function isInstalled(db: Database): Promise<boolean> {
  return installedDatabases.has(db) || (await readSiteState(db)).installed;
}

/** Site settings merged over the defaults; a fresh, uninstalled site gets the defaults. */
export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  return (await readSiteState(db)).site;
}

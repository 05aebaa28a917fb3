import { eq, inArray, sql } from 'drizzle-orm';
import { defaultSiteSettings, type MenuEntry, type SiteSettings } from '../../common/site-settings';
import type { Database } from '../db/database';
import { settings } from '../db/schema';
import { SITE_SETTINGS_KEY } from './site';

/** The dashboard menu targets this site has been offered so far (settings row, a list of `to`). */
export const DASH_MENU_SEEN_KEY = 'dash_menu_seen';

/**
 * The dashboard entries every site had before the seen list was recorded (release of 2026-11-27):
 * a site with no seen list is taken to have been offered these, so an entry of this list missing
 * from its menu was removed by its owner and stays removed. Media and Webhooks came with that
 * release and are offered once.
 */
export const DASH_MENU_KNOWN_BEFORE_SEEN_LIST = [
  '/manage',
  '/manage/pages',
  '/manage/comments',
  '/manage/newsletter',
  '/manage/users',
  '/manage/builds',
  '/manage/settings',
  '/manage/api',
];

/** Every default target: what a site installed by this version has been offered. */
export const defaultDashTargets = () => defaultSiteSettings.dashMenu.map((entry) => entry.to);

/**
 * Adds to the stored menu each default entry that the site was never offered (not in its seen
 * list) and that it does not have, placed after the default entry that precedes it when the menu
 * has that one, else at the end; the owner's order and other entries are kept. Then records every
 * default target as seen, so an entry the owner removes later is not added again. Returns the
 * targets added. Does nothing on a site without stored settings (not installed).
 */
export function mergeNewDashEntries(menu: MenuEntry[], seen: string[]): { menu: MenuEntry[]; added: string[] } {
  const next = [...menu];
  const added: string[] = [];
  const defaults = defaultSiteSettings.dashMenu;
  defaults.forEach((entry, index) => {
    if (seen.includes(entry.to) || next.some((mine) => mine.to === entry.to)) return;
    const before = defaults
      .slice(0, index)
      .map((earlier) => next.findIndex((mine) => mine.to === earlier.to))
      .filter((at) => at >= 0);
    const at = before.length ? Math.max(...before) + 1 : next.length;
    next.splice(at, 0, structuredClone(entry));
    added.push(entry.to);
  });
  return { menu: next, added };
}

export async function addReleaseDashEntries(db: Database): Promise<string[]> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [SITE_SETTINGS_KEY, DASH_MENU_SEEN_KEY]));
  const stored = rows.find((row) => row.key === SITE_SETTINGS_KEY)?.value as Partial<SiteSettings> | undefined;
  if (!stored) return [];
  const seenRow = rows.find((row) => row.key === DASH_MENU_SEEN_KEY)?.value;
  const seen = Array.isArray(seenRow) ? (seenRow as string[]) : DASH_MENU_KNOWN_BEFORE_SEEN_LIST;
  const nowSeen = [...new Set([...seen, ...defaultDashTargets()])];
  const { menu, added } = stored.dashMenu ? mergeNewDashEntries(stored.dashMenu, seen) : { menu: undefined, added: [] };
  const writes = [];
  if (added.length) {
    // Moves updated_at forward as a settings save does, so cached pages show the new menu.
    const bumped = sql`CAST(max(unixepoch('subsec') * 1000, ${settings.updatedAt} + 1) AS INTEGER)`;
    writes.push(
      db
        .update(settings)
        .set({ value: { ...stored, dashMenu: menu }, updatedAt: bumped })
        .where(eq(settings.key, SITE_SETTINGS_KEY)),
    );
  }
  if (!Array.isArray(seenRow) || nowSeen.length !== seen.length)
    writes.push(
      db
        .insert(settings)
        .values({ key: DASH_MENU_SEEN_KEY, value: nowSeen })
        .onConflictDoUpdate({ target: settings.key, set: { value: nowSeen } }),
    );
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
  return added;
}

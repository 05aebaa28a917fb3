import { isLocale, type Locale } from '../../common/locales';
import type { SiteSettings } from '../../common/site-settings';
import type { RootData } from '../lib/root-data';

/** What a reading page tells its islands (root.tsx writes it as JSON; no secret, the same for every reader). */
export type ReadingPageData = {
  buildId?: string;
  turnstileSiteKey?: string;
  newsletter?: boolean;
  /** Settings → default avatar (comment avatars fall back to it). */
  defaultAvatar?: string;
  /** Settings → time zone: comment times are shown in it. */
  timeZone?: string;
};
export const READING_DATA_ID = 'daftar-reading';

let data: RootData | undefined;

/** The root data of a reading page, in the shape `useRootData` returns on hydrated pages. */
export function readingPage(): RootData & ReadingPageData {
  if (!data) {
    const lang = document.documentElement.lang;
    const element = document.getElementById(READING_DATA_ID);
    const page = (element?.textContent ? JSON.parse(element.textContent) : {}) as ReadingPageData;
    const locale: Locale = isLocale(lang) ? lang : 'fa';
    // Of the settings the islands read only the default avatar and the zone; the rest (both languages' names) stays out.
    const site = { defaultAvatar: page.defaultAvatar, timeZone: page.timeZone } as SiteSettings;
    data = { ...page, locale, installed: true, site };
  }
  return data;
}

import { useParams, useRouteLoaderData } from 'react-router';
import type { PageAppearance } from '../../common/appearance';
import type { HeadTag } from '../../common/head-code';
import type { InstallStatus } from '../../common/installer';
import { defaultLocale, isLocale, type Locale } from '../../common/locales';
import { defaultSiteSettings, type SiteSettings } from '../../common/site-settings';

export type RootData = {
  locale: Locale;
  installed: boolean;
  site: SiteSettings;
  nonce?: string;
  install?: InstallStatus;
  turnstileSiteKey?: string;
  /** Whether the site can send mail: the newsletter's subscribe forms are shown only then. */
  newsletter?: boolean;
  /** Whether account mails can go out: the login form links to forgot-password only then. */
  mail?: boolean;
  /** The site's zone named in the page's language (`zoneLabel`), made once by the server so both sides say the same. */
  zoneLabel?: string;
  /** The owner's head code (Settings → Code): rendered in the head of reading pages only. */
  headTags?: HeadTag[];
  /** Settings → Appearance, when saved: worn by reading pages (app/lib/appearance.tsx). */
  appearance?: PageAppearance;
  /**
   * The page shows an unsaved appearance for the Appearance screen's preview (app/lib/appearance.server.ts):
   * its custom CSS (checked, so it holds no `<`), and the colour mode the preview asked for.
   */
  appearancePreview?: { css: string };
  /** The colour mode the preview asks for (forcedColorModeOf reads it from any route's data). */
  colorMode?: 'light' | 'dark';
};

/** What meta functions receive as `matches`. */
export type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The root's loader data among a meta function's matches (undefined when the root did not load). */
export function rootData(matches: readonly MatchLike[]): RootData | undefined {
  return matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
}

/**
 * Root loader data from anywhere, including error boundaries. When the root loader did not run
 * (a route middleware refused first) the locale still comes from the URL.
 */
export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const { locale } = useParams();
  return data ?? { locale: isLocale(locale) ? locale : defaultLocale, installed: true, site: defaultSiteSettings };
}

import { useParams, useRouteLoaderData } from 'react-router';
import { defaultLocale, isLocale, type Locale } from '../../common/locales';
import { defaultSiteSettings, type SiteSettings } from '../../common/site-settings';
import type { InstallStatus } from '../../server/services/installer';

export type RootData = {
  locale: Locale;
  installed: boolean;
  site: SiteSettings;
  nonce?: string;
  install?: InstallStatus;
  turnstileSiteKey?: string;
};

/**
 * Root loader data from anywhere, including error boundaries. When the root loader did not run
 * (a route middleware refused first) the locale still comes from the URL.
 */
export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const { locale } = useParams();
  return data ?? { locale: isLocale(locale) ? locale : defaultLocale, installed: true, site: defaultSiteSettings };
}

/** A locale-less app path made absolute for the current locale: '/about' → '/fa/about'. */
export function localePath(locale: Locale, to: string): string {
  return to === '/' ? `/${locale}` : `/${locale}${to.startsWith('/') ? to : `/${to}`}`;
}

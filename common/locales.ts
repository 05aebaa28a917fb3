import { readCookie } from './cookies';

/** The locales the site speaks, and how a request picks one (docs/spec.md §2, §4, §9). */
export const locales = ['fa', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'fa';

export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const localeNames: Record<Locale, string> = { fa: 'فارسی', en: 'English' };
export const localeDirection: Record<Locale, 'rtl' | 'ltr'> = { fa: 'rtl', en: 'ltr' };
/** BCP 47 tags for Intl: Persian uses the Jalali (persian) calendar and Persian digits. */
export const intlLocale: Record<Locale, string> = { fa: 'fa-IR-u-ca-persian-nu-arabext', en: 'en-US' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The locale a value names, or the default: for route params that the locale route already checked. */
export function localeOr(value: unknown, fallback: Locale = defaultLocale): Locale {
  return isLocale(value) ? value : fallback;
}

/** The site's other language (the translation of a page, the language switcher). */
export function otherLocale(locale: Locale): Locale {
  return locales.find((l) => l !== locale) ?? locale;
}

/**
 * The language translations are made into: a pair's page in `defaultLocale` is its source, the
 * other its translation, out of date when the source changed later (docs/content.md "Outdated translations").
 */
export const translationLocale: Locale = otherLocale(defaultLocale);

/** Best supported locale from an Accept-Language header, honouring q-values. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, order };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return undefined;
}

/** Route prefix, then the locale cookie, then Accept-Language, then the default (fa). */
export function detectLocale(input: { pathname: string; cookie?: string | null; acceptLanguage?: string | null }): Locale {
  // React Router's data request for /fa is /fa.data: its prefix is still the locale.
  const prefix = input.pathname.split('/')[1]?.replace(/\.data$/, '');
  if (isLocale(prefix)) return prefix;
  const fromCookie = readCookie(input.cookie, LOCALE_COOKIE);
  if (isLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? defaultLocale;
}

/** The same path in another locale: /fa/about → /en/about. */
export function switchLocalePath(pathname: string, target: Locale): string {
  const segments = pathname.split('/');
  if (isLocale(segments[1])) segments[1] = target;
  else segments.splice(1, 0, target);
  const joined = segments.join('/');
  return joined.endsWith('/') && joined.length > 1 ? joined.slice(0, -1) : joined;
}

import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches } from 'react-router';
import { languageSwitchTarget, type SwitchSource } from '../../../common/language-switch';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale, localeNames, locales } from '../../../common/locales';
import { Button } from '../ui/button';

export function rememberLocale(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie; the server reads it on the next visit to `/`.
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;
}

/** The deepest route's SEO data (its alternates and where its switch leads), if it has any. */
function routeSeo(matches: readonly { loaderData?: unknown }[]): SwitchSource['seo'] {
  for (const match of [...matches].reverse()) {
    const seo = (match.loaderData as { seo?: SwitchSource['seo'] } | undefined)?.seo;
    if (seo) return seo;
  }
  return undefined;
}

/**
 * A link-style button per other locale, labelled with its own name (docs/spec.md §2), leading where
 * `languageSwitchTarget` says (never a 404). `error`: the page is an error view. `targets`: where
 * the server rendered the links to lead (a reading page's island keeps them: it has no loader data).
 */
export function LanguageSwitcher({
  current,
  error,
  targets,
}: {
  current: Locale;
  error?: boolean;
  targets?: Partial<Record<Locale, string>>;
}) {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const seo = routeSeo(useMatches());
  return (
    <nav aria-label={t('common.languageSwitcher')} className="flex items-center">
      {locales
        .filter((locale) => locale !== current)
        .map((locale) => (
          <Button key={locale} asChild variant="link" size="sm" className="max-sm:px-1.5">
            <Link
              to={targets?.[locale] ?? languageSwitchTarget({ pathname, search, hash, seo, error }, locale)}
              lang={locale}
              hrefLang={locale}
              title={t('common.switchTo', { language: localeNames[locale] })}
              onClick={() => rememberLocale(locale)}
            >
              {localeNames[locale]}
            </Link>
          </Button>
        ))}
    </nav>
  );
}

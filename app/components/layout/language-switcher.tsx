import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  type Locale,
  localeNames,
  locales,
  switchLocalePath,
} from '../../../common/locales';
import { Button } from '../ui/button';

export function rememberLocale(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie; the server reads it on the next visit to `/`.
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;
}

/** A link-style button per other locale, labelled with its own name (docs/spec.md §2). */
export function LanguageSwitcher({ current }: { current: Locale }) {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  return (
    <nav aria-label={t('common.languageSwitcher')} className="flex items-center">
      {locales
        .filter((locale) => locale !== current)
        .map((locale) => (
          <Button key={locale} asChild variant="link" size="sm">
            <Link
              to={`${switchLocalePath(pathname, locale)}${search}${hash}`}
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

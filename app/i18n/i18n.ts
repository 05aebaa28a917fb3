import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Locale, locales } from '../../common/locales';
import { sharedMessages } from '../../common/messages';

type Messages = Record<string, unknown>;

/*
 * Messages live in one JSON file per area and locale (locales/{fa,en}/{area}.json), so features
 * own their words; each file holds top-level groups, merged here into one table per locale
 * together with the messages the server shares (common/messages.ts: validation, api).
 */
const files = import.meta.glob<Messages>('./locales/*/*.json', { eager: true, import: 'default' });

export const messages = Object.fromEntries(
  locales.map((locale) => [
    locale,
    Object.assign(
      {},
      sharedMessages[locale],
      ...Object.entries(files)
        .filter(([file]) => file.startsWith(`./locales/${locale}/`))
        .map(([, m]) => m),
    ),
  ]),
) as Record<Locale, Messages>;

/** A new i18next instance for one locale (tests; the app shares one per locale: `i18nFor`). */
export function createI18n(locale: Locale): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: Object.fromEntries(locales.map((l) => [l, { translation: messages[l] }])),
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

const shared = new Map<Locale, i18n>();
/**
 * The one i18next instance of a locale, made on first use. Nothing changes an instance's language
 * or resources once made, so every request of the process shares it (building one per request
 * cost a quarter of a millisecond of every uncached page).
 */
export function i18nFor(locale: Locale): i18n {
  let instance = shared.get(locale);
  if (!instance) {
    instance = createI18n(locale);
    shared.set(locale, instance);
  }
  return instance;
}

/** A message outside React (route `meta`). */
export function translate(locale: Locale, key: string, values?: Record<string, unknown>): string {
  return i18nFor(locale).t(key, { ...values });
}

import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../common/locales';
import en from './locales/en.json';
import fa from './locales/fa.json';

export const resources = { en: { translation: en }, fa: { translation: fa } } as const;

/** One i18next instance per request on the server and per locale in the browser. */
export function createI18n(locale: Locale): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

import { intlLocale, type Locale } from '../../common/locales';

/** Dates in the reader's calendar: Jalali with Persian digits in fa, Gregorian in en. */
export function formatDate(locale: Locale, date: Date | string | number, options?: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: 'long', timeZone: 'UTC', ...options }).format(new Date(date));
}

export function formatNumber(locale: Locale, value: number, options?: Intl.NumberFormatOptions) {
  return new Intl.NumberFormat(intlLocale[locale], options).format(value);
}

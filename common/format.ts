import { intlLocale, type Locale } from './locales';

/*
 * Dates and numbers in the reader's locale, for the browser and the server alike (the dashboard,
 * reading pages and mail): Jalali with Persian digits in fa, Gregorian with ASCII digits in en.
 */

// Building an Intl formatter costs far more than formatting with one (a reading page formats a
// few dozen dates and numbers): one formatter per locale and options, kept for the process.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<F>(cache: Map<string, F>, locale: Locale, options: object | undefined, make: () => F): F {
  const key = options ? `${locale}${JSON.stringify(options)}` : locale;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

/** Dates in the reader's calendar: Jalali with Persian digits in fa, Gregorian in en. */
export function formatDate(locale: Locale, date: Date | string | number, options?: Intl.DateTimeFormatOptions) {
  const format = cached(
    dateFormats,
    locale,
    options,
    () => new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: 'long', timeZone: 'UTC', ...options }),
  );
  return format.format(new Date(date));
}

export function formatNumber(locale: Locale, value: number, options?: Intl.NumberFormatOptions) {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(intlLocale[locale], options)).format(value);
}

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/** ASCII digits in a text written for the reader (not code, not addresses) as Persian digits in fa. */
export function localDigits(locale: Locale, text: string) {
  return locale === 'fa' ? text.replace(/[0-9]/g, (digit) => PERSIAN_DIGITS[Number(digit)] as string) : text;
}

import { formatDate, zonedParts, zonedToIso } from './format';
import { addJalaliMonths, fromJalali, toJalali } from './jalali';
import type { Locale } from './locales';

/*
 * Date archives of the logs (docs/content.md "Date archives"): `/{locale}/logs/{year}` and
 * `/{locale}/logs/{year}/{month}`, counted in the reader's calendar — Jalali in Persian
 * (`/fa/logs/1404/08` is Aban 1404), Gregorian in English (`/en/logs/2025/11`). A page dated with
 * a day (`date: 2025-11-05`) belongs to that day; one dated with a time belongs to the day its
 * instant falls on in the site's time zone (Settings), like every other time the site shows.
 */

/** A year, or a month of it (1–12), in the locale's calendar. */
export type ArchivePeriod = { year: number; month?: number };

/** The years an archive answers for: ICU and common/jalali.ts agree on them, and every bound is a 4-digit ISO year. */
const YEARS: Record<Locale, { min: number; max: number }> = {
  fa: { min: 400, max: 3170 },
  en: { min: 1000, max: 9998 },
};

/** Any of the digits a person types: ASCII, Persian (۰–۹) or Arabic-Indic (٠–٩). */
const DIGIT_RUN = '[0-9\u06f0-\u06f9\u0660-\u0669]';
const ARCHIVE_PATH = new RegExp(`^logs/(${DIGIT_RUN}{1,4})(?:/(${DIGIT_RUN}{1,2}))?$`, 'u');
const asciiDigits = (text: string) =>
  text.replace(/[\u06f0-\u06f9\u0660-\u0669]/gu, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
  });

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The address below the locale of a period's archive: `logs/1404`, `logs/1404/08`. */
export function archiveSlug({ year, month }: ArchivePeriod): string {
  return month ? `logs/${year}/${pad(month)}` : `logs/${year}`;
}

/**
 * The period a content address names (`logs/1404/08`, also typed `logs/۱۴۰۴/۸`), or undefined when
 * it is no archive address or names no month or year the archive answers for. `slug` is the
 * canonical spelling: a path typed another way is sent there (301).
 */
export function parseArchiveSlug(locale: Locale, path: string): { period: ArchivePeriod; slug: string } | undefined {
  const match = ARCHIVE_PATH.exec(path);
  if (!match) return undefined;
  const year = Number(asciiDigits(match[1] as string));
  const month = match[2] === undefined ? undefined : Number(asciiDigits(match[2]));
  const { min, max } = YEARS[locale];
  if (year < min || year > max) return undefined;
  if (month !== undefined && (month < 1 || month > 12)) return undefined;
  const period = month === undefined ? { year } : { year, month };
  return { period, slug: archiveSlug(period) };
}

/**
 * The period's bounds, start included and end excluded: as calendar days (`YYYY-MM-DD`, for pages
 * dated with a day) and as instants in the site's zone (ISO, for pages dated with a time).
 */
export function archiveBounds(locale: Locale, { year, month }: ArchivePeriod, zone: string) {
  let from: string;
  let to: string;
  if (locale === 'fa') {
    from = fromJalali({ year, month: month ?? 1, day: 1 });
    const next = month ? addJalaliMonths(year, month, 1) : { year: year + 1, month: 1 };
    to = fromJalali({ ...next, day: 1 });
  } else {
    from = `${pad(year, 4)}-${pad(month ?? 1)}-01`;
    const next = month
      ? month === 12
        ? { year: year + 1, month: 1 }
        : { year, month: month + 1 }
      : { year: year + 1, month: 1 };
    to = `${pad(next.year, 4)}-${pad(next.month)}-01`;
  }
  return {
    fromDay: from,
    toDay: to,
    fromInstant: zonedToIso(from, '00:00', zone) as string,
    toInstant: zonedToIso(to, '00:00', zone) as string,
  };
}

/** The calendar day (`YYYY-MM-DD`) of a page's `date`: its own, or its instant's in the site's zone. */
export function pageDay(date: string, zone: string): string {
  return date.length > 10 ? zonedParts(date, zone).date : date.slice(0, 10);
}

/** The month (locale's calendar) a page's `date` belongs to; undefined for a date outside the archive's years. */
export function archiveMonthOf(locale: Locale, date: string, zone: string): { year: number; month: number } | undefined {
  const day = pageDay(date, zone);
  let result: { year: number; month: number };
  try {
    if (locale === 'fa') {
      const { year, month } = toJalali(day);
      result = { year, month };
    } else {
      result = { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
    }
  } catch {
    return undefined;
  }
  const { min, max } = YEARS[locale];
  return Number.isInteger(result.year) && result.year >= min && result.year <= max ? result : undefined;
}

/** The archive widget's data: years newest first, each with its months newest first and their counts. */
export type ArchiveYear = { year: number; count: number; months: { month: number; count: number }[] };

/** Counts pages by the month of their date (`dates`: each distinct date with how many pages have it). */
export function archiveYears(locale: Locale, dates: readonly { date: string; count: number }[], zone: string): ArchiveYear[] {
  const years = new Map<number, Map<number, number>>();
  for (const { date, count } of dates) {
    const at = archiveMonthOf(locale, date, zone);
    if (!at) continue;
    const months = years.get(at.year) ?? new Map<number, number>();
    months.set(at.month, (months.get(at.month) ?? 0) + count);
    years.set(at.year, months);
  }
  return [...years.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, months]) => {
      const list = [...months.entries()].sort(([a], [b]) => b - a).map(([month, count]) => ({ month, count }));
      return { year, count: list.reduce((sum, m) => sum + m.count, 0), months: list };
    });
}

/** How many pages a period has, from the widget's counts. */
export function periodTotal(years: readonly ArchiveYear[], { year, month }: ArchivePeriod): number {
  const found = years.find((entry) => entry.year === year);
  if (!found) return 0;
  return month === undefined ? found.count : (found.months.find((entry) => entry.month === month)?.count ?? 0);
}

/** The first day of a period (ISO), for naming it with Intl in the locale's calendar. */
export function archiveFirstDay(locale: Locale, period: ArchivePeriod): string {
  return archiveBounds(locale, period, 'UTC').fromDay;
}

/** A period as readers name it: «آبان ۱۴۰۴», «۱۴۰۴»; "November 2025", "2025". */
export function archivePeriodName(locale: Locale, period: ArchivePeriod): string {
  const day = archiveFirstDay(locale, period);
  const year = formatDate(locale, day, YEAR);
  if (!period.month) return year;
  // ICU's Persian month-and-year pattern puts the year first («۱۴۰۴ آبان»); a reader says «آبان ۱۴۰۴».
  if (locale === 'fa') return `${formatDate(locale, day, MONTH)} ${year}`;
  return formatDate(locale, day, { ...MONTH, ...YEAR });
}

// `dateStyle` off: formatDate's default may not be mixed with single fields.
const YEAR = { dateStyle: undefined, year: 'numeric' } as const;
const MONTH = { dateStyle: undefined, month: 'long' } as const;

/** A month's name alone («آبان», "November"), for the widget under its year. */
export function archiveMonthName(locale: Locale, year: number, month: number): string {
  return formatDate(locale, archiveFirstDay(locale, { year, month }), MONTH);
}

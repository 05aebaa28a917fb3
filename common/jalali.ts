/**
 * The Jalali (Solar Hijri) calendar, for the Persian date picker. Dates are exchanged as ISO
 * `YYYY-MM-DD` strings in the Gregorian calendar, the way front matter stores them; Jalali dates
 * are plain `{ year, month, day }` with months 1 (Farvardin) to 12 (Esfand).
 *
 * The year start (1 Farvardin) comes from the standard arithmetic algorithm with the table of
 * break years (Borkowski, as in jalaali-js), valid for Jalali years -61 to 3177. The first six
 * months have 31 days, the next five 30, and Esfand 29, or 30 in a leap year.
 */

export type JalaliDate = { year: number; month: number; day: number };

const DAY = 86_400_000;
const BREAKS = [-61, 9, 38, 199, 426, 686, 756, 818, 1111, 1181, 1210, 1635, 2060, 2097, 2192, 2262, 2324, 2394, 2456, 3178];

const div = (a: number, b: number) => Math.trunc(a / b);
const mod = (a: number, b: number) => a - Math.trunc(a / b) * b;

/** The day of March on which Jalali year `jy` begins, in Gregorian year `jy + 621`. */
function farvardinFirstInMarch(jy: number) {
  const last = BREAKS[BREAKS.length - 1] as number;
  let jp = BREAKS[0] as number;
  if (!Number.isInteger(jy) || jy < jp || jy >= last) throw new RangeError(`Jalali year out of range: ${jy}`);
  const gy = jy + 621;
  let leapJ = -14;
  let jump = 0;
  for (let i = 1; i < BREAKS.length; i += 1) {
    const jm = BREAKS[i] as number;
    jump = jm - jp;
    if (jy < jm) break;
    leapJ += div(jump, 33) * 8 + div(mod(jump, 33), 4);
    jp = jm;
  }
  const n = jy - jp;
  leapJ += div(n, 33) * 8 + div(mod(n, 33) + 3, 4);
  if (mod(jump, 33) === 4 && jump - n === 4) leapJ += 1;
  const leapG = div(gy, 4) - div((div(gy, 100) + 1) * 3, 4) - 150;
  return 20 + leapJ - leapG;
}

/** Days since 1970-01-01 (UTC) of 1 Farvardin of `jy`. */
function yearStart(jy: number) {
  return Date.UTC(jy + 621, 2, farvardinFirstInMarch(jy)) / DAY;
}

export function isJalaliLeapYear(year: number) {
  return yearStart(year + 1) - yearStart(year) === 366;
}

export function jalaliMonthLength(year: number, month: number) {
  if (month <= 6) return 31;
  if (month <= 11) return 30;
  return isJalaliLeapYear(year) ? 30 : 29;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Days since 1970-01-01 of an ISO date (its first 10 characters), or undefined if it is not one. */
export function isoToDays(iso: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(y, m - 1, d);
  const date = new Date(time);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return time / DAY;
}

export function daysToIso(days: number) {
  const date = new Date(days * DAY);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Adds whole days to an ISO date. */
export function addDays(iso: string, days: number) {
  const start = isoToDays(iso);
  if (start === undefined) throw new RangeError(`Not an ISO date: ${iso}`);
  return daysToIso(start + days);
}

export function toJalali(iso: string): JalaliDate {
  const days = isoToDays(iso);
  if (days === undefined) throw new RangeError(`Not an ISO date: ${iso}`);
  let year = new Date(days * DAY).getUTCFullYear() - 621;
  let start = yearStart(year);
  if (days < start) {
    year -= 1;
    start = yearStart(year);
  }
  const dayOfYear = days - start;
  if (dayOfYear < 186) return { year, month: div(dayOfYear, 31) + 1, day: mod(dayOfYear, 31) + 1 };
  const rest = dayOfYear - 186;
  return { year, month: div(rest, 30) + 7, day: mod(rest, 30) + 1 };
}

export function fromJalali({ year, month, day }: JalaliDate): string {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Jalali month out of range: ${month}`);
  if (!Number.isInteger(day) || day < 1 || day > jalaliMonthLength(year, month)) {
    throw new RangeError(`Jalali day out of range: ${year}/${month}/${day}`);
  }
  const dayOfYear = (month <= 7 ? (month - 1) * 31 : 186 + (month - 7) * 30) + day - 1;
  return daysToIso(yearStart(year) + dayOfYear);
}

/** Moves a Jalali month by `delta` months (the day is not part of a month view). */
export function addJalaliMonths(year: number, month: number, delta: number) {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

/** The column of an ISO date in a week that starts on Saturday (0 = Saturday … 6 = Friday). */
export function weekdayFromSaturday(iso: string) {
  const days = isoToDays(iso);
  if (days === undefined) throw new RangeError(`Not an ISO date: ${iso}`);
  return (new Date(days * DAY).getUTCDay() + 1) % 7;
}

/**
 * A Jalali month laid out in weeks starting on Saturday: each cell is the ISO date of a day of
 * the month, or null for the blanks before the first and after the last.
 */
export function jalaliMonthGrid(year: number, month: number): (string | null)[][] {
  const first = fromJalali({ year, month, day: 1 });
  const cells: (string | null)[] = Array.from({ length: weekdayFromSaturday(first) }, () => null);
  for (let day = 0; day < jalaliMonthLength(year, month); day += 1) cells.push(addDays(first, day));
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

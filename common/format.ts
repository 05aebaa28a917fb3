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

/*
 * The site's clock (Settings → time zone, an IANA name; `Asia/Tehran` unless the owner chose
 * another). Every instant a person reads — builds, history, schedules, comments, sessions, mail,
 * the CLI — is shown in that one zone, by the server and the browser alike, so a server in UTC
 * and a reader abroad see the same words (and React's hydration finds the text it rendered).
 * Calendar days that are not instants (a page's `date: 2026-03-29`) keep `formatDate` above.
 */

/** The zone of a site installed without choosing one, or upgraded from before the setting. */
export const DEFAULT_TIME_ZONE = 'Asia/Tehran';

/** An IANA name: a letter first, then letters, digits, `_`, `-`, `+`, in `/`-separated parts (never `+03:30`). */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9][A-Za-z0-9_+-]*){0,2}$/;
export const TIME_ZONE_MAX = 64;
const knownZones = new Map<string, string | undefined>();

/**
 * The zone's spelling as `Intl` knows it (`asia/tehran` → `Asia/Tehran`) when `name` is an IANA
 * time zone of this runtime; undefined for anything else (unknown, an offset, not text).
 */
export function canonicalTimeZone(name: unknown): string | undefined {
  if (typeof name !== 'string' || name.length > TIME_ZONE_MAX || !ZONE_NAME.test(name)) return undefined;
  // Asked on every render of a time (useClock): the answer is kept, as the formatters are.
  if (knownZones.has(name)) return knownZones.get(name);
  let zone: string | undefined;
  try {
    zone = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    zone = undefined;
  }
  if (knownZones.size < 1000) knownZones.set(name, zone);
  return zone;
}

/** The zone a site's settings name, or the default when they name none or one this runtime does not know. */
export function siteTimeZone(settings: { timeZone?: unknown } | undefined): string {
  return canonicalTimeZone(settings?.timeZone) ?? DEFAULT_TIME_ZONE;
}

/** Every zone the settings list offers, sorted (`UTC` included: some runtimes list only regions). */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIME_ZONE];
  return [...new Set([...names, 'UTC', DEFAULT_TIME_ZONE])].sort();
}

/**
 * How an instant is shown: `date` (7 Dec 2026), `dateTime` (the default: date and hour:minute),
 * `dateTimeSeconds` (a log), `time` (HH:MM, 24-hour, in both languages), `full` (weekday, long date and time: schedules).
 * Persian reads the hour on a 24-hour clock, as Persian clocks do.
 */
export type TimeStyle = 'date' | 'dateTime' | 'dateTimeSeconds' | 'time' | 'full';

const styleOptions: Record<Exclude<TimeStyle, 'full'>, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  dateTimeSeconds: { dateStyle: 'medium', timeStyle: 'medium' },
  // A time alone ("Saved · 09:41", "resumes at 14:05"): hours and minutes on a 24-hour clock, two digits each.
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

/** One formatter per locale, zone and options, kept for the process (as `formatDate`'s). */
const zonedFormats = new Map<string, Intl.DateTimeFormat>();
function zoned(locale: Locale, zone: string, options: Intl.DateTimeFormatOptions) {
  const key = { ...options, timeZone: zone };
  return cached(zonedFormats, locale, key, () => new Intl.DateTimeFormat(intlLocale[locale], key));
}

/**
 * An instant (ISO text, a Date or ms) as the reader reads it, in `zone` (the site's): Jalali with
 * Persian digits in fa, Gregorian in en. `full` is composed from parts: ICU's full Persian pattern
 * reads "۱۴۰۵ آذر ۱۰, سه‌شنبه", with a Latin comma.
 */
export function formatTime(locale: Locale, instant: Date | string | number, zone: string, style: TimeStyle = 'dateTime') {
  const date = new Date(instant);
  if (style !== 'full') return zoned(locale, zone, styleOptions[style]).format(date);
  const weekday = zoned(locale, zone, { weekday: 'long' }).format(date);
  const day = zoned(locale, zone, { dateStyle: 'long' }).format(date);
  const time = zoned(locale, zone, { timeStyle: 'short' }).format(date);
  return locale === 'fa' ? `${weekday} ${day}، ساعت ${time}` : `${weekday}, ${day} at ${time}`;
}

/** How far `zone`'s wall clock is ahead of UTC at `instant` (ms), daylight saving included. */
export function zoneOffsetMs(zone: string, instant: number): number {
  const parts = Object.fromEntries(
    zoned('en', zone, {
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The zone named for a reader, where a time could be misread: "Iran Standard Time, UTC+03:30",
 * «وقت عادی ایران، UTC+۰۳:۳۰». The offset is ours (not ICU's spelling), so the server's and
 * the browser's ICU cannot disagree on it; the root loader computes the name once per request.
 */
export function zoneLabel(locale: Locale, zone: string, at: number = Date.now()): string {
  const name = zoned(locale, zone, { timeZoneName: 'long' })
    .formatToParts(new Date(at))
    .find((part) => part.type === 'timeZoneName')?.value;
  const offset = zoneOffsetMs(zone, at) / 60_000;
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  // U+2212 minus, and the offset isolated left to right inside Persian.
  const utc = `\u2066UTC${offset < 0 ? '\u2212' : '+'}${localDigits(locale, `${hours}:${minutes}`)}\u2069`;
  const comma = locale === 'fa' ? '،' : ',';
  return `${name && !/^GMT|گرینویچ/.test(name) ? name : zone}${comma} ${utc}`;
}

/** The wall-clock date (`YYYY-MM-DD`) and time (`HH:MM`) of an instant in `zone`. */
export function zonedParts(instant: Date | string | number, zone: string): { date: string; time: string } {
  const wall = new Date(new Date(instant).getTime() + zoneOffsetMs(zone, new Date(instant).getTime()));
  const iso = wall.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** A wall-clock date (`YYYY-MM-DD`) and time (`HH:MM`) in `zone`, as an ISO instant (UTC); undefined when malformed. */
export function zonedToIso(date: string, time: string, zone: string): string | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t || Number(t[1]) > 23 || Number(t[2]) > 59) return undefined;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  // Twice: the offset at the guessed instant may differ from the one at the real instant (a DST change).
  const first = wall - zoneOffsetMs(zone, wall);
  return new Date(wall - zoneOffsetMs(zone, first)).toISOString();
}

/**
 * A clock time as a person types it — `9:30`, `09:30`, `۹:۳۰`, `٠٩:٣٠`, `9.30` — as `HH:MM` on a
 * 24-hour clock; undefined for anything else (`25:00`, `9:7`, `9:30 pm`).
 */
export function parseClockTime(text: string): string | undefined {
  const ascii = text
    .trim()
    .replace(/[۰-۹]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
  const match = /^(\d{1,2})[:.٫](\d{2})$/.exec(ascii);
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return undefined;
  return `${match[1]?.padStart(2, '0')}:${match[2]}`;
}

/**
 * An instant for a terminal or a log line (the CLI's messages): English, on the site's clock, the
 * zone named, without the direction marks a terminal would show as noise.
 */
export function formatTimeForLog(instant: Date | string | number, zone: string): string {
  const at = new Date(instant).getTime();
  return `${formatTime('en', at, zone)} (${zoneLabel('en', zone, at).replace(/[\u2066-\u2069]/g, '')})`;
}

import { intlLocale, type Locale } from '../../common/locales';

/**
 * The time zone a schedule is written and read in (issue: scheduled publishing): Tehran time on
 * Persian pages, the browser's own zone on English ones.
 */
export function scheduleZone(locale: Locale): string {
  return locale === 'fa' ? 'Asia/Tehran' : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** How far `zone`'s wall clock is ahead of UTC at `instant` (ms), daylight saving included. */
function offsetMs(zone: string, instant: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
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

/** A wall-clock date (`YYYY-MM-DD`) and time (`HH:MM`) in `zone`, as an ISO instant (UTC); undefined when malformed. */
export function zonedToIso(date: string, time: string, zone: string): string | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return undefined;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  // Twice: the offset at the guessed instant may differ from the one at the real instant (a DST change).
  const first = wall - offsetMs(zone, wall);
  return new Date(wall - offsetMs(zone, first)).toISOString();
}

/**
 * An instant as the reader reads it: weekday, date and time in the locale's calendar, in `zone`.
 * Composed from parts: ICU's full Persian pattern reads "۱۴۰۵ آذر ۱۰, سه‌شنبه", with a Latin comma.
 */
export function formatInZone(locale: Locale, iso: string, zone: string): string {
  const instant = new Date(iso);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(intlLocale[locale], { ...options, timeZone: zone }).format(instant);
  const weekday = part({ weekday: 'long' });
  const date = part({ dateStyle: 'long' });
  const time = part({ timeStyle: 'short' });
  return locale === 'fa' ? `${weekday} ${date}، ساعت ${time}` : `${weekday}, ${date} at ${time}`;
}

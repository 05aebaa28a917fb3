import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  DEFAULT_TIME_ZONE,
  formatTime,
  parseClockTime,
  siteTimeZone,
  timeZoneNames,
  zonedParts,
  zonedToIso,
  zoneLabel,
} from './format';

// Instants in the past, chosen for what they exercise; nothing here depends on today's date.
const LATE_UTC = '2026-12-07T22:07:51.000Z'; // 01:37 the next day in Tehran, 14:07 in Los Angeles

describe('the site clock (common/format.ts)', () => {
  it('reads a Tehran wall-clock time (UTC+3:30, no daylight saving) as the right instant', () => {
    expect(zonedToIso('2026-12-01', '09:30', 'Asia/Tehran')).toBe('2026-12-01T06:00:00.000Z');
    expect(zonedToIso('2026-06-21', '00:15', 'Asia/Tehran')).toBe('2026-06-20T20:45:00.000Z');
  });

  it('follows daylight saving where the zone has it', () => {
    expect(zonedToIso('2026-07-01', '12:00', 'Europe/Berlin')).toBe('2026-07-01T10:00:00.000Z');
    expect(zonedToIso('2026-12-01', '12:00', 'Europe/Berlin')).toBe('2026-12-01T11:00:00.000Z');
    expect(zonedToIso('2026-12-01', '12:00', 'UTC')).toBe('2026-12-01T12:00:00.000Z');
  });

  it('refuses malformed wall-clock input', () => {
    expect(zonedToIso('', '09:30', 'UTC')).toBeUndefined();
    expect(zonedToIso('2026-12-01', '9:30 am', 'UTC')).toBeUndefined();
    expect(zonedToIso('2026-12-01', '24:00', 'UTC')).toBeUndefined();
    expect(zonedToIso('2026-12-01', '12:60', 'UTC')).toBeUndefined();
  });

  it('gives back the wall clock of an instant in a zone', () => {
    expect(zonedParts(LATE_UTC, 'Asia/Tehran')).toEqual({ date: '2026-12-08', time: '01:37' });
    expect(zonedParts(LATE_UTC, 'America/Los_Angeles')).toEqual({ date: '2026-12-07', time: '14:07' });
    expect(zonedToIso('2026-12-08', '01:37', 'Asia/Tehran')).toBe('2026-12-07T22:07:00.000Z');
  });

  it('shows an instant in the zone it is given, whatever the process zone, Jalali with Persian digits in fa', () => {
    expect(formatTime('fa', LATE_UTC, 'Asia/Tehran')).toBe('۱۷ آذر ۱۴۰۵، ۱:۳۷');
    expect(formatTime('en', LATE_UTC, 'Asia/Tehran')).toBe('Dec 8, 2026, 1:37 AM');
    expect(formatTime('en', LATE_UTC, 'America/Los_Angeles')).toBe('Dec 7, 2026, 2:07 PM');
    expect(formatTime('fa', LATE_UTC, 'Asia/Tehran', 'date')).toBe('۱۷ آذر ۱۴۰۵');
    expect(formatTime('fa', LATE_UTC, 'Asia/Tehran', 'time')).toBe('۰۱:۳۷');
    expect(formatTime('en', LATE_UTC, 'Asia/Tehran', 'time')).toBe('01:37');
    expect(formatTime('fa', LATE_UTC, 'Asia/Tehran', 'dateTimeSeconds')).toBe('۱۷ آذر ۱۴۰۵، ۱:۳۷:۵۱');
    expect(formatTime('fa', '2026-12-01T06:00:00.000Z', 'Asia/Tehran', 'full')).toBe('سه‌شنبه ۱۰ آذر ۱۴۰۵، ساعت ۹:۳۰');
    expect(formatTime('en', '2026-12-01T06:00:00.000Z', 'UTC', 'full')).toBe('Tuesday, December 1, 2026 at 6:00 AM');
  });

  it('reads Persian hours on a 24-hour clock', () => {
    expect(formatTime('fa', '2026-12-01T14:00:00.000Z', 'Asia/Tehran', 'time')).toBe('۱۷:۳۰');
  });

  it('names the zone with its offset, isolated left to right', () => {
    const winter = Date.parse('2026-12-01T00:00:00Z');
    const summer = Date.parse('2026-07-01T00:00:00Z');
    expect(zoneLabel('en', 'Asia/Tehran', winter)).toBe('Iran Standard Time, \u2066UTC+03:30\u2069');
    expect(zoneLabel('fa', 'Asia/Tehran', winter)).toBe('وقت عادی ایران، \u2066UTC+۰۳:۳۰\u2069');
    expect(zoneLabel('en', 'America/Los_Angeles', summer)).toBe('Pacific Daylight Time, \u2066UTC\u221207:00\u2069');
    // ICU has no name for it: the IANA name stands instead of "GMT-05:00".
    expect(zoneLabel('en', 'Etc/GMT+5', winter)).toBe('Etc/GMT+5, \u2066UTC\u221205:00\u2069');
  });

  it('accepts IANA names only, in Intl spelling', () => {
    expect(canonicalTimeZone('Asia/Tehran')).toBe('Asia/Tehran');
    expect(canonicalTimeZone('asia/tehran')).toBe('Asia/Tehran');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    // Three parts are a name too (ICU may answer its older spelling, America/Buenos_Aires).
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).toMatch(/^America\/(Argentina\/)?Buenos_Aires$/);
    for (const hostile of [
      '',
      ' ',
      'Mars/Olympus_Mons',
      'Asia/Tehran ',
      'Asia/Tehran\n',
      '+03:30',
      '-08:00',
      'UTC+3',
      '../../etc/passwd',
      'Asia//Tehran',
      '/Asia/Tehran',
      'Asia/Tehran<script>',
      'تهران',
      `Asia/${'x'.repeat(200)}`,
      42,
      null,
      undefined,
      { toString: () => 'Asia/Tehran' },
    ])
      expect(canonicalTimeZone(hostile), String(hostile)).toBeUndefined();
  });

  it('falls back to Tehran for a site that names no zone or one this runtime does not know', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Tehran');
    expect(siteTimeZone(undefined)).toBe('Asia/Tehran');
    expect(siteTimeZone({})).toBe('Asia/Tehran');
    expect(siteTimeZone({ timeZone: 'Mars/Olympus_Mons' })).toBe('Asia/Tehran');
    expect(siteTimeZone({ timeZone: 'Europe/Berlin' })).toBe('Europe/Berlin');
  });

  it('lists the zones the settings offer, Tehran and UTC among them, each one accepted', () => {
    const names = timeZoneNames();
    expect(names).toContain('Asia/Tehran');
    expect(names).toContain('UTC');
    expect(names.length).toBeGreaterThan(300);
    expect(names.every((name) => canonicalTimeZone(name) === name)).toBe(true);
  });

  it('reads a clock time as people type it, 24-hour, in any digits', () => {
    expect(parseClockTime('09:30')).toBe('09:30');
    expect(parseClockTime('9:30')).toBe('09:30');
    expect(parseClockTime('۹:۳۰')).toBe('09:30');
    expect(parseClockTime('٢٣:٠٥')).toBe('23:05');
    expect(parseClockTime(' 17.45 ')).toBe('17:45');
    for (const hostile of ['', '24:00', '9:7', '9:30 pm', '930', '12:60', '-1:30', '09:30:00', '۹:۳۰ب.ظ', '1e1:30'])
      expect(parseClockTime(hostile), hostile).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { formatInZone, scheduleZone, zonedToIso } from './time-zone';

describe('schedule times', () => {
  it('reads a Tehran wall-clock time (UTC+3:30, no daylight saving) as the right instant', () => {
    expect(zonedToIso('2026-12-01', '09:30', 'Asia/Tehran')).toBe('2026-12-01T06:00:00.000Z');
    expect(zonedToIso('2026-06-21', '00:15', 'Asia/Tehran')).toBe('2026-06-20T20:45:00.000Z');
  });

  it('follows daylight saving where the zone has it', () => {
    expect(zonedToIso('2026-07-01', '12:00', 'Europe/Berlin')).toBe('2026-07-01T10:00:00.000Z');
    expect(zonedToIso('2026-12-01', '12:00', 'Europe/Berlin')).toBe('2026-12-01T11:00:00.000Z');
    expect(zonedToIso('2026-12-01', '12:00', 'UTC')).toBe('2026-12-01T12:00:00.000Z');
  });

  it('refuses malformed input', () => {
    expect(zonedToIso('', '09:30', 'UTC')).toBeUndefined();
    expect(zonedToIso('2026-12-01', '9:30 am', 'UTC')).toBeUndefined();
  });

  it('shows Persian pages the Jalali calendar in Tehran time, with Persian digits', () => {
    expect(scheduleZone('fa')).toBe('Asia/Tehran');
    expect(formatInZone('fa', '2026-12-01T06:00:00.000Z', 'Asia/Tehran')).toBe('سه‌شنبه ۱۰ آذر ۱۴۰۵، ساعت ۹:۳۰');
    expect(formatInZone('en', '2026-12-01T06:00:00.000Z', 'UTC')).toBe('Tuesday, December 1, 2026 at 6:00 AM');
  });
});

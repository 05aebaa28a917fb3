import { describe, expect, it } from 'vitest';
import {
  addDays,
  addJalaliMonths,
  fromJalali,
  isJalaliLeapYear,
  jalaliMonthGrid,
  jalaliMonthLength,
  toJalali,
  weekdayFromSaturday,
} from './jalali';

const known: [string, number, number, number][] = [
  ['2024-03-20', 1403, 1, 1],
  ['2025-03-21', 1404, 1, 1],
  ['2026-03-21', 1405, 1, 1],
  ['2025-03-20', 1403, 12, 30],
  ['2026-03-20', 1404, 12, 29],
  ['2026-12-22', 1405, 10, 1],
  ['2026-03-08', 1404, 12, 17],
  ['2026-03-29', 1405, 1, 9],
  ['1979-02-11', 1357, 11, 22],
  ['2000-01-01', 1378, 10, 11],
  ['2024-09-21', 1403, 6, 31],
  ['2024-09-22', 1403, 7, 1],
];

describe('Jalali calendar', () => {
  it.each(known)('%s is %i/%i/%i', (iso, year, month, day) => {
    expect(toJalali(iso)).toEqual({ year, month, day });
    expect(fromJalali({ year, month, day })).toBe(iso);
  });

  it('knows leap years and month lengths', () => {
    expect(isJalaliLeapYear(1399)).toBe(true);
    expect(isJalaliLeapYear(1403)).toBe(true);
    expect(isJalaliLeapYear(1404)).toBe(false);
    expect(isJalaliLeapYear(1408)).toBe(true);
    expect(jalaliMonthLength(1403, 12)).toBe(30);
    expect(jalaliMonthLength(1404, 12)).toBe(29);
    expect(jalaliMonthLength(1404, 6)).toBe(31);
    expect(jalaliMonthLength(1404, 7)).toBe(30);
  });

  it('refuses days that do not exist', () => {
    expect(() => fromJalali({ year: 1404, month: 12, day: 30 })).toThrow(RangeError);
    expect(() => fromJalali({ year: 1404, month: 13, day: 1 })).toThrow(RangeError);
    expect(() => toJalali('2025-02-30')).toThrow(RangeError);
    expect(() => toJalali('not a date')).toThrow(RangeError);
  });

  it('round-trips every day from 2000 to 2040, one day after another, and agrees with Intl', () => {
    const intl = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    const part = (parts: Intl.DateTimeFormatPart[], type: string) => Number(parts.find((p) => p.type === type)?.value);
    let iso = '2000-01-01';
    let previous = toJalali(addDays(iso, -1));
    let count = 0;
    while (iso < '2041-01-01') {
      const jalali = toJalali(iso);
      expect(fromJalali(jalali)).toBe(iso);
      // Consecutive: the next day of the same month, or day 1 of the next month.
      if (jalali.day === 1) {
        expect(previous.day).toBe(jalaliMonthLength(previous.year, previous.month));
        expect(addJalaliMonths(previous.year, previous.month, 1)).toEqual({ year: jalali.year, month: jalali.month });
      } else {
        expect(jalali).toEqual({ ...previous, day: previous.day + 1 });
      }
      const parts = intl.formatToParts(new Date(`${iso}T00:00:00Z`));
      expect({ year: part(parts, 'year'), month: part(parts, 'month'), day: part(parts, 'day') }).toEqual(jalali);
      previous = jalali;
      iso = addDays(iso, 1);
      count += 1;
    }
    expect(count).toBe(14_976);
  });

  it('moves between months across years', () => {
    expect(addJalaliMonths(1404, 12, 1)).toEqual({ year: 1405, month: 1 });
    expect(addJalaliMonths(1405, 1, -1)).toEqual({ year: 1404, month: 12 });
    expect(addJalaliMonths(1404, 6, 13)).toEqual({ year: 1405, month: 7 });
  });

  it('lays a month out in weeks from Saturday', () => {
    // 1 Farvardin 1405 (2026-03-21) is a Saturday.
    expect(weekdayFromSaturday('2026-03-21')).toBe(0);
    expect(weekdayFromSaturday('2026-03-20')).toBe(6);
    const weeks = jalaliMonthGrid(1405, 1);
    expect(weeks[0]?.[0]).toBe('2026-03-21');
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    // Esfand 1404 starts on Friday 2026-02-20.
    const esfand = jalaliMonthGrid(1404, 12);
    expect(esfand[0]?.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(esfand[0]?.[6]).toBe('2026-02-20');
    expect(esfand.flat().filter(Boolean)).toHaveLength(29);
    for (const week of esfand) expect(week).toHaveLength(7);
  });
});

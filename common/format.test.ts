import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, localDigits } from './format';

describe('formatting', () => {
  it('shows Jalali dates with Persian digits in fa', () => {
    const text = formatDate('fa', '2026-03-29');
    expect(text).toContain('۱۴۰۵');
    expect(text).toContain('فروردین');
    expect(text).not.toMatch(/[0-9]/);
  });
  it('shows Gregorian dates in en', () => {
    expect(formatDate('en', '2026-03-29')).toBe('March 29, 2026');
  });
  it('uses Persian digits for numbers in fa', () => {
    expect(formatNumber('fa', 1234)).toBe('۱٬۲۳۴');
    expect(formatNumber('en', 1234)).toBe('1,234');
  });
});

describe('local digits', () => {
  it('writes ASCII digits as Persian ones in fa only', () => {
    expect(localDigits('fa', 'تا 48 ساعت، 2 بار')).toBe('تا ۴۸ ساعت، ۲ بار');
    expect(localDigits('en', 'in 48 hours')).toBe('in 48 hours');
  });
});

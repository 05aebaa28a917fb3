import { describe, expect, it } from 'vitest';
import { textDirection } from './extensions';

describe('the direction of a list item, as dir="auto" finds it', () => {
  it('is the first letter’s: Persian right-to-left, Latin left-to-right; digits and signs do not decide', () => {
    expect(textDirection('یک مورد with English')).toBe('rtl');
    expect(textDirection('English then فارسی')).toBe('ltr');
    expect(textDirection('۱۲ - 34. «سلام»')).toBe('rtl');
    expect(textDirection('12 — (Hello)')).toBe('ltr');
    expect(textDirection('שלום')).toBe('rtl');
    expect(textDirection('123 !?')).toBeUndefined();
  });
});

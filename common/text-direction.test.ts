import { describe, expect, it } from 'vitest';
import { blockDirection, firstLetterDirection } from './text-direction';

describe('blockDirection: the page’s direction unless every letter is of the other direction', () => {
  it('keeps a Persian block that starts with a Latin word right to left on a Persian page', () => {
    expect(blockDirection('Docker را نصب کنید و بعد با npm start ادامه دهید.', 'rtl')).toBe('rtl');
    expect(blockDirection('React در ۱۰ دقیقه', 'rtl')).toBe('rtl');
    expect(blockDirection('Node.js نسخهٔ ۲۴ لازم است.', 'rtl')).toBe('rtl');
  });
  it('turns a wholly Latin block on a Persian page, and a wholly Persian one on an English page', () => {
    expect(blockDirection('npm install react', 'rtl')).toBe('ltr');
    expect(blockDirection('«سلام» 12', 'ltr')).toBe('rtl');
    expect(blockDirection('שלום', 'ltr')).toBe('rtl');
  });
  it('keeps the page’s direction for mixed text and for text without letters', () => {
    expect(blockDirection('Hello سلام', 'ltr')).toBe('ltr');
    expect(blockDirection('۱۲ - 34. !?', 'rtl')).toBe('rtl');
    expect(blockDirection('123 !?', 'ltr')).toBe('ltr');
    expect(blockDirection('', 'rtl')).toBe('rtl');
  });
  it('does not count digits as letters (Persian digits in a Latin sentence do not turn it)', () => {
    expect(blockDirection('Version ۲۴', 'rtl')).toBe('ltr');
  });
});

describe('firstLetterDirection: as dir="auto" finds it', () => {
  it('is the first letter’s; digits and signs do not decide', () => {
    expect(firstLetterDirection('یک مورد with English')).toBe('rtl');
    expect(firstLetterDirection('English then فارسی')).toBe('ltr');
    expect(firstLetterDirection('۱۲ - 34. «سلام»')).toBe('rtl');
    expect(firstLetterDirection('123 !?')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { countWords, readingMinutes } from './writing-stats';

describe('writing stats', () => {
  it('gives an empty page no reading time', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  \u200c ')).toBe(0);
    expect(readingMinutes(0)).toBe(0);
  });

  it('gives any text at least one minute, then 220 words a minute', () => {
    expect(readingMinutes(1)).toBe(1);
    expect(readingMinutes(109)).toBe(1);
    expect(readingMinutes(440)).toBe(2);
    expect(readingMinutes(2200)).toBe(10);
  });
});

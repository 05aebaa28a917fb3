import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('avatar initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('Mina Sadeghi')).toBe('MS');
    expect(initials('clever fox of the woods')).toBe('CF');
    expect(initials('  Owner   Person ')).toBe('OP');
  });

  it('keeps Persian initials apart with a zero-width non-joiner', () => {
    expect(initials('مینا صادقی')).toBe('م\u200cص');
    expect(initials('روباه زیرک')).toBe('ر\u200cز');
    // A half-space inside a word does not split it.
    expect(initials('خوش‌قلب')).toBe('خ');
  });

  it('handles one word, marks and empty names', () => {
    expect(initials('Mina')).toBe('M');
    expect(initials('@mina "Fox"')).toBe('MF');
    expect(initials('')).toBe('');
    expect(initials(' - ')).toBe('');
  });
});

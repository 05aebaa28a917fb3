import { describe, expect, it } from 'vitest';
import { type ColorModeValue, type ColorPreference, parseColorPreference, resolveColorMode } from './color-mode';

describe('resolveColorMode: the colour-mode object { preference, value }', () => {
  // preference × forced × system dark → value
  const cases: [ColorPreference, ColorModeValue | null, boolean, ColorModeValue][] = [
    ['system', null, false, 'light'],
    ['system', null, true, 'dark'],
    ['light', null, false, 'light'],
    ['light', null, true, 'light'],
    ['dark', null, false, 'dark'],
    ['dark', null, true, 'dark'],
    ['system', 'dark', false, 'dark'],
    ['system', 'light', true, 'light'],
    ['light', 'dark', false, 'dark'],
    ['light', 'dark', true, 'dark'],
    ['dark', 'light', false, 'light'],
    ['dark', 'light', true, 'light'],
    ['dark', 'dark', false, 'dark'],
    ['light', 'light', true, 'light'],
  ];
  it.each(cases)('preference %s, forced %s, system dark %s → %s', (preference, forced, systemDark, value) => {
    // The preference is reported as it is: forcing a page never changes it.
    expect(resolveColorMode(preference, forced, systemDark)).toEqual({ preference, value, forced });
  });

  it('treats anything stored but light or dark as following the system', () => {
    expect(parseColorPreference('dark')).toBe('dark');
    expect(parseColorPreference('light')).toBe('light');
    for (const stored of [null, undefined, '', 'system', 'DARK', 'auto', '{"x":1}', 1])
      expect(parseColorPreference(stored)).toBe('system');
  });
});

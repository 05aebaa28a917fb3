import { describe, expect, it } from 'vitest';
import { type ColorModeValue, parseColorPreference, resolveColorMode } from '../../common/color-mode';
import { themeBootScript } from './theme';

/** Runs the inline boot script against a stand-in document, localStorage and matchMedia. */
function boot(options: { stored: string | null | 'throws'; forced: string | null; systemDark: boolean }) {
  const classes = new Set<string>();
  const element = {
    getAttribute: (name: string) => (name === 'data-color-mode-forced' ? options.forced : null),
    classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    style: { colorScheme: '' },
  };
  const localStorage = {
    getItem: () => {
      if (options.stored === 'throws') throw new Error('SecurityError');
      return options.stored;
    },
  };
  const matchMedia = () => ({ matches: options.systemDark });
  new Function('document', 'localStorage', 'matchMedia', themeBootScript)({ documentElement: element }, localStorage, matchMedia);
  return { dark: classes.has('dark'), colorScheme: element.style.colorScheme };
}

describe('themeBootScript (runs before the first paint)', () => {
  const stored = [null, 'light', 'dark', 'garbage', 'throws'] as const;
  const forced = [null, 'light', 'dark', 'sepia'] as const;
  for (const s of stored)
    for (const f of forced)
      for (const systemDark of [false, true])
        it(`stored ${s}, forced ${f}, system dark ${systemDark}: decides as resolveColorMode`, () => {
          const preference = parseColorPreference(s === 'throws' ? null : s);
          const forcedMode = f === 'light' || f === 'dark' ? (f as ColorModeValue) : null;
          const { value } = resolveColorMode(preference, forcedMode, systemDark);
          expect(boot({ stored: s, forced: f, systemDark })).toEqual({ dark: value === 'dark', colorScheme: value });
        });
});

/*
 * The colour-mode object (docs/spec.md §3, §4): the reader's `preference` (system, light or dark,
 * kept in localStorage under `theme`) and the `value` the page is shown in. A page may force a
 * mode in its front matter (`colorMode: dark`); then `value` is that mode whatever the preference,
 * and the preference itself stays untouched for every other page. Pure, so the React hook, the
 * boot script's test and a vanilla switcher module all decide the same way.
 */

export const colorModeValues = ['light', 'dark'] as const;
export type ColorModeValue = (typeof colorModeValues)[number];
export type ColorPreference = ColorModeValue | 'system';

/** The spec's `{ preference, value }`, plus the mode the page forces (null when the reader decides). */
export type ColorMode = { preference: ColorPreference; value: ColorModeValue; forced: ColorModeValue | null };

/** localStorage key of the preference; none stored = follow the system. */
export const COLOR_PREFERENCE_KEY = 'theme';
/** `<html data-color-mode-forced="dark">`: set by the server on pages that force a mode. */
export const FORCED_COLOR_MODE_ATTRIBUTE = 'data-color-mode-forced';

export function isColorModeValue(value: unknown): value is ColorModeValue {
  return value === 'light' || value === 'dark';
}

/** A stored preference as read from localStorage: anything but light or dark means system. */
export function parseColorPreference(stored: unknown): ColorPreference {
  return isColorModeValue(stored) ? stored : 'system';
}

/** The forced mode → preference → the system's setting. */
export function resolveColorMode(
  preference: ColorPreference,
  forced: ColorModeValue | null | undefined,
  systemPrefersDark: boolean,
): ColorMode {
  const own: ColorModeValue = preference === 'system' ? (systemPrefersDark ? 'dark' : 'light') : preference;
  return { preference, value: forced ?? own, forced: forced ?? null };
}

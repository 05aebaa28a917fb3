import { useCallback, useEffect, useState } from 'react';
import {
  COLOR_PREFERENCE_KEY,
  type ColorMode,
  type ColorModeValue,
  type ColorPreference,
  FORCED_COLOR_MODE_ATTRIBUTE,
  isColorModeValue,
  parseColorPreference,
  resolveColorMode,
} from '../../common/color-mode';

/*
 * Colour mode in the browser (docs/spec.md §4). The decision is `resolveColorMode`
 * (common/color-mode.ts); this module reads its inputs (localStorage, the OS setting, the page's
 * forced mode on `<html>`) and applies the result. A page that forces a mode never changes the
 * stored preference.
 */
export type { ColorMode, ColorPreference };

/**
 * The mode the matched page forces: a route's loader data may carry `colorMode` (content pages and
 * the home page take it from front matter); the deepest route that says so wins.
 */
export function forcedColorModeOf(matches: readonly { loaderData?: unknown }[]): ColorModeValue | null {
  for (const match of [...matches].reverse()) {
    const value = (match.loaderData as { colorMode?: unknown } | undefined)?.colorMode;
    if (isColorModeValue(value)) return value;
  }
  return null;
}

/**
 * Runs in <head> before the first paint so the page never flashes the wrong mode. Kept tiny and
 * self-contained (it is inlined into every HTML response); the same decision as resolveColorMode,
 * which `theme.test.ts` checks case by case. The forced mode is applied even when localStorage
 * throws (storage blocked).
 */
export const themeBootScript = `(function(){var e=document.documentElement,f=e.getAttribute('${FORCED_COLOR_MODE_ATTRIBUTE}'),p=null,s=false;try{p=localStorage.getItem('${COLOR_PREFERENCE_KEY}')}catch(_){}try{s=matchMedia('(prefers-color-scheme: dark)').matches}catch(_){}var d=f==='dark'||f!=='light'&&(p==='dark'||p!=='light'&&s);e.classList.toggle('dark',d);e.style.colorScheme=d?'dark':'light'})()`;

export function readThemePreference(): ColorPreference {
  try {
    return parseColorPreference(typeof localStorage === 'undefined' ? null : localStorage.getItem(COLOR_PREFERENCE_KEY));
  } catch {
    return 'system';
  }
}

/** The mode the current page forces (`<html data-color-mode-forced>`), or null. */
export function readForcedColorMode(): ColorModeValue | null {
  const forced = typeof document === 'undefined' ? null : document.documentElement.getAttribute(FORCED_COLOR_MODE_ATTRIBUTE);
  return isColorModeValue(forced) ? forced : null;
}

export function systemPrefersDark(): boolean {
  return typeof matchMedia !== 'undefined' && matchMedia('(prefers-color-scheme: dark)').matches;
}

/** The colour-mode object for this page now. */
export function currentColorMode(): ColorMode {
  return resolveColorMode(readThemePreference(), readForcedColorMode(), systemPrefersDark());
}

export function applyColorMode(mode: ColorMode) {
  document.documentElement.classList.toggle('dark', mode.value === 'dark');
  document.documentElement.style.colorScheme = mode.value;
  return mode;
}

/** Remembers the reader's choice and shows it, unless this page forces a mode. */
export function storeThemePreference(preference: ColorPreference): ColorMode {
  try {
    if (preference === 'system') localStorage.removeItem(COLOR_PREFERENCE_KEY);
    else localStorage.setItem(COLOR_PREFERENCE_KEY, preference);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
  return applyColorMode(resolveColorMode(preference, readForcedColorMode(), systemPrefersDark()));
}

/**
 * The colour-mode object for hydrated routes: `null` until mounted (the server cannot know the
 * preference), then kept up to date when the OS setting changes, another tab stores a preference,
 * or a client navigation moves to a page that forces another mode (`forced`, from the route data).
 */
export function useColorMode(forced: ColorModeValue | null) {
  const [mode, setMode] = useState<ColorMode | null>(null);
  useEffect(() => {
    const update = () => setMode(applyColorMode(resolveColorMode(readThemePreference(), forced, systemPrefersDark())));
    update();
    const media = matchMedia('(prefers-color-scheme: dark)');
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === COLOR_PREFERENCE_KEY) update();
    };
    media.addEventListener('change', update);
    addEventListener('storage', onStorage);
    return () => {
      media.removeEventListener('change', update);
      removeEventListener('storage', onStorage);
    };
  }, [forced]);
  const setPreference = useCallback((preference: ColorPreference) => setMode(storeThemePreference(preference)), []);
  return { mode, setPreference };
}

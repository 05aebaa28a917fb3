import { DEFAULT_THEME, type ThemeManifest } from '../common/appearance';
import { slots as magazineSlots } from './magazine/slots';
import magazineCss from './magazine/theme.css?url';
import { themeManifests } from './manifests';
import { slots as notesSlots } from './notes/slots';
import notesCss from './notes/theme.css?url';
import type { ThemeSlots } from './slots';

/*
 * The themes as the app renders them: each manifest with its stylesheet's address (built, hashed
 * and pre-compressed like every asset) and its slot components. Core code reads only `themeOf`.
 * The server never imports this file (it has components and stylesheets): it reads manifests.ts.
 */
export type Theme = { manifest: ThemeManifest; stylesheet: string | null; slots: ThemeSlots };

const parts: Record<string, Omit<Theme, 'manifest'>> = {
  // Daftar's own look is app/styles/app.css: nothing to add.
  reading: { stylesheet: null, slots: {} },
  magazine: { stylesheet: magazineCss, slots: magazineSlots },
  notes: { stylesheet: notesCss, slots: notesSlots },
};

export const themes: readonly Theme[] = themeManifests.map((manifest) => {
  const part = parts[manifest.name];
  if (!part) throw new Error(`Theme ${manifest.name} has a manifest but no entry in themes/index.ts`);
  return { manifest, ...part };
});

/** The theme named, or the default one (a name no longer installed falls back rather than breaking pages). */
export function themeOf(name: string | undefined): Theme {
  return (
    themes.find((theme) => theme.manifest.name === name) ??
    (themes.find((theme) => theme.manifest.name === DEFAULT_THEME) as Theme)
  );
}

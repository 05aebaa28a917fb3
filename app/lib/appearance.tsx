import { useMatches } from 'react-router';
import { accentStyle, CUSTOM_CSS_PATH, DEFAULT_THEME, type PageAppearance } from '../../common/appearance';
import { type Theme, themeOf } from '../../themes';
import { isReadingPage } from '../reading/handle';
import { useRootData } from './root-data';

/*
 * The theme a page wears (docs/themes.md). Reading pages — the public site — wear the one chosen
 * in Settings → Appearance; account pages, the dashboard and the installer keep Daftar's own look,
 * so a theme can never make the screens that manage it unusable.
 */

export type ActiveTheme = { theme: Theme; options: Record<string, string>; appearance: PageAppearance | null };

/** The default theme with nothing of the owner's: the page is written exactly as before themes existed. */
function isDefault({ theme, accent, cssVersion, logo, favicon }: PageAppearance): boolean {
  return theme === DEFAULT_THEME && !accent && !cssVersion && !logo && !favicon;
}

/** The theme of the page being rendered, with its saved options (the default theme and none elsewhere). */
export function useActiveTheme(): ActiveTheme {
  const { appearance } = useRootData();
  const matches = useMatches();
  if (!appearance || isDefault(appearance) || !isReadingPage(matches.map((match) => match.handle)))
    return { theme: themeOf(undefined), options: {}, appearance: null };
  return { theme: themeOf(appearance.theme), options: appearance.options, appearance };
}

/** `<html>` attributes of a themed page: `data-theme` and one `data-theme-<option>` per option. Nothing for the default look. */
export function themeAttributes({ theme, options, appearance }: ActiveTheme): Record<string, string> {
  if (!appearance) return {};
  const attributes: Record<string, string> = { 'data-theme': theme.manifest.name };
  for (const [key, value] of Object.entries(options)) attributes[`data-theme-${key}`] = value;
  return attributes;
}

/**
 * What a themed page adds to its <head>, after the app's stylesheet: the theme's stylesheet, the
 * accent (validated `#rrggbb` only, as a <style>: the policy allows inline styles, never inline
 * script) and the owner's CSS as a stylesheet of its own, by an address that changes with its text.
 */
export function ThemeHead({ active }: { active: ActiveTheme }) {
  const { appearancePreview } = useRootData();
  const { theme, appearance } = active;
  if (!appearance) return null;
  const accent = accentStyle(appearance.accent);
  return (
    <>
      {theme.stylesheet ? <link rel="stylesheet" href={theme.stylesheet} /> : null}
      {/* After the root's own icon links: browsers take the last one. */}
      {appearance.favicon ? <link rel="icon" href={appearance.favicon} /> : null}
      {accent ? <style>{accent}</style> : null}
      {/* A preview shows its unsaved CSS inline: checked like a save, so it holds no `<` and cannot end the element. */}
      {appearancePreview ? (
        appearancePreview.css && !appearancePreview.css.includes('<') ? (
          <style>{appearancePreview.css}</style>
        ) : null
      ) : appearance.cssVersion ? (
        <link rel="stylesheet" href={`${CUSTOM_CSS_PATH}?v=${appearance.cssVersion}`} />
      ) : null}
    </>
  );
}

import { z } from 'zod';
import type { Locale } from './locales';
import { type MessageKey, messageRef } from './messages';
import { sameSitePath } from './site-path';

/*
 * Appearance (Settings → Appearance; docs/themes.md): which theme the public site wears, that
 * theme's options, the accent colour and the owner's own CSS. Stored as one settings row
 * (`appearance`), read with the site state in the same statement as every other setting, so it
 * costs pages no query; saving it moves the settings' `updated_at`, which is part of every cached
 * page's key (server/http/page-cache.ts), on Node and on Workers alike.
 *
 * The theme manifests (themes/<name>/manifest.ts) are plain data: this module checks a value
 * against them, the server before saving or importing and the browser before sending.
 */

/** One choice a theme offers (home layout, header style…): a fixed list, so its value can only be one of them. */
export type ThemeOption = {
  key: string;
  label: Record<Locale, string>;
  choices: readonly { value: string; label: Record<Locale, string> }[];
  default: string;
};

export type ThemeManifest = {
  /** The folder's name: lower-case letters, digits and dashes. */
  name: string;
  label: Record<Locale, string>;
  description: Record<Locale, string>;
  /** The accent the theme uses when the owner picks none (also what the form starts from). */
  accent: AccentColours;
  /**
   * The colours the accent must stand out from, per colour mode: the backgrounds accent text sits
   * on, and the text colour drawn on accent-filled buttons. The contrast check reads them.
   */
  contrastWith: { light: readonly string[]; dark: readonly string[] };
  options: readonly ThemeOption[];
};

/** The accent in each colour mode, `#rrggbb`. */
export type AccentColours = { light: string; dark: string };

export type Appearance = {
  theme: string;
  /** The theme's options by key; a missing key takes the option's default. */
  options: Record<string, string>;
  /** null: the theme's own accent (nothing is written into the page). */
  accent: AccentColours | null;
  /** The owner's CSS, served as a stylesheet of its own (`/appearance.css`), never inline. */
  customCss: string;
  /** The logo beside the site's name in the header, and the browser tab's icon: uploads on this site (`/media/…`), or null. */
  logo: string | null;
  favicon: string | null;
};

export const DEFAULT_THEME = 'reading';
export const defaultAppearance: Appearance = {
  theme: DEFAULT_THEME,
  options: {},
  accent: null,
  customCss: '',
  logo: null,
  favicon: null,
};

export const APPEARANCE_LIMITS = {
  /** Characters of custom CSS: the whole of it stays within the page's CSS budget (15 KB). */
  customCss: 8000,
} as const;

/** WCAG 2 AA for normal text (1.4.3). */
export const MIN_CONTRAST = 4.5;

const HEX = /^#[0-9a-f]{6}$/;

/** WCAG 2 relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (at: number) => {
    const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a.toLowerCase()), luminance(b.toLowerCase())].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The first colour of `against` that `accent` fails AA on, with the ratio; null when it passes on all. */
export function failingContrast(accent: string, against: readonly string[]): { with: string; ratio: number } | null {
  for (const other of against) {
    const ratio = contrastRatio(accent, other);
    if (ratio < MIN_CONTRAST) return { with: other, ratio };
  }
  return null;
}

type Problem = { path: string; message: string };
const problem = (path: string, key: MessageKey, values: Record<string, string | number> = {}): Problem => ({
  path,
  message: Object.keys(values).length ? messageRef(key, values) : key,
});

/** The ratio as people read it: one decimal, rounded down, so 4.46 never shows as a passing "4.5". */
const shownRatio = (ratio: number) => (Math.floor(ratio * 10) / 10).toFixed(1);

/**
 * What is wrong with the owner's CSS, or null. It is served as its own `text/css` file, so it can
 * never end a <style> element or run script; still, anything that fetches from elsewhere or is
 * only ever used to smuggle code is refused with its reason:
 * - `<` anywhere (`</style>`, `<script>`: markup has no place in a stylesheet);
 * - `@import` (it would load another stylesheet, from anywhere);
 * - `expression(`, `behavior:`, `-moz-binding` (old browsers' ways to run code from CSS);
 * - `url(…)` other than a path on this site or an https address (`javascript:`, `data:`, `http:`);
 * - backslash escapes (`\6a avascript:` spells any of the above) and control or invisible characters.
 * Comments are removed before the checks, so `expr/**\/ession(` is read as old browsers read it.
 */
export function customCssProblem(css: string): { key: MessageKey; values?: Record<string, string | number> } | null {
  if (css.length > APPEARANCE_LIMITS.customCss)
    return { key: 'validation.appearanceCssLong', values: { max: APPEARANCE_LIMITS.customCss } };
  if (/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(css.replace(/[\n\r\t]/g, ''))) return { key: 'validation.appearanceCssInvisible' };
  if (css.includes('<')) return { key: 'validation.appearanceCssMarkup' };
  if (css.includes('\\')) return { key: 'validation.appearanceCssEscape' };
  if (/\/\*(?![\s\S]*?\*\/)/.test(css)) return { key: 'validation.appearanceCssComment' };
  // Removed, not replaced by a space: old browsers joined `expr/**/ession(` into one word, so the checks do too.
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, '').toLowerCase();
  if (/@import/.test(plain)) return { key: 'validation.appearanceCssImport' };
  const code = plain.match(/expression\s*\(|behavior\s*:|-moz-binding|javascript:|vbscript:/);
  if (code) return { key: 'validation.appearanceCssCode', values: { value: code[0].replace(/\s+/g, '') } };
  for (const match of plain.matchAll(/url\s*\(\s*(['"]?)([^'")]*)/g)) {
    const target = (match[2] ?? '').trim();
    if (!(/^https:\/\/[a-z0-9.-]+(?::\d+)?(\/|$)/.test(target) || /^\/(?!\/)/.test(target)))
      return { key: 'validation.appearanceCssUrl', values: { value: target.slice(0, 60) || '""' } };
  }
  return null;
}

/**
 * Checks an appearance against the installed themes: a known theme, only its options with one of
 * their choices, an accent in `#rrggbb` that meets AA on every colour the theme pairs it with (the
 * first failure says which colour, in which mode, and the ratio), and acceptable custom CSS.
 * Returns the value normalised (lower-case colours, every option of the theme present) or the problems.
 */
export function checkAppearance(
  value: unknown,
  manifests: readonly ThemeManifest[],
): { ok: true; value: Appearance } | { ok: false; problems: Problem[] } {
  const shape = appearanceShape.safeParse(value);
  if (!shape.success)
    return { ok: false, problems: shape.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) };
  const input = shape.data;
  const manifest = manifests.find((theme) => theme.name === input.theme);
  if (!manifest)
    return {
      ok: false,
      problems: [problem('theme', 'validation.appearanceTheme', { themes: manifests.map((theme) => theme.name).join(', ') })],
    };
  const problems: Problem[] = [];
  const options: Record<string, string> = {};
  for (const key of Object.keys(input.options)) {
    if (!manifest.options.some((option) => option.key === key))
      problems.push(problem(`options.${key}`, 'validation.appearanceOption', { name: key.slice(0, 40) }));
  }
  for (const option of manifest.options) {
    const chosen = input.options[option.key] ?? option.default;
    if (!option.choices.some((choice) => choice.value === chosen))
      problems.push(problem(`options.${option.key}`, 'validation.appearanceChoice', { name: option.key }));
    options[option.key] = chosen;
  }
  let accent: AccentColours | null = null;
  if (input.accent) {
    accent = { light: input.accent.light.toLowerCase(), dark: input.accent.dark.toLowerCase() };
    for (const mode of ['light', 'dark'] as const) {
      if (!HEX.test(accent[mode])) {
        problems.push(problem(`accent.${mode}`, 'validation.appearanceHex'));
        continue;
      }
      const failing = failingContrast(accent[mode], manifest.contrastWith[mode]);
      if (failing)
        problems.push(
          problem(
            `accent.${mode}`,
            mode === 'light' ? 'validation.appearanceContrastLight' : 'validation.appearanceContrastDark',
            {
              color: accent[mode],
              with: failing.with,
              ratio: shownRatio(failing.ratio),
              min: MIN_CONTRAST,
            },
          ),
        );
    }
  }
  const css = customCssProblem(input.customCss);
  if (css) problems.push(problem('customCss', css.key, css.values));
  const images = { logo: input.logo?.trim() || null, favicon: input.favicon?.trim() || null };
  for (const key of ['logo', 'favicon'] as const) {
    const value = images[key];
    // The site's own files only (an upload through the media library): never another site, `javascript:` or `data:`.
    if (value !== null && (sameSitePath(value) !== value || /["'<>\s]/.test(value)))
      problems.push(problem(key, 'validation.appearanceImage'));
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, value: { theme: manifest.name, options, accent, customCss: input.customCss.trim(), ...images } };
}

const appearanceShape = z.object({
  theme: z.string('validation.required').max(40),
  options: z.record(z.string().max(40), z.string().max(40)).default({}),
  accent: z
    .object({ light: z.string().max(7), dark: z.string().max(7) })
    .nullable()
    .default(null),
  customCss: z
    .string()
    .max(APPEARANCE_LIMITS.customCss, messageRef('validation.appearanceCssLong', { max: APPEARANCE_LIMITS.customCss }))
    .default(''),
  logo: z.string().max(500).nullable().default(null),
  favicon: z.string().max(500).nullable().default(null),
});

/** The zod schema of the endpoint's body: the same check, its problems as zod issues (both languages). */
export function appearanceSchema(manifests: readonly ThemeManifest[]) {
  return appearanceShape.transform((value, ctx): Appearance => {
    const checked = checkAppearance(value, manifests);
    if (checked.ok) return checked.value;
    for (const found of checked.problems) ctx.addIssue({ code: 'custom', message: found.message, path: found.path.split('.') });
    return z.NEVER;
  });
}

/**
 * The inline `<style>` of a page with an accent: only validated `#rrggbb` values reach it
 * (`checkAppearance`), so nothing else can be written into the page. Null when the theme's own
 * accent stands, so a site that never chose one keeps its pages byte for byte.
 */
export function accentStyle(accent: AccentColours | null): string | null {
  if (!accent || !HEX.test(accent.light) || !HEX.test(accent.dark)) return null;
  return `:root{--ui-primary:${accent.light};--ui-primary-strong:${accent.light}}:root.dark{--ui-primary:${accent.dark};--ui-primary-strong:${accent.dark}}`;
}

/** A short, stable tag of the custom CSS for its address (`/appearance.css?v=…`): a new text is a new address. */
export function customCssVersion(css: string): string {
  // FNV-1a, 32 bits: not a secret, only a cache key.
  let hash = 0x811c9dc5;
  for (let index = 0; index < css.length; index++) {
    hash ^= css.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

export const CUSTOM_CSS_PATH = '/appearance.css';

/** What a page needs of the appearance: the stored value without the CSS's text, only its version. */
export type PageAppearance = Omit<Appearance, 'customCss'> & { cssVersion: string | null };

export function pageAppearance({ customCss, ...rest }: Appearance): PageAppearance {
  return { ...rest, cssVersion: customCss ? customCssVersion(customCss) : null };
}

/** The query parameter of the Appearance screen's preview (app/lib/appearance.server.ts). */
export const APPEARANCE_PREVIEW_PARAM = 'appearance';

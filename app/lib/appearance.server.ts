import { APPEARANCE_PREVIEW_PARAM, type Appearance, checkAppearance } from '../../common/appearance';
import { themeManifests } from '../../themes/manifests';
import { readPageSession } from './auth.server';
import type { RootData } from './root-data';

type Args = Parameters<typeof readPageSession>[0];

/**
 * The Appearance screen's live preview (docs/themes.md): a public page asked for with
 * `?appearance={…}&mode=light|dark` shows that unsaved appearance — only to someone signed in who
 * may change it (`settings.edit`), and only if it passes the same check as saving. Anyone else,
 * or a value that fails, gets the page as saved. A query keeps the page out of the page cache, and
 * a signed-in request is never cached either.
 */
export async function previewAppearance(
  args: Args,
): Promise<{ appearance: Appearance; mode: 'light' | 'dark' | undefined } | null> {
  const url = new URL(args.request.url);
  const raw = url.searchParams.get(APPEARANCE_PREVIEW_PARAM);
  if (!raw || raw.length > 20_000) return null;
  const session = await readPageSession(args);
  if (!session || session.secondFactorNeeded || !session.user.permissions.includes('settings.edit')) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const checked = checkAppearance(value, themeManifests);
  if (!checked.ok) return null;
  const mode = url.searchParams.get('mode');
  return { appearance: checked.value, mode: mode === 'light' || mode === 'dark' ? mode : undefined };
}

/** What the root data carries for a preview. */
export function previewRootData(preview: NonNullable<Awaited<ReturnType<typeof previewAppearance>>>): Partial<RootData> {
  return {
    appearancePreview: { css: preview.appearance.customCss },
    ...(preview.mode ? { colorMode: preview.mode } : {}),
  };
}

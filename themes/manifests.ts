import type { ThemeManifest } from '../common/appearance';
import { manifest as magazine } from './magazine/manifest';
import { manifest as notes } from './notes/manifest';
import { manifest as reading } from './reading/manifest';

/*
 * The installed themes' manifests: plain data, read by the server (to check what Settings →
 * Appearance saves or an import brings) and by the browser (the form). Their stylesheets and
 * components are in themes/index.ts, which only the app imports. docs/themes.md: add a theme.
 */
export const themeManifests: readonly ThemeManifest[] = [reading, magazine, notes];

import type { MediaSettingUse } from '../../common/media';
import type { Database } from '../db/database';
import { getSiteSettings } from './site';

/*
 * Site images chosen in Settings (defaultBanner, defaultAvatar) are live as soon as the settings are
 * saved, while a media file is otherwise seen by visitors only once its build is published (D2 of
 * the 2026-11-26 walk-through). So a pending upload that Settings use is served to everyone
 * (server/http/media.ts), and it can be neither discarded nor deleted while they use it.
 */

/** `/media/2026/05/a-b.png` with each segment URL-encoded. */
export function mediaUrl(path: string) {
  return `/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** The spellings a page or a setting may use for a file's address: as stored, and URL-encoded (Persian names). */
export function mediaAddressForms(path: string): string[] {
  return [...new Set([`/${path}`, mediaUrl(path)])];
}

/** The settings that show the media file at `path` (`media/…`). */
export async function settingsUsingMedia(db: Database, path: string): Promise<MediaSettingUse[]> {
  const settings = await getSiteSettings(db);
  const forms = mediaAddressForms(path);
  return (['defaultBanner', 'defaultAvatar'] as const).filter((name) => forms.includes(settings[name].trim()));
}

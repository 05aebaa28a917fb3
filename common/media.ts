import type { Locale } from './locales';

/*
 * The media library (`GET /api/media`, `/manage/media`): every uploaded file, published or pending,
 * with where it is used. Shared by the API, the library screen and the pickers (Settings, editor).
 */

/** Files per page of `GET /api/media`. */
export const MEDIA_PAGE_SIZE = 24;

/** A page that shows a file (in its body or as its banner), as the editor sees it (pending version first). */
export type MediaUse = { locale: Locale; path: string; title: string };

/** Site settings that show a file: they are live as soon as Settings are saved. */
export type MediaSettingUse = 'defaultBanner' | 'defaultAvatar';

/**
 * One file of the library.
 * - `status`: `published` (in the repository), `pending` (uploaded into the open build), or
 *   `deleting` (published, its deletion pending).
 * - `width`/`height`/`type` are null for a file that is not a recognised image (committed to git by hand).
 * - `uploadedBy`/`uploadedAt`: the change that added it (null for a file committed outside Daftar).
 */
export type MediaItem = {
  path: string;
  url: string;
  name: string;
  type: string | null;
  width: number | null;
  height: number | null;
  bytes: number;
  status: 'published' | 'pending' | 'deleting';
  uploadedBy: { id: string; name: string } | null;
  uploadedAt: string | null;
  usedBy: MediaUse[];
  usedBySettings: MediaSettingUse[];
};

/** `GET /api/media?q=&page=`: newest first. */
export type MediaList = { items: MediaItem[]; total: number; page: number; pageSize: number };

/** The 409 body's `data` of `DELETE /api/media/{path}` while the file is used. */
export type MediaInUse = { pages: MediaUse[]; settings: MediaSettingUse[] };

/** `/media/2026/05/a.png` → the file's path below `/media/` (`2026/05/a.png`), the media endpoints' `{path}`. */
export const mediaFilePath = (url: string) => url.replace(/^\/media\//, '');

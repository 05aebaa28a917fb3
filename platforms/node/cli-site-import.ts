/*
 * `import-wordpress` and `import-ghost` (docs/operating.md "Coming from WordPress or Ghost"): reads
 * the export (at most 100 MB) and the media folder, then imports into the configured repository
 * and database (server/services/site-import.ts).
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '../../common/locales';
import type { Database } from '../../server/db/database';
import { isMigrated, runMigrations } from '../../server/db/migrate';
import { readGhostExport } from '../../server/services/import-ghost';
import { readWordPressExport } from '../../server/services/import-wordpress';
import {
  COLLISION_CHOICES,
  type CollisionChoice,
  describeSiteImport,
  importExternalSite,
  MAX_IMPORT_BYTES,
  type MediaReader,
  SiteImportError,
} from '../../server/services/site-import';
import { nodeContentRepository } from './deps';
import type { loadNodeConfig } from './environment';

/** Reads an export file, refusing one above `maxBytes` before reading it. */
export async function readImportFile(file: string, { maxBytes = MAX_IMPORT_BYTES } = {}) {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new SiteImportError(`${file}: no such file.`);
  if (info.size > maxBytes)
    throw new SiteImportError(
      `${file}: ${Math.ceil(info.size / 1024 / 1024)} MB is more than the ${Math.round(maxBytes / 1024 / 1024)} MB an import reads.`,
    );
  return readFile(file, 'utf8');
}

/** `--on-collision`'s value: one of the three choices, or absent (the dry run asks); anything else is refused. */
export function collisionChoice(value: unknown): CollisionChoice | undefined {
  if (value === undefined) return undefined;
  const choice = COLLISION_CHOICES.find((candidate) => candidate === value);
  if (!choice)
    throw new SiteImportError(
      `--on-collision ${typeof value === 'string' ? JSON.stringify(value) : ''}: choose rename, replace or keep. Nothing was written.`,
    );
  return choice;
}

/** Files below `dir` only: a name that resolves outside it (`../`, a symbolic link out) reads nothing. */
export async function mediaFolderReader(dir: string): Promise<MediaReader> {
  const root = await realpath(dir).catch(() => undefined);
  if (!root || !(await stat(root)).isDirectory()) throw new SiteImportError(`--media-dir ${dir}: no such folder.`);
  return async (uploadPath) => {
    const wanted = await realpath(path.resolve(root, uploadPath)).catch(() => undefined);
    if (!wanted?.startsWith(`${root}${path.sep}`)) return undefined;
    return readFile(wanted);
  };
}

export async function importFromPlatform(
  config: ReturnType<typeof loadNodeConfig>,
  db: Database,
  command: 'import-wordpress' | 'import-ghost',
  options: { file: string; mediaDir?: string; locale?: Locale; dryRun: boolean; onCollision?: CollisionChoice },
) {
  const text = await readImportFile(options.file);
  const source =
    command === 'import-wordpress'
      ? readWordPressExport(text, options.locale ? { defaultLocale: options.locale } : {})
      : readGhostExport(text, options.locale ? { locale: options.locale } : {});
  const readMedia = options.mediaDir ? await mediaFolderReader(options.mediaDir) : undefined;
  if (!options.dryRun) await runMigrations(db);
  else if (!(await isMigrated(db)))
    throw new SiteImportError('The database has no tables yet: install the site first (npm start), or run migrate, then import.');
  const report = await importExternalSite(db, nodeContentRepository(config, config.dataDir), source, {
    dryRun: options.dryRun,
    readMedia,
    ...(options.onCollision ? { onCollision: options.onCollision } : {}),
  });
  return describeSiteImport(report);
}

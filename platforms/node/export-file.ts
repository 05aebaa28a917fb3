import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../server/db/database';
import { isMissingTableError } from '../../server/db/errors';
import {
  ExportFileError,
  exportSite,
  type ImportReport,
  importSite,
  MAX_EXPORT_BYTES,
  parseSiteExport,
} from '../../server/services/site-export';

/*
 * The file side of `npm run daftar -- export` / `import` (the format and the rules are in
 * server/services/site-export.ts, which works on D1 as well).
 */

/** Writes the export to `out` (owner-only mode: it names people, and with secrets holds password hashes). */
export async function writeExportFile(db: Database, out: string, { withSecrets = false } = {}) {
  const target = path.resolve(out);
  if (existsSync(target) && statSync(target).isDirectory()) throw new Error(`${target} is a folder; name a file to write.`);
  const document = await exportSite(db, { withSecrets });
  // Written beside the target, then renamed: an interrupted export never leaves half a file under its name.
  const partial = `${target}.partial-${process.pid}`;
  writeFileSync(partial, `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600 });
  renameSync(partial, target);
  return { file: target, document };
}

/** Reads, checks and imports `file`; refuses one larger than `maxBytes` before reading it. */
export async function importExportFile(
  db: Database,
  file: string,
  { dryRun = false, maxBytes = MAX_EXPORT_BYTES } = {},
): Promise<ImportReport> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new Error(`${source} does not exist.`);
  const { size } = statSync(source);
  if (!statSync(source).isFile()) throw new Error(`${source} is not a file.`);
  if (size > maxBytes)
    throw new ExportFileError(
      `${source} is ${(size / 1024 / 1024).toFixed(1)} MB; an import reads at most ${maxBytes / 1024 / 1024} MB.`,
    );
  const data = parseSiteExport(readFileSync(source, 'utf8'), { maxBytes });
  try {
    return await importSite(db, data, { dryRun });
  } catch (error) {
    if (isMissingTableError(error))
      throw new Error(
        'This database has no tables yet: a dry run does not create them. Run the import without --dry-run (it applies the migrations first), or `npm run daftar -- migrate` before the dry run.',
      );
    throw error;
  }
}

/** The report as the CLI prints it. */
export function describeImport(report: ImportReport): string {
  const line = (label: string, counts: Record<string, number>) =>
    `${label}: ${Object.entries(counts)
      .map(([kind, n]) => `${n} ${kind}`)
      .join(', ')}`;
  const lines = [
    report.dryRun
      ? 'Dry run: nothing was written.'
      : [...Object.values(report.created), ...Object.values(report.updated)].some(Boolean)
        ? 'Imported.'
        : 'Nothing to change: this site already holds what the file has.',
    line('created', report.created),
    line('updated', report.updated),
    line('unchanged', report.unchanged),
    `skipped: ${report.skipped.length}`,
    ...report.skipped.map((item) => `  ${item.kind} ${item.id}: ${item.reason}`),
  ];
  if (report.withoutPassword.length)
    lines.push(
      `${report.withoutPassword.length} user(s) came without a password hash and cannot sign in until they get a new password:`,
      `  npm run daftar -- reset-password USER   (for ${report.withoutPassword.join(', ')})`,
    );
  return lines.join('\n');
}

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import type { Database } from '../../server/db/database';
import { appliedMigrations, runMigrations } from '../../server/db/migrate';
import * as schema from '../../server/db/schema';
import { createNodeDatabase } from './database';

/*
 * `npm run daftar -- backup` / `restore` (docs/operating.md): one .tar.gz holding a consistent
 * copy of the database (SQLite `VACUUM INTO`, taken while the server runs), the content repository
 * (work tree and `.git`, so history and uploaded media come along) and a manifest with counts and
 * a SHA-256 per file. Restore verifies every checksum before it writes anything.
 */

export const BACKUP_FORMAT = 'daftar-backup';
export const BACKUP_VERSION = 1;
const DATABASE_FILE = 'database/daftar.db';
const MANIFEST = 'manifest.json';

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  migrations: string[];
  counts: Record<string, number>;
  files: { path: string; size: number; sha256: string }[];
};

type Entry = { name: string; data: Buffer };

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

// ---- tar (ustar), enough for regular files --------------------------------------------------

function octal(value: number, width: number) {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number): Buffer {
  const block = Buffer.alloc(512);
  // Names longer than 100 bytes are split into prefix (155) and name (100) at a slash.
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`Path too long for the archive: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  block.write(base, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 8, 'ascii');
  block.write(octal(0, 8), 108, 8, 'ascii');
  block.write(octal(0, 8), 116, 8, 'ascii');
  block.write(octal(size, 12), 124, 12, 'ascii');
  block.write(octal(Math.floor(Date.now() / 1000), 12), 136, 12, 'ascii');
  block.write('        ', 148, 8, 'ascii');
  block.write('0', 156, 1, 'ascii');
  block.write('ustar\0', 257, 6, 'ascii');
  block.write('00', 263, 2, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

function writeTar(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(header(entry.name, entry.data.length), entry.data, Buffer.alloc((512 - (entry.data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

function readTar(archive: Buffer): Entry[] {
  const entries: Entry[] = [];
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const block = archive.subarray(offset, offset + 512);
    if (block.every((byte) => byte === 0)) break;
    const text = (start: number, length: number) => block.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const size = Number.parseInt(text(124, 12).trim() || '0', 8);
    const prefix = text(345, 155);
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    if (!Number.isSafeInteger(size) || size < 0 || offset + 512 + size > archive.length)
      throw new Error('The archive is damaged (an entry runs past its end).');
    if (text(156, 1) === '0' || text(156, 1) === '')
      entries.push({ name, data: Buffer.from(archive.subarray(offset + 512, offset + 512 + size)) });
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

// ---- backup -----------------------------------------------------------------------------------

/**
 * Every file under `root`. Git objects are read last: git (and isomorphic-git) writes a commit's
 * objects before it moves a branch, so a branch read before the objects can only point at objects
 * the copy holds, even when a publish lands while the folder is read.
 */
function filesUnder(root: string, prefix: string): Entry[] {
  if (!existsSync(root)) return [];
  const out: Entry[] = [];
  const objects = path.join(root, '.git', 'objects');
  const walk = (dir: string) => {
    const items = readdirSync(dir, { withFileTypes: true });
    const ordered = [
      ...items.filter((item) => path.join(dir, item.name) !== objects),
      ...items.filter((item) => path.join(dir, item.name) === objects),
    ];
    for (const item of ordered) {
      const full = path.join(dir, item.name);
      if (item.isDirectory()) walk(full);
      else if (item.isFile()) {
        // A file git removed while the folder was read (a temporary lock or object file) is simply not there.
        const data = (() => {
          try {
            return readFileSync(full);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
            throw error;
          }
        })();
        if (data) out.push({ name: `${prefix}/${path.relative(root, full).split(path.sep).join('/')}`, data });
      }
    }
  };
  walk(root);
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** The applied migrations and row counts of a snapshot file, read without changing it (no pragmas). */
async function describeSnapshot(file: string) {
  const client = createClient({ url: `file:${file}` });
  try {
    const db = drizzle(client, { schema }) as unknown as Database;
    return { migrations: await appliedMigrations(db), counts: await countRows(db) };
  } finally {
    client.close();
  }
}

async function countRows(db: Database): Promise<Record<string, number>> {
  const tables = ['users', 'roles', 'settings', 'pages', 'comments', 'newsletter_subscribers', 'builds', 'commits', 'page_views'];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const rows = await db.all<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${table}`)).catch(() => undefined);
    if (rows) counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

type BackupSource = { db: Database; dataDir: string; databaseUrl: string };

/**
 * Makes the archive in memory: the database snapshot is written to `workDir` (a folder beside the
 * target, removed afterwards) and read back. The CLI writes the result to a file; the dashboard's
 * download (`GET /api/backup`) sends the same bytes.
 */
export async function makeBackupArchive(
  { db, dataDir, databaseUrl }: BackupSource,
  workDir: string,
  progress: (message: string) => void = () => {},
): Promise<{ manifest: BackupManifest; archive: Buffer }> {
  if (!databaseUrl.startsWith('file:'))
    throw new Error(
      'Backups cover the embedded SQLite database (DATABASE_URL=file:…); back up a remote libSQL database with its own tools.',
    );
  const work = path.join(workDir, `.daftar-backup-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`);
  mkdirSync(work, { recursive: true, mode: 0o700 });
  const snapshot = path.join(work, 'daftar.db');
  try {
    progress('Copying the database…');
    // One consistent copy, even while the server writes (SQLite makes it inside a read transaction).
    await db.run(sql`VACUUM INTO ${snapshot}`);
    // Counted in the copy itself: the live database has moved on since (the server keeps writing).
    const { migrations, counts } = await describeSnapshot(snapshot);
    progress('Reading the content repository…');
    const entries: Entry[] = [
      { name: DATABASE_FILE, data: readFileSync(snapshot) },
      ...filesUnder(path.join(dataDir, 'repo'), 'repo'),
    ];
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      migrations,
      counts,
      files: entries.map((entry) => ({ path: entry.name, size: entry.data.length, sha256: sha256(entry.data) })),
    };
    progress(`Writing ${entries.length} files…`);
    const archive = gzipSync(writeTar([{ name: MANIFEST, data: Buffer.from(JSON.stringify(manifest, null, 2)) }, ...entries]));
    return { manifest, archive };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Takes a backup of a running (or stopped) site into `out`; returns its manifest. */
export async function createBackup(
  source: BackupSource,
  out: string,
  progress: (message: string) => void = () => {},
): Promise<BackupManifest> {
  const { manifest, archive } = await makeBackupArchive(source, path.dirname(path.resolve(out)), progress);
  writeFileSync(out, archive, { mode: 0o600 });
  return manifest;
}

/**
 * The dashboard's "download a backup" on Node (AppDeps.backup): one archive at a time per process
 * (a second click waits for the first instead of copying the database twice at once). The work
 * folder sits in the data folder, on the same disk as the database.
 */
export function nodeBackupMaker(source: BackupSource) {
  let queue: Promise<unknown> = Promise.resolve();
  return () => {
    const next = queue.then(() => makeBackupArchive(source, source.dataDir));
    queue = next.catch(() => undefined);
    return next;
  };
}

// ---- restore ----------------------------------------------------------------------------------

/** Reads and checks an archive: the manifest, then every file against its size and SHA-256. Writes nothing. */
export function readBackup(file: string): { manifest: BackupManifest; entries: Entry[] } {
  let entries: Entry[];
  try {
    entries = readTar(gunzipSync(readFileSync(file)));
  } catch (error) {
    throw new Error(`${file} is not a Daftar backup (${error instanceof Error ? error.message : String(error)}).`);
  }
  const manifestEntry = entries.find((entry) => entry.name === MANIFEST);
  let manifest: BackupManifest | undefined;
  try {
    manifest = manifestEntry ? (JSON.parse(manifestEntry.data.toString('utf8')) as BackupManifest) : undefined;
  } catch {
    manifest = undefined;
  }
  if (!manifest || manifest.format !== BACKUP_FORMAT) throw new Error(`${file} is not a Daftar backup (no manifest).`);
  if (manifest.version > BACKUP_VERSION)
    throw new Error(`${file} was made by a newer Daftar (backup format ${manifest.version}); update first.`);
  const files = entries.filter((entry) => entry.name !== MANIFEST);
  const listed = new Map(manifest.files.map((item) => [item.path, item]));
  const problems: string[] = [];
  for (const entry of files) {
    const expected = listed.get(entry.name);
    if (!expected) problems.push(`${entry.name}: not in the manifest`);
    else if (expected.size !== entry.data.length || expected.sha256 !== sha256(entry.data))
      problems.push(`${entry.name}: checksum does not match`);
    listed.delete(entry.name);
  }
  for (const missing of listed.keys()) problems.push(`${missing}: missing from the archive`);
  for (const entry of files) {
    // Nothing may land outside the data folder.
    if (entry.name.split('/').some((part) => part === '..' || part === '') || path.isAbsolute(entry.name))
      problems.push(`${entry.name}: unsafe path`);
  }
  if (!files.some((entry) => entry.name === DATABASE_FILE)) problems.push(`${DATABASE_FILE}: missing from the archive`);
  if (problems.length) throw new Error(`The backup was refused, nothing was restored:\n  ${[...new Set(problems)].join('\n  ')}`);
  return { manifest, entries: files };
}

/**
 * Restores into `dataDir`, which must be empty (or absent); with `force` a non-empty one is moved
 * aside first (`<dir>.before-restore-<time>`). Applies any migrations this release has on top.
 */
export async function restoreBackup(file: string, dataDir: string, { force = false } = {}) {
  const { manifest, entries } = readBackup(file);
  const target = path.resolve(dataDir);
  let keptAside: string | undefined;
  if (existsSync(target) && statSync(target).isDirectory() && readdirSync(target).length > 0) {
    if (!force)
      throw new Error(`${target} is not empty: restore into an empty folder, or add --force to move the current one aside.`);
    keptAside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, keptAside);
  }
  mkdirSync(target, { recursive: true, mode: 0o700 });
  for (const entry of entries) {
    const destination =
      entry.name === DATABASE_FILE ? path.join(target, 'daftar.db') : path.join(target, ...entry.name.split('/'));
    mkdirSync(path.dirname(destination), { recursive: true });
    writeFileSync(destination, entry.data);
  }
  const { db, close } = await createNodeDatabase(`file:${path.join(target, 'daftar.db')}`);
  try {
    const { applied } = await runMigrations(db);
    return { manifest, keptAside, applied, counts: await countRows(db) };
  } finally {
    close();
  }
}

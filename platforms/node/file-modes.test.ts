import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeDatabase, databaseFilePath } from './database';
import { loadNodeConfig } from './environment';
import { createLocalRepository } from './local-repository';

const modeOf = (file: string) => statSync(file).mode & 0o777;
const scratch: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'daftar-modes-'));
  scratch.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('owner-only files on the node target (F-14)', () => {
  it('creates a fresh data folder 0700, and the database with its WAL and shared-memory files 0600', async () => {
    const dataDir = path.join(freshDir(), 'nested', 'data');
    const config = loadNodeConfig({ DATA_DIR: dataDir });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(databaseFilePath(config.databaseUrl)).toBe(path.join(dataDir, 'daftar.db'));

    const { db, close } = await createNodeDatabase(config.databaseUrl);
    try {
      await db.run('CREATE TABLE t (x)');
      await db.run('INSERT INTO t VALUES (1)');
      const file = path.join(dataDir, 'daftar.db');
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      expect(modeOf(`${file}-shm`)).toBe(0o600);
    } finally {
      close();
    }
  });

  it('makes an existing world-readable database and its journal owner-only', async () => {
    const file = path.join(freshDir(), 'daftar.db');
    writeFileSync(file, '');
    writeFileSync(`${file}-journal`, '');
    chmodSync(file, 0o644);
    chmodSync(`${file}-journal`, 0o644);
    const { db, close } = await createNodeDatabase(`file:${file}`);
    try {
      await db.run('SELECT 1');
      expect(modeOf(file)).toBe(0o600);
      if (existsSync(`${file}-journal`)) expect(modeOf(`${file}-journal`)).toBe(0o600);
    } finally {
      close();
    }
  });

  it('creates the content repository folder 0700', async () => {
    const dir = path.join(freshDir(), 'repo');
    const repository = createLocalRepository(dir);
    await repository.head();
    expect(modeOf(dir)).toBe(0o700);
  });

  it('reads file: URLs in each spelling', () => {
    expect(databaseFilePath('file:data/daftar.db')).toBe('data/daftar.db');
    expect(databaseFilePath('file:///srv/daftar.db')).toBe('/srv/daftar.db');
    expect(databaseFilePath('file:/srv/daftar.db?mode=rwc')).toBe('/srv/daftar.db');
    expect(databaseFilePath('libsql://db.example.turso.io')).toBeUndefined();
  });
});

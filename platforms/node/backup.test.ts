import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../server/db/schema';
import { TEST_DATABASE_FILE } from '../../tests/support/database';
import { createInstalledSite } from '../../tests/support/site';
import { createBackup, readBackup, restoreBackup } from './backup';
import { createNodeDatabase } from './database';
import { createLocalRepository } from './local-repository';

const scratch = () => mkdtempSync(path.join(tmpdir(), 'daftar-backup-test-'));

async function backedUpSite() {
  const site = await createInstalledSite();
  const dataDir = path.dirname(site.deps.contentRepository!.location);
  const source = { db: site.deps.db, dataDir, databaseUrl: `file:${path.join(dataDir, TEST_DATABASE_FILE)}` };
  return { site, dataDir, source };
}

describe('backup and restore', () => {
  it('a backup taken during writes restores to a site with everything that existed at the snapshot', async () => {
    const { site, source } = await backedUpSite();
    const archive = path.join(scratch(), 'site.tar.gz');
    // A write load during the backup: subscribers keep arriving.
    let writing = true;
    let written = 0;
    const load = (async () => {
      while (writing) {
        await site.deps.db.insert(newsletterSubscribers).values({ email: `reader${written}@example.com`, locale: 'fa' });
        written += 1;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    // The load is under way before the backup starts (waiting on a count, not a time: the machine may be busy).
    while (written < 5) await new Promise((resolve) => setTimeout(resolve, 5));
    const before = written;
    const manifest = await createBackup(source, archive);
    writing = false;
    await load;
    expect(manifest.counts.newsletter_subscribers).toBeGreaterThanOrEqual(before);

    const target = path.join(scratch(), 'restored');
    const restored = await restoreBackup(archive, target);
    // Every count the snapshot recorded is what the restored database holds: nothing half-written.
    expect(restored.counts).toEqual(manifest.counts);
    expect(manifest.counts.users).toBe(3);
    expect(manifest.counts.pages).toBeGreaterThan(10);
    expect(manifest.counts.newsletter_subscribers).toBeGreaterThan(0);
    expect(restored.applied).toEqual([]);
    // The content repository comes back with its history.
    const head = await site.deps.contentRepository!.head();
    expect(await createLocalRepository(path.join(target, 'repo')).head()).toBe(head);
    // And the restored database opens and answers like the original.
    const { db, close } = await createNodeDatabase(`file:${path.join(target, 'daftar.db')}`);
    try {
      const rows = await db.all<{ username: string }>(sql`SELECT username FROM users ORDER BY username`);
      expect(rows.map((row) => row.username)).toEqual(['editor', 'member', 'owner']);
    } finally {
      close();
    }
  });

  it('refuses a tampered archive and writes nothing', async () => {
    const { source } = await backedUpSite();
    const dir = scratch();
    const archive = path.join(dir, 'site.tar.gz');
    await createBackup(source, archive);
    const tar = gunzipSync(readFileSync(archive));
    // One byte of a file inside changed (the database's first page sits after the manifest).
    const changed = Buffer.from(tar);
    const at = changed.indexOf(Buffer.from('SQLite format 3'));
    changed[at + 200] = (changed[at + 200] ?? 0) ^ 0xff;
    const tampered = path.join(dir, 'tampered.tar.gz');
    writeFileSync(tampered, gzipSync(changed));
    expect(() => readBackup(tampered)).toThrow(/database\/daftar\.db: checksum does not match/);
    const target = path.join(dir, 'restored');
    await expect(restoreBackup(tampered, target)).rejects.toThrow('nothing was restored');
    expect(existsSync(path.join(target, 'daftar.db'))).toBe(false);

    const truncated = path.join(dir, 'truncated.tar.gz');
    writeFileSync(truncated, readFileSync(archive).subarray(0, 4000));
    expect(() => readBackup(truncated)).toThrow(/is not a Daftar backup/);
    const other = path.join(dir, 'other.tar.gz');
    writeFileSync(other, gzipSync(Buffer.alloc(2048)));
    expect(() => readBackup(other)).toThrow(/no manifest/);
  });

  it('restores only into an empty folder unless --force, which keeps the old one aside', async () => {
    const { source } = await backedUpSite();
    const dir = scratch();
    const archive = path.join(dir, 'site.tar.gz');
    await createBackup(source, archive);
    const target = path.join(dir, 'busy');
    mkdirSync(target);
    writeFileSync(path.join(target, 'keep-me.txt'), 'mine');
    await expect(restoreBackup(archive, target)).rejects.toThrow(/is not empty/);
    const { keptAside } = await restoreBackup(archive, target, { force: true });
    expect(keptAside && readFileSync(path.join(keptAside, 'keep-me.txt'), 'utf8')).toBe('mine');
    expect(existsSync(path.join(target, 'daftar.db'))).toBe(true);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createNodeDatabase } from '../../platforms/node/database';
import { runMigrations } from '../../server/db/migrate';

/** A real SQLite file in a temp folder, removed after the test file; migrated unless asked not to. */
export async function createTestDatabase({ migrate = true } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'daftar-test-'));
  const { db, close } = await createNodeDatabase(`file:${path.join(dir, 'test.db')}`);
  if (migrate) await runMigrations(db);
  afterAll(() => {
    close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { db, dir };
}

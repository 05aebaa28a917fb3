import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createNodeDatabase } from '../../platforms/node/database';
import { runMigrations } from '../../server/db/migrate';
import { afterFile } from './after-file';
import { withD1Batch, withD1Limits } from './d1-limits';

/** The database file inside a test's data folder (the content repository sits beside it in `repo/`). */
export const TEST_DATABASE_FILE = 'test.db';

/**
 * A real SQLite file in a temp folder, closed and removed after the test file
 * (tests/support/cleanup.ts); migrated unless asked not to. `from`: a data folder to start from
 * (a copy of it: database, content repository and all). `d1Limits`: every statement is held to
 * D1's 100 bound parameters and 100 KB, and a batch may not hold a raw statement with bound values
 * (tests/support/d1-limits.ts).
 */
export async function createTestDatabase({
  migrate = true,
  from,
  d1Limits = false,
}: {
  migrate?: boolean;
  from?: string;
  d1Limits?: boolean;
} = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'daftar-test-'));
  if (from) cpSync(from, dir, { recursive: true });
  const opened = await createNodeDatabase(
    `file:${path.join(dir, TEST_DATABASE_FILE)}`,
    undefined,
    d1Limits ? withD1Limits : undefined,
  );
  const { close } = opened;
  const db = d1Limits ? withD1Batch(opened.db) : opened.db;
  afterFile(() => {
    close();
    rmSync(dir, { recursive: true, force: true });
  });
  if (migrate) await runMigrations(db);
  return { db, dir };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { BUSY_TIMEOUT_MS, createNodeDatabase } from './database';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('node database', () => {
  it('gives every pooled connection the busy timeout and foreign keys, also one opened while a transaction holds another', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'daftar-db-'));
    dirs.push(dir);
    const { db, close } = await createNodeDatabase(`file:${path.join(dir, 'site.db')}`);
    try {
      await db.run(sql`CREATE TABLE parent (id INTEGER PRIMARY KEY)`);
      await db.run(sql`CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id))`);
      let seen: { timeout: unknown; foreignKeys: unknown } | undefined;
      let childInsert: Promise<unknown> | undefined;
      await db.transaction(async (tx) => {
        await tx.run(sql`INSERT INTO parent (id) VALUES (1)`);
        // Outside the transaction: the pool lends another connection.
        const timeout = await db.get<{ timeout: number }>(sql`PRAGMA busy_timeout`);
        const foreignKeys = await db.get<{ foreign_keys: number }>(sql`PRAGMA foreign_keys`);
        seen = { timeout: timeout?.timeout, foreignKeys: foreignKeys?.foreign_keys };
        // A write from that other connection waits for this transaction instead of failing at once.
        childInsert = db.run(sql`INSERT INTO parent (id) VALUES (2)`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      expect(seen).toEqual({ timeout: BUSY_TIMEOUT_MS, foreignKeys: 1 });
      await childInsert;
      expect(await db.get<{ n: number }>(sql`SELECT count(*) AS n FROM parent`)).toEqual({ n: 2 });
      const orphan = await db.run(sql`INSERT INTO child (id, parent_id) VALUES (1, 99)`).catch((error: Error) => error);
      expect(String((orphan as Error).cause)).toMatch(/FOREIGN KEY/i);
    } finally {
      close();
    }
  });
});

import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import { closeConnectionsOnBusyStatements } from './busy-statements';
import { BUSY_TIMEOUT_MS } from './database';

/*
 * tursodatabase/libsql-client-ts#352 on our client: a statement that failed busy while another
 * process held the write lock must not leave the connection unable to commit or reading an old
 * snapshot once the lock is free. Each case fails without closeConnectionsOnBusyStatements (writes
 * end in "cannot commit transaction - SQL statements in progress"; reads return 3, not 5).
 */

type Binding = { new (file: string): { exec(sql: string): void; close(): void } };
const Database = createRequire(createRequire(import.meta.url).resolve('@libsql/client'))('libsql') as Binding;

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

async function value(client: Client) {
  return Number((await client.execute('SELECT v FROM t')).rows[0]?.v);
}

const failBusy: Record<string, (client: Client) => Promise<unknown>> = {
  'a single write': (client) => client.execute('UPDATE t SET v = 2'),
  'a write batch': (client) => client.batch(['UPDATE t SET v = 2'], 'write'),
  'a deferred batch that turns into a write': (client) => client.batch(['SELECT v FROM t', 'UPDATE t SET v = 2'], 'deferred'),
  'the BEGIN IMMEDIATE of a transaction': (client) => client.transaction('write'),
  'a write inside a deferred transaction': async (client) => {
    const transaction = await client.transaction('deferred');
    try {
      await transaction.execute('SELECT v FROM t');
      await transaction.execute('UPDATE t SET v = 2');
    } finally {
      transaction.close();
    }
  },
};

describe('a statement that failed busy leaves no broken connection behind', () => {
  closeConnectionsOnBusyStatements();

  for (const [what, run] of Object.entries(failBusy))
    it(`after ${what}`, async () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'daftar-busy-'));
      folders.push(folder);
      const file = path.join(folder, 'site.db');
      const otherProcess = new Database(file);
      otherProcess.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1)');
      const client = createClient({ url: `file:${file}`, timeout: BUSY_TIMEOUT_MS });
      try {
        expect(await value(client)).toBe(1);
        otherProcess.exec('BEGIN IMMEDIATE');
        await expect(run(client)).rejects.toThrow(/SQLITE_BUSY|database is locked/);
        otherProcess.exec('UPDATE t SET v = 3; COMMIT');

        expect(await value(client)).toBe(3);
        await client.batch(['UPDATE t SET v = 4'], 'write');
        expect(await value(client)).toBe(4);
        otherProcess.exec('UPDATE t SET v = 5');
        expect(await value(client)).toBe(5);
        const transaction = await client.transaction('write');
        await transaction.execute('UPDATE t SET v = 6');
        await transaction.commit();
        otherProcess.exec('BEGIN IMMEDIATE; COMMIT');
      } finally {
        client.close();
        otherProcess.close();
      }
    });
});

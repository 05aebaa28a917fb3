import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Client, createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import type { Database } from '../../server/db/database';
import * as schema from '../../server/db/schema';
import { closeConnectionsOnBusyStatements } from './busy-statements';
import { BUSY_SPIN_MS, guardClient } from './database-guard';

/** Owner read and write only: the database holds password hashes and sessions. */
export const DATABASE_FILE_MODE = 0o600;

/** The file of a libSQL `file:` URL (`file:data/daftar.db`, `file:///srv/daftar.db`); undefined for a server URL. */
export function databaseFilePath(url: string): string | undefined {
  if (!url.startsWith('file:')) return undefined;
  const withoutQuery = url.replace(/\?.*$/, '');
  return withoutQuery.startsWith('file://') ? fileURLToPath(withoutQuery) : withoutQuery.slice('file:'.length);
}

/**
 * Creates the database file owner-only before SQLite opens it, and makes an existing one (and any
 * journal left beside it) owner-only too. SQLite creates its `-wal`, `-shm` and `-journal` files with
 * the mode of the database file, so they follow.
 */
function protectDatabaseFiles(file: string) {
  if (!existsSync(file)) closeSync(openSync(file, 'a', DATABASE_FILE_MODE));
  for (const suffix of ['', '-wal', '-shm', '-journal'])
    if (existsSync(file + suffix)) chmodSync(file + suffix, DATABASE_FILE_MODE);
}

/**
 * How long SQLite waits for another connection's lock inside a call (ms): briefly, since the call
 * blocks the whole process meanwhile; the guard (database-guard.ts) waits on asynchronously.
 */
export const BUSY_TIMEOUT_MS = BUSY_SPIN_MS;

/**
 * libSQL on the node target: a `file:` SQLite database by default, or a sqld/Turso server.
 * `wrapClient`: tests put a checking client between drizzle and libSQL (tests/support/d1-limits.ts).
 */
export async function createNodeDatabase(
  url: string,
  authToken?: string,
  wrapClient: (client: Client) => Client = (client) => client,
) {
  const file = databaseFilePath(url);
  if (file && file !== ':memory:') protectDatabaseFiles(file);
  // The client keeps a pool of connections (a transaction holds one, other calls meanwhile open
  // another), so per-connection settings are options, not PRAGMAs run once: the busy timeout is
  // short, and `guardClient` waits for a lock asynchronously (up to LOCK_WAIT_MS) and holds each
  // request to its statement budget (database-guard.ts, issue 35 F-6).
  // A connection a statement failed busy on is broken until garbage collection (busy-statements.ts).
  closeConnectionsOnBusyStatements();
  const client = guardClient(createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS }));
  // WAL lets readers go on while a writer works (stored in the file: once is enough).
  if (file) await client.execute('PRAGMA journal_mode = WAL');
  // libSQL opens every connection with foreign keys on; said here too for a sqld/Turso server.
  await client.execute('PRAGMA foreign_keys = ON');
  const db = drizzle(wrapClient(client), { schema }) as unknown as Database;
  return { db, close: () => client.close() };
}

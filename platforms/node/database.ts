import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import type { Database } from '../../server/db/database';
import * as schema from '../../server/db/schema';

/** libSQL on the node target: a `file:` SQLite database by default, or a sqld/Turso server. */
export async function createNodeDatabase(url: string, authToken?: string) {
  const client = createClient({ url, authToken });
  if (url.startsWith('file:')) {
    // WAL lets readers go on while a writer works; foreign keys are off by default in SQLite.
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA busy_timeout = 5000');
  }
  await client.execute('PRAGMA foreign_keys = ON');
  const db = drizzle(client, { schema }) as unknown as Database;
  return { db, close: () => client.close() };
}

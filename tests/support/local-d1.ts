import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type Client, createClient } from '@libsql/client';

/**
 * The SQLite file behind `wrangler dev --local`'s D1 binding (`--persist-to <stateDir>`), opened
 * from the test: what no API can make, such as page views from months ago, goes in this way.
 * workerd sees the rows on its next query (SQLite's own locking between the two processes).
 */
export function openLocalD1(stateDir: string): Client {
  const dir = path.join(stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const files = readdirSync(dir).filter((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (files.length !== 1) throw new Error(`Expected one local D1 database in ${dir}, found: ${files.join(', ') || 'none'}`);
  return createClient({ url: `file:${path.join(dir, files[0]!)}` });
}

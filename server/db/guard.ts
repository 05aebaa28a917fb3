import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './database';

/**
 * A statement that fails the batch (the transaction) it is in unless `condition` holds: malformed
 * JSON is an error in SQLite and D1 alike. The condition and the reason are written into the SQL,
 * not bound: D1 batches a raw statement only when it binds no values, so `condition` must bind
 * none either (integers the code computed go in with `sql.raw`).
 */
export function failUnless(db: Database, condition: SQL, reason: string) {
  return db.run(sql`select case when ${condition} then 1 else json(${sql.raw(`'${reason.replaceAll("'", "''")}'`)}) end`);
}

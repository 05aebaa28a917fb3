import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { Database } from './database';
import { migrations as bundledMigrations } from './migrations.generated';

export type Migration = { name: string; statements: string[] };

const LEDGER = '__daftar_migrations';
// Declared here, not in schema/: drizzle-kit must not manage the table that records its own output.
// Inserting through the query builder (not raw SQL with bound values) keeps the batch valid on D1.
const ledger = sqliteTable(LEDGER, { name: text('name').primaryKey(), appliedAt: integer('applied_at').notNull() });

/** Names of migrations already applied; empty when the ledger does not exist yet. */
export async function appliedMigrations(db: Database): Promise<string[]> {
  const ledger = await db.all<{ name: string }>(sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name = ${LEDGER}`);
  if (ledger.length === 0) return [];
  const rows = await db.all<{ name: string }>(sql.raw(`SELECT name FROM ${LEDGER} ORDER BY name`));
  return rows.map((row) => row.name);
}

export async function pendingMigrations(db: Database, migrations: Migration[] = bundledMigrations) {
  const applied = new Set(await appliedMigrations(db));
  return migrations.filter((migration) => !applied.has(migration.name));
}

/**
 * The one migration runner (installer, `npm run db:migrate`, tests). Each migration runs in one
 * atomic batch together with its ledger row, so a failure leaves nothing half-applied and a
 * second run applies nothing.
 */
export async function runMigrations(db: Database, migrations: Migration[] = bundledMigrations) {
  await db.run(sql.raw(`CREATE TABLE IF NOT EXISTS ${LEDGER} (name TEXT PRIMARY KEY NOT NULL, applied_at INTEGER NOT NULL)`));
  const applied: string[] = [];
  for (const migration of await pendingMigrations(db, migrations)) {
    await db.batch([
      db.insert(ledger).values({ name: migration.name, appliedAt: Date.now() }),
      ...migration.statements.map((statement) => db.run(sql.raw(statement))),
    ]);
    applied.push(migration.name);
  }
  return { applied };
}

export async function isMigrated(db: Database): Promise<boolean> {
  return (await pendingMigrations(db)).length === 0;
}

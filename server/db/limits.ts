import type { BatchItem } from 'drizzle-orm/batch';
import type { Database } from './database';

/**
 * D1's limits per statement (Cloudflare's documentation, read in November 2026), design limits on
 * both platforms (libSQL allows far more, so only Workers would fail): at most 100 bound parameters
 * and 100 KB of SQL text. Tests enforce them on libSQL (tests/support/database.ts, `d1Limits`).
 */
export const MAX_BOUND_PARAMETERS = 100;
export const MAX_STATEMENT_BYTES = 100_000;

/** A statement drizzle can show before running it (every query builder can). */
type Measurable = { toSQL(): { sql: string; params: unknown[] } };

function fits(statement: Measurable) {
  const { sql, params } = statement.toSQL();
  return params.length <= MAX_BOUND_PARAMETERS && sql.length <= MAX_STATEMENT_BYTES;
}

/** Items per statement, from what the statement costs with one and with two items. */
function estimatedSize<T>(items: readonly T[], build: (part: T[]) => Measurable) {
  if (items.length < 2) return 1;
  const one = build(items.slice(0, 1)).toSQL();
  const two = build(items.slice(0, 2)).toSQL();
  const perParams = Math.max(1, two.params.length - one.params.length);
  const perBytes = Math.max(1, two.sql.length - one.sql.length);
  const byParams = Math.floor((MAX_BOUND_PARAMETERS - (one.params.length - perParams)) / perParams);
  const byBytes = Math.floor((MAX_STATEMENT_BYTES - (one.sql.length - perBytes)) / perBytes);
  return Math.max(1, Math.min(byParams, byBytes));
}

/**
 * The statements that cover `items` (the values of an `IN (…)` list, the rows of a multi-row
 * insert), each within D1's limits: `build(part)` makes the statement for one part. The size of a
 * part is worked out from the statement itself (its parameters with one and with two items), and
 * every part is checked and halved while it is still too big (rows of different shapes), so no
 * caller counts columns. Throws when a single item cannot fit: that is a programming error.
 */
export function splitStatements<T, Q extends Measurable>(items: readonly T[], build: (part: T[]) => Q): Q[] {
  const statements: Q[] = [];
  const place = (part: T[]) => {
    const statement = build(part);
    if (fits(statement)) {
      statements.push(statement);
      return;
    }
    if (part.length === 1) throw new Error(`One item makes a statement over D1's limits: ${statement.toSQL().sql.slice(0, 200)}`);
    const half = Math.ceil(part.length / 2);
    place(part.slice(0, half));
    place(part.slice(half));
  };
  const size = estimatedSize(items, build);
  for (let start = 0; start < items.length; start += size) place(items.slice(start, start + size));
  return statements;
}

/** A read over a list of any length: one query per part of the list (see `splitStatements`), the rows together. */
export async function selectInParts<T, R>(
  items: readonly T[],
  build: (part: T[]) => Measurable & PromiseLike<R[]>,
): Promise<R[]> {
  const rows: R[] = [];
  for (const statement of splitStatements(items, build)) rows.push(...(await statement));
  return rows;
}

/**
 * A write over a list of any length, atomic: the parts' statements in one `db.batch` (one
 * transaction on libSQL and on D1). Returns each statement's result; nothing runs for no items.
 */
export async function batchInParts<T, Q extends Measurable & BatchItem<'sqlite'>>(
  db: Database,
  items: readonly T[],
  build: (part: T[]) => Q,
): Promise<Awaited<Q>[]> {
  const statements = splitStatements(items, build);
  if (!statements.length) return [];
  return (await db.batch(statements as [Q, ...Q[]])) as Awaited<Q>[];
}

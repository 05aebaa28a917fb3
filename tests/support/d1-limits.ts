import type { Client, InArgs, InStatement, Transaction } from '@libsql/client';
import { entityKind } from 'drizzle-orm';
import { MAX_BOUND_PARAMETERS, MAX_STATEMENT_BYTES } from '../../server/db/limits';

/** What D1 answers for too many parameters, so a test shows the error production would. */
export class D1LimitError extends Error {}

type Statement = InStatement | [string, InArgs?];

function check(statement: Statement, args?: InArgs) {
  let sql: string;
  let bound: InArgs | undefined;
  if (typeof statement === 'string') [sql, bound] = [statement, args];
  else if (Array.isArray(statement)) [sql, bound] = statement;
  else [sql, bound] = [statement.sql, statement.args];
  const count = bound ? (Array.isArray(bound) ? bound.length : Object.keys(bound).length) : 0;
  if (count > MAX_BOUND_PARAMETERS)
    throw new D1LimitError(
      `D1_ERROR: too many SQL variables (${count} bound, D1 allows ${MAX_BOUND_PARAMETERS}): ${sql.slice(0, 160)}`,
    );
  if (new TextEncoder().encode(sql).length > MAX_STATEMENT_BYTES)
    throw new D1LimitError(`D1_ERROR: statement too long (over ${MAX_STATEMENT_BYTES} bytes): ${sql.slice(0, 160)}`);
}

function guardTransaction(tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === 'execute')
        return (statement: Statement, args?: InArgs) => {
          check(statement, args);
          return target.execute(statement as InStatement);
        };
      if (key === 'batch')
        return (statements: Statement[]) => {
          for (const statement of statements) check(statement);
          return target.batch(statements as InStatement[]);
        };
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Drizzle's D1 driver cannot batch a raw `db.run(sql…)` that binds values (drizzle-orm issue 2277:
 * "Cannot read properties of undefined (reading 'bind')"); libSQL's driver can, so such a batch
 * passed every test and failed only on Workers (the daily cron's roll-up until November 2026).
 * Wraps a drizzle database's `batch` to refuse it as D1 would.
 */
export function withD1Batch<T extends { batch: (items: never) => unknown }>(db: T): T {
  const batch = db.batch.bind(db) as (items: unknown[]) => unknown;
  const refuse = (items: unknown[]) => {
    for (const item of items) {
      const kind = (item as { constructor?: Record<symbol, unknown> }).constructor?.[entityKind];
      const query = kind === 'SQLiteRaw' ? (item as { getQuery(): { sql: string; params: unknown[] } }).getQuery() : undefined;
      if (query?.params.length)
        return Promise.reject(
          new D1LimitError(
            `D1 cannot batch a raw statement with bound values (drizzle-orm issue 2277): use the query builder or write computed integers with sql.raw: ${query.sql.slice(0, 160)}`,
          ),
        );
    }
    return batch(items);
  };
  return new Proxy(db, { get: (target, key, receiver) => (key === 'batch' ? refuse : Reflect.get(target, key, receiver)) });
}

/**
 * A libSQL client that refuses, as D1 does, a statement over 100 bound parameters or 100 KB of SQL
 * (libSQL itself allows 32 766 parameters, so a statement that only D1 refuses would pass every
 * test). Tests of list and bulk paths run on it (`createTestDatabase({ d1Limits: true })`).
 */
export function withD1Limits(client: Client): Client {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === 'execute')
        return (statement: Statement, args?: InArgs) => {
          check(statement, args);
          return typeof statement === 'string' ? target.execute(statement, args) : target.execute(statement as InStatement);
        };
      if (key === 'batch' || key === 'migrate')
        return (statements: Statement[], mode?: never) => {
          for (const statement of statements) check(statement);
          return key === 'batch' ? target.batch(statements as InStatement[], mode) : target.migrate(statements as InStatement[]);
        };
      if (key === 'transaction') return async (mode?: never) => guardTransaction(await target.transaction(mode));
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

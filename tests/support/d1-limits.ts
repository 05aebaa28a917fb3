import type { Client, InArgs, InStatement, Transaction } from '@libsql/client';
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

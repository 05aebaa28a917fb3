import { createRequire } from 'node:module';

/*
 * The libSQL binding (`libsql` 0.5.x) leaves a statement "in progress" when its step fails with
 * SQLITE_BUSY: it resets a statement only before it runs, and the failed one is unreachable until
 * the garbage collector finalizes it. Until then that connection is broken in two ways
 * (tursodatabase/libsql-client-ts#352, reproduced here by busy-statements.test.ts):
 *
 * - every COMMIT on it fails with "SQLITE_BUSY: cannot commit transaction - SQL statements in
 *   progress", although no lock is held — and the guard (database-guard.ts) would retry that for
 *   LOCK_WAIT_MS;
 * - after such a failed write, its reads stay on an old snapshot: a session or page another
 *   process has just written is not seen (stop 34's "server does not see the new session").
 *
 * With a busy timeout of BUSY_SPIN_MS a busy step is common whenever two processes write, so the
 * connection whose statement failed busy is closed at once. @libsql/client's pool then drops it
 * (it never reuses a closed connection) and opens a fresh one for the next call; the guard tries
 * the statement again on that. Remove this once the binding resets a failed statement itself
 * (tursodatabase/libsql-js#238).
 */

type LibsqlDatabase = { prepare(sql: string): LibsqlStatement; close(): void; open: boolean };
type LibsqlStatement = { run(...args: unknown[]): unknown; all(...args: unknown[]): unknown };
type LibsqlConstructor = { new (path: string): LibsqlDatabase; prototype: LibsqlDatabase };

const BUSY_CODE = /^SQLITE_(BUSY|LOCKED)/;
const PATCHED = Symbol.for('daftar.libsqlBusyStatements');

/** The binding @libsql/client itself loads (the same module instance: Node caches it by path). */
function libsqlBinding(): LibsqlConstructor {
  const fromClient = createRequire(createRequire(import.meta.url).resolve('@libsql/client'));
  return fromClient('libsql') as LibsqlConstructor;
}

/** Closes, once, every connection a statement failed busy on. Safe to call more than once. */
export function closeConnectionsOnBusyStatements(Database: LibsqlConstructor = libsqlBinding()) {
  const databaseProto = Database.prototype as LibsqlDatabase & { [PATCHED]?: boolean };
  if (databaseProto[PATCHED]) return;
  databaseProto[PATCHED] = true;

  const connectionOf = new WeakMap<object, LibsqlDatabase>();
  const prepare = databaseProto.prepare;
  databaseProto.prepare = function prepareRemembered(this: LibsqlDatabase, sql: string) {
    const statement = prepare.call(this, sql);
    connectionOf.set(statement, this);
    return statement;
  };

  const probe = new Database(':memory:');
  const statementProto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as LibsqlStatement;
  probe.close();
  for (const method of ['run', 'all'] as const) {
    const original = statementProto[method];
    statementProto[method] = function closeIfBusy(this: LibsqlStatement, ...args: unknown[]) {
      try {
        return original.apply(this, args);
      } catch (error) {
        const connection = connectionOf.get(this);
        if (connection?.open && BUSY_CODE.test(String((error as { code?: unknown }).code ?? ''))) {
          try {
            connection.close();
          } catch {
            // Already unusable: marked closed, the pool drops it all the same.
            connection.open = false;
          }
        }
        throw error;
      }
    };
  }
}

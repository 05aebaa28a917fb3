import { AsyncLocalStorage } from 'node:async_hooks';
import type { Client, InStatement, TransactionMode } from '@libsql/client';
import { isDatabaseBusyError } from '../../server/db/errors';
import { AppError } from '../../server/errors';

/*
 * The local database driver (libSQL over a file) runs every statement synchronously on the event
 * loop: while one runs, or waits for another process's lock, nothing else of the process answers,
 * cached pages and `/api/health` included (issue 35 F-1, F-2, F-6). Two guards, here in the one
 * place every statement passes through:
 *
 * - Locks are waited for asynchronously. SQLite's own busy timeout would wait inside the call,
 *   freezing the process (a 10 s lock froze every request for 10 s, and a login failed with a 500);
 *   the connection waits only BUSY_SPIN_MS, and a statement or batch that still meets the lock is
 *   tried again after a pause (the event loop serves others meanwhile), for up to LOCK_WAIT_MS. A
 *   statement or batch that met a lock did nothing (a batch is one transaction, rolled back), so
 *   trying it again is safe; that also retries a snapshot conflict (SQLITE_BUSY_SNAPSHOT, F-9).
 * - A request's statements have a time budget. Each statement longer than QUERY_BUDGET_MS is
 *   logged with its SQL (no values); once a request's statements have held the event loop for
 *   REQUEST_BUDGET_MS in all, its next statement is refused with a 503 that says so, and the log
 *   line names that request and the statement refused (readers' requests: withRequestBudget).
 *   Background jobs and the CLI run outside any request and are only logged.
 */

/** A statement longer than this is logged, naming its SQL. */
export const QUERY_BUDGET_MS = 200;
/** A request whose statements have taken this long in all runs no further statement (503). */
export const REQUEST_BUDGET_MS = 1000;
/** How long SQLite itself waits for a lock, inside the call (blocking the process). */
export const BUSY_SPIN_MS = 20;
/** How long a statement waits for another connection's lock, asynchronously, before failing. */
export const LOCK_WAIT_MS = 30_000;

type RequestBudget = { label: string; spentMs: number; refused: boolean; enforced: boolean };
const requests = new AsyncLocalStorage<RequestBudget>();

/**
 * Runs `work` (one request) with its own statement budget. `enforced`: past the budget its next
 * statement is refused; otherwise slow statements are only logged. The server enforces it on
 * readers' requests (GET or HEAD without a session: anyone on the internet can send them, and
 * they must never take the site down); signed-in work and writes (a publish, the installer, an
 * import, a backup) may legitimately take longer and are only logged.
 */
export function withRequestBudget<T>(label: string, work: () => T, { enforced = true }: { enforced?: boolean } = {}): T {
  return requests.run({ label, spentMs: 0, refused: false, enforced }, work);
}

/** The statements' time spent so far by the current request (tests, logs). */
export function requestStatementMs() {
  return requests.getStore()?.spentMs;
}

/** The SQL of a statement, shortened for a log line (never its values: they may hold a page's text). */
function sqlOf(statement: InStatement | string) {
  const text = typeof statement === 'string' ? statement : statement.sql;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type GuardOptions = {
  queryBudgetMs?: number;
  requestBudgetMs?: number;
  lockWaitMs?: number;
  log?: (line: string) => void;
  /** The clock statements are timed with (tests give their own). */
  now?: () => number;
};

/**
 * `client` with both guards: `execute`, `batch` and `transaction` (its BEGIN) wait for locks
 * asynchronously and count against the current request's budget.
 */
export function guardClient(client: Client, options: GuardOptions = {}): Client {
  const queryBudgetMs = options.queryBudgetMs ?? QUERY_BUDGET_MS;
  const requestBudgetMs = options.requestBudgetMs ?? REQUEST_BUDGET_MS;
  const lockWaitMs = options.lockWaitMs ?? LOCK_WAIT_MS;
  const log = options.log ?? ((line: string) => console.warn(line));
  const now = options.now ?? (() => performance.now());

  async function guarded<T>(what: string, run: () => Promise<T>): Promise<T> {
    const request = requests.getStore();
    if (request?.enforced && request.spentMs >= requestBudgetMs) {
      if (!request.refused)
        log(
          `Request stopped: ${request.label} spent ${Math.round(request.spentMs)} ms in SQL statements (budget ${requestBudgetMs} ms); refused: ${what}`,
        );
      request.refused = true;
      throw new AppError(503, 'api.requestTooSlow');
    }
    const deadline = now() + lockWaitMs;
    for (let attempt = 0; ; attempt++) {
      const started = now();
      const counted = () => {
        const took = now() - started;
        if (request) request.spentMs += took;
        if (took > queryBudgetMs)
          log(`Slow SQL: ${Math.round(took)} ms (budget ${queryBudgetMs} ms)${request ? ` in ${request.label}` : ''}: ${what}`);
      };
      try {
        const result = await run();
        counted();
        return result;
      } catch (error) {
        counted();
        if (!isDatabaseBusyError(error) || now() >= deadline) throw error;
        // Another connection holds the lock: let the process serve others, then try again.
        await pause(Math.min(25 * 2 ** Math.min(attempt, 4), 400));
      }
    }
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === 'execute')
        return (statement: InStatement | string, args?: unknown) =>
          guarded(sqlOf(statement), () =>
            typeof statement === 'string' ? target.execute(statement, args as never) : target.execute(statement),
          );
      if (property === 'batch')
        return (statements: InStatement[], mode?: TransactionMode) =>
          guarded(`batch of ${statements.length}: ${statements.map(sqlOf).join('; ').slice(0, 300)}`, () =>
            target.batch(statements, mode),
          );
      if (property === 'transaction')
        return (mode?: TransactionMode) => guarded(`begin ${mode ?? 'write'}`, () => target.transaction(mode));
      // The client's own `this` (its private fields are not the proxy's).
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

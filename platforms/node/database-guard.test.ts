import { type Client, createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/errors';
import { handleError } from '../../server/http/errors';
import { createInstalledSite, PASSWORD } from '../../tests/support/site';
import { BUSY_TIMEOUT_MS } from './database';
import { guardClient, withRequestBudget } from './database-guard';

/*
 * Issue 35 F-6 and the statement budget: another process holding the database's write lock delays
 * writes without freezing the process, and they go through once it lets go; a request whose
 * statements hold the event loop too long is stopped with a clear 503 and a log line.
 */

/** A client stand-in whose `execute` runs `behave` (sync work, a throw) and counts its calls. */
function fakeClient(behave: (call: number) => void) {
  let calls = 0;
  const client = {
    execute: async () => {
      behave(++calls);
      return { rows: [], columns: [], rowsAffected: 0 };
    },
    batch: async () => [],
    transaction: async () => ({}),
    close: () => {},
    closed: false,
  } as unknown as Client;
  return { client, calls: () => calls };
}

/** A clock the fake statements move: each `spin(ms)` is a statement that took `ms` (whatever the machine's load). */
let clock = 0;
const now = () => clock;
const spin = (ms: number) => {
  clock += ms;
};

/** The other process: a connection of its own holding the write lock until `release`. */
async function lockFromAnotherConnection(file: string) {
  const other = createClient({ url: `file:${file}` });
  // BEGIN IMMEDIATE, holding its connection until the commit.
  const transaction = await other.transaction('write');
  await transaction.execute(`CREATE TABLE IF NOT EXISTS lock_holder (at INTEGER)`);
  return {
    release: async () => {
      await transaction.commit();
      other.close();
    },
  };
}

async function databaseFile(site: Awaited<ReturnType<typeof createInstalledSite>>) {
  const rows = await site.deps.db.all<{ name: string; file: string }>(sql`PRAGMA database_list`);
  return rows.find((row) => row.name === 'main')!.file;
}

describe('a database locked by another process (F-6)', () => {
  it('SQLite waits only briefly inside a call: the rest of the wait does not block the process', () => {
    expect(BUSY_TIMEOUT_MS).toBeLessThanOrEqual(50);
  });

  it('delays a login until the lock ends, while reads, health and timers go on', async () => {
    const site = await createInstalledSite();
    const lock = await lockFromAnotherConnection(await databaseFile(site));
    const started = performance.now();
    const login = Promise.resolve(
      site.app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'owner', password: PASSWORD }),
      }),
    );
    let loginDone: number | undefined;
    void login.then(() => (loginDone = performance.now() - started));
    // While the login waits for the lock: a timer fires on time, health and a page read answer.
    const timerLate = await new Promise<number>((resolve) => {
      const at = performance.now();
      setTimeout(() => resolve(performance.now() - at - 50), 50);
    });
    const healthStarted = performance.now();
    const health = await site.app.request('/api/health');
    const healthMs = performance.now() - healthStarted;
    const read = await site.app.request('/api/public/pages?locale=en');
    expect(health.status).toBe(200);
    expect(read.status).toBe(200);
    // (A process blocked by the lock would fire it only after the lock: 1.5 s and more.)
    expect(timerLate).toBeLessThan(750);
    expect(healthMs).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(loginDone).toBeUndefined(); // still waiting for the lock, not failed
    await lock.release();
    const answer = await login;
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1500);
    // Afterwards every login works at once: nothing stays stuck (the review's five minutes of 500s).
    for (let i = 0; i < 3; i++) {
      const again = await site.app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'owner', password: PASSWORD }),
      });
      expect(again.status).toBe(200);
    }
  }, 30_000);

  it('retries a snapshot conflict and a busy database, never another error, and gives up at its deadline', async () => {
    const busy = fakeClient((call) => {
      if (call <= 2) throw Object.assign(new Error('SQLITE_BUSY: database is locked'), { code: 'SQLITE_BUSY_SNAPSHOT' });
    });
    await guardClient(busy.client, { log: () => {} }).execute('UPDATE t SET a = 1');
    expect(busy.calls()).toBe(3);

    const broken = fakeClient(() => {
      throw new Error('SQLITE_CONSTRAINT: NOT NULL constraint failed');
    });
    await expect(guardClient(broken.client, { log: () => {} }).execute('INSERT INTO t VALUES (1)')).rejects.toThrow(/NOT NULL/);
    expect(broken.calls()).toBe(1);

    const locked = fakeClient(() => {
      throw new Error('SQLITE_BUSY: database is locked');
    });
    const started = performance.now();
    await expect(guardClient(locked.client, { lockWaitMs: 300, log: () => {} }).execute('DELETE FROM t')).rejects.toThrow(
      /SQLITE_BUSY/,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect(locked.calls()).toBeGreaterThan(1);
  });
});

describe('the statement budget', () => {
  it('logs a slow statement by its SQL, never its values, in a request or not', async () => {
    const lines: string[] = [];
    const slow = guardClient(fakeClient(() => spin(40)).client, { queryBudgetMs: 20, log: (line) => lines.push(line), now });
    await slow.execute({ sql: 'SELECT * FROM pages WHERE title = ?', args: ['a secret page text'] });
    await withRequestBudget('GET /en/sitemap.xml', () => slow.execute('SELECT 2'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Slow SQL: 40 ms \(budget 20 ms\): SELECT \* FROM pages WHERE title = \?$/);
    expect(lines[1]).toMatch(/in GET \/en\/sitemap\.xml: SELECT 2$/);
    expect(lines.join('\n')).not.toContain('secret');
  });

  it("stops a request whose statements passed the budget, with a 503 that says so, and not another request's", async () => {
    const lines: string[] = [];
    const fake = fakeClient(() => spin(30));
    const guarded = guardClient(fake.client, { queryBudgetMs: 1000, requestBudgetMs: 50, log: (line) => lines.push(line), now });
    const refused = await withRequestBudget('GET /api/public/pages', async () => {
      await guarded.execute('SELECT 1');
      await guarded.execute('SELECT 2');
      return guarded.execute('SELECT 3').catch((error: unknown) => error);
    });
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(503);
    expect((refused as AppError).messageKey).toBe('api.requestTooSlow');
    expect(fake.calls()).toBe(2);
    expect(lines).toEqual([
      expect.stringMatching(/^Request stopped: GET \/api\/public\/pages spent \d+ ms .*refused: SELECT 3$/),
    ]);
    // Another request starts with its own budget; work outside a request (jobs, the CLI) and
    // signed-in work or writes (not enforced: a publish, the installer) are never stopped.
    await withRequestBudget('GET /en', () => guarded.execute('SELECT 4'));
    for (let i = 0; i < 4; i++) await guarded.execute('SELECT 5');
    await withRequestBudget(
      'POST /api/install/migrations-run',
      async () => {
        for (let i = 0; i < 4; i++) await guarded.execute('CREATE TABLE t (a)');
      },
      { enforced: false },
    );
    expect(fake.calls()).toBe(11);
  });

  it('the API answers the refusal in the reader’s language, also when the driver wrapped it', async () => {
    const app = new Hono();
    app.onError(handleError);
    app.get('/slow', () => {
      throw new Error('Failed query: select …', { cause: new AppError(503, 'api.requestTooSlow') });
    });
    const en = await app.request('/slow');
    expect(en.status).toBe(503);
    expect(((await en.json()) as { message: string }).message).toMatch(/^This request took too long/);
    const fa = await app.request('/slow', { headers: { 'x-locale': 'fa' } });
    expect(((await fa.json()) as { message: string }).message).toMatch(/^این درخواست بیش از اندازه طول کشید/);
  });
});

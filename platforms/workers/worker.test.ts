import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, PASSWORD_ITERATIONS } from '../../server/auth/password';

// The React Router server build exists only after `react-router build`; these tests never render a page.
vi.mock('virtual:react-router/server-build', () => ({}));

const { default: worker } = await import('./worker');

/** A stand-in D1 binding: answers every statement, or fails like an unreachable database. */
function fakeD1(healthy: boolean) {
  const answer = async () => {
    if (!healthy) throw new Error('D1_ERROR: database unavailable');
    return { success: true, results: [], meta: {} };
  };
  const statement = { bind: () => statement, run: answer, all: answer, raw: async () => [], first: async () => null };
  // Batches answer like D1's: one result per statement.
  const batch = async (statements: unknown[]) => Promise.all(statements.map(() => answer()));
  return { prepare: () => statement, batch } as unknown as D1Database;
}

/** What workerd passes a Worker besides env: only `waitUntil` is used (page views after the response). */
const executionContext = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

const fetchFrom = (env: Record<string, unknown>, path = '/api/health') =>
  worker.fetch(new Request(`https://daftar.example${path}`), env, executionContext);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('workers entry', () => {
  it('runs no background job on a site that is not installed: its cron only asks', async () => {
    const statements: string[] = [];
    const db = fakeD1(true);
    const prepare = db.prepare.bind(db);
    db.prepare = (sql: string) => {
      statements.push(sql);
      return prepare(sql);
    };
    // The stand-in answers every query with no rows: no settings, so not installed. The jobs
    // themselves run in workerd against real D1 (tests/e2e/workers-sync.spec.ts for the per-minute
    // cron, workers-analytics.spec.ts for the daily one).
    for (const cron of ['* * * * *', '17 3 * * *']) await worker.scheduled({ cron } as ScheduledController, { DB: db });
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((sql) => !/^select /i.test(sql))).toEqual([]);
  });

  it('serves each request through the D1 binding of its own env', async () => {
    const up = { DB: fakeD1(true) };
    const down = { DB: fakeD1(false) };
    expect((await fetchFrom(up)).status).toBe(200);
    expect((await fetchFrom(down)).status).toBe(503);
    expect((await fetchFrom(up)).status).toBe(200);
    // A binding swapped on the same env is picked up, not the one the cached app was built with.
    up.DB = fakeD1(false);
    expect((await fetchFrom(up)).status).toBe(503);
  });

  it('names a missing D1 binding instead of crashing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await fetchFrom({});
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      statusCode: 500,
      message: 'The D1 binding "DB" is missing: add it under d1_databases in wrangler.jsonc.',
    });
    expect(logged).toHaveBeenCalled();
  });

  it('explains bad configuration plainly, without a stack trace', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await fetchFrom({ DB: fakeD1(true), SETUP_TOKEN: 'short', SITE_URL: 'not a url' }, '/fa');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).toContain('SETUP_TOKEN: SETUP_TOKEN must be at least 16 characters');
    expect(text).toContain('SITE_URL: SITE_URL must be an absolute URL');
    expect(text).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect(logged).toHaveBeenCalled();
  });

  it('takes the setup token from the SETUP_TOKEN secret', async () => {
    const env = { DB: fakeD1(true), SETUP_TOKEN: 'a-secret-setup-token-123' };
    const post = (token: string) =>
      worker.fetch(
        new Request('https://daftar.example/api/install/verify-token', { method: 'POST', headers: { 'x-setup-token': token } }),
        env,
        executionContext,
      );
    // The fake database has no tables, so the site counts as not installed and the token decides.
    expect((await post('a-secret-setup-token-123')).status).toBe(200);
    expect((await post('some-other-token-123456')).status).toBe(401);
  });
});

describe('password hashing on Workers', () => {
  // Cloudflare's production runtime refuses one PBKDF2 call above 100 000 iterations ("Pbkdf2
  // failed: iteration counts above 100000 are not supported"); local workerd and Node do not, so
  // only this test can catch it before a deploy. server/auth/password.ts must stay within it.
  it('never asks WebCrypto for more than 100 000 PBKDF2 iterations in one call', async () => {
    const deriveBits = vi.spyOn(crypto.subtle, 'deriveBits');
    await hashPassword('correct horse battery staple');
    const counts = deriveBits.mock.calls.map(([algorithm]) => (algorithm as Pbkdf2Params).iterations);
    expect(counts.length).toBeGreaterThan(0);
    expect(Math.max(...counts)).toBeLessThanOrEqual(100_000);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(PASSWORD_ITERATIONS);
  });
});

import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/database';
import { createTestDeps } from '../../tests/support/deps';
import { installSite } from '../../tests/support/site';
import { type Job, startJobs } from '.';
import { heartbeatName, otherProcessAlive, purgeExpiredLeases, releaseLease, takeLease } from './leases';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('leases', () => {
  it('of many holders asking at once, exactly one gets a free lease; it renews, and another takes it once it expired', async () => {
    const { db } = await createTestDatabase();
    const now = 1_000_000;
    const taken = await Promise.all(Array.from({ length: 12 }, (_, i) => takeLease(db, 'job:x', `h${i}`, 1000, now)));
    expect(taken.filter(Boolean)).toHaveLength(1);
    const winner = `h${taken.indexOf(true)}`;
    expect(await takeLease(db, 'job:x', winner, 1000, now + 500)).toBe(true);
    expect(await takeLease(db, 'job:x', 'late', 1000, now + 1400)).toBe(false);
    expect(await takeLease(db, 'job:x', 'late', 1000, now + 1500)).toBe(true);
    await releaseLease(db, 'job:x', winner); // not its any more: nothing happens
    expect(await takeLease(db, 'job:x', winner, 1000, now + 1600)).toBe(false);
    await releaseLease(db, 'job:x', 'late');
    expect(await takeLease(db, 'job:x', winner, 1000, now + 1600)).toBe(true);
  });

  it('tells whether another process is alive by its heartbeat, and purges lapsed ones', async () => {
    const { db } = await createTestDatabase();
    const now = 1_000_000;
    expect(await otherProcessAlive(db, 'me', now)).toBe(false);
    await takeLease(db, heartbeatName('me'), 'me', 60_000, now);
    expect(await otherProcessAlive(db, 'me', now)).toBe(false);
    await takeLease(db, heartbeatName('other'), 'other', 60_000, now);
    expect(await otherProcessAlive(db, 'me', now)).toBe(true);
    expect(await otherProcessAlive(db, 'me', now + 60_000)).toBe(false);
    expect(await purgeExpiredLeases(db, now + 60_000)).toBe(2);
  });
});

/** A job that records when each run starts and ends. */
function recordingJob(everyMs: number, durationMs: number) {
  const runs: { holder: string; start: number; end: number }[] = [];
  const job = (holder: string): Job => ({
    name: 'recording',
    everyMs,
    async run() {
      const start = Date.now();
      await sleep(durationMs);
      runs.push({ holder, start, end: Date.now() });
    },
  });
  return { runs, job };
}

describe('the job runner', () => {
  it('starts before the site is installed and runs its jobs once it is installed in the running process', async () => {
    const { deps } = await createTestDeps();
    const { runs, job } = recordingJob(40, 0);
    const runner = startJobs(deps, { holder: 'one', list: [job('one')] });
    try {
      await sleep(300);
      expect(runs).toEqual([]);
      await installSite(deps); // the installer's steps, while the runner goes on
      await expect.poll(() => runs.length, { timeout: 15_000 }).toBeGreaterThan(0);
    } finally {
      await runner.stop();
    }
  });

  it('with two processes, a job never runs in both at once, and runs on when one stops', async () => {
    const { deps } = await createTestDeps();
    await installSite(deps);
    const { runs, job } = recordingJob(100, 60);
    const a = startJobs(deps, { holder: 'a', list: [job('a')] });
    const b = startJobs(deps, { holder: 'b', list: [job('b')] });
    // Both runners going, a few runs done (by either), then one process stops.
    await expect.poll(() => runs.length, { timeout: 15_000 }).toBeGreaterThan(2);
    await a.stop();
    const before = runs.length;
    await expect
      .poll(() => runs.filter((r) => r.holder === 'b' && r.start > Date.now() - 500).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    await b.stop();
    expect(before).toBeGreaterThan(2);
    const sorted = [...runs].sort((x, y) => x.start - y.start);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
  });

  it('a stop lets a running job finish, tells it to stop through its signal, and gives the leases back', async () => {
    const { deps } = await createTestDeps();
    await installSite(deps);
    let sawAbort = false;
    const job: Job = {
      name: 'long',
      everyMs: 60_000,
      async run(_deps, context) {
        while (!context.signal.aborted) await sleep(10);
        sawAbort = true;
      },
    };
    const runner = startJobs(deps, { holder: 'stopping', list: [job] });
    await expect.poll(() => otherProcessAlive(deps.db, 'someone-else'), { timeout: 10_000 }).toBe(true);
    await runner.stop(5000);
    expect(sawAbort).toBe(true);
    expect(await otherProcessAlive(deps.db, 'someone-else')).toBe(false);
    expect(await takeLease(deps.db, 'job:long', 'next', 1000)).toBe(true);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/database';
import { createTestDeps } from '../../tests/support/deps';
import { installSite } from '../../tests/support/site';
import { type Job, startJobs } from '.';
import {
  claimLapsed,
  claimTimeLapsed,
  HEARTBEAT_TTL_MS,
  heartbeatName,
  otherProcessAlive,
  purgeExpiredLeases,
  releaseLease,
  takeLease,
} from './leases';

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

const HOUR = 60 * 60 * 1000;

describe('leases when the wall clock steps (F-7)', () => {
  it('a lease written before the clock stepped back an hour lapses at once; one within its length still holds', async () => {
    const { db } = await createTestDatabase();
    const now = Date.now();
    // Taken by a process whose clock ran an hour ahead (or before this host's clock was set back), which then died.
    expect(await takeLease(db, 'job:publish', 'fast', 5_000, now + HOUR)).toBe(true);
    expect(await takeLease(db, 'job:publish', 'slow', 5_000, now)).toBe(true);
    // A clock a few seconds ahead (less than the lease's length) is believed: the holder keeps it.
    expect(await takeLease(db, 'job:mail', 'ahead', 60_000, now + 30_000)).toBe(true);
    expect(await takeLease(db, 'job:mail', 'behind', 60_000, now)).toBe(false);
    // The holder's own clock stepped back: it renews its lease (now at the new time).
    expect(await takeLease(db, 'job:mail', 'ahead', 60_000, now - HOUR)).toBe(true);
    expect(await takeLease(db, 'job:mail', 'behind', 60_000, now - HOUR + 59_000)).toBe(false);
    expect(await takeLease(db, 'job:mail', 'behind', 60_000, now - HOUR + 60_000)).toBe(true);
  });

  it('a dead process whose heartbeat was written an hour ahead is not alive, and is purged', async () => {
    const { db } = await createTestDatabase();
    const now = Date.now();
    await takeLease(db, heartbeatName('dead'), 'dead', HEARTBEAT_TTL_MS, now + HOUR);
    expect(await otherProcessAlive(db, 'me', now)).toBe(false);
    await takeLease(db, heartbeatName('close'), 'close', HEARTBEAT_TTL_MS, now + 20_000);
    expect(await otherProcessAlive(db, 'me', now)).toBe(true);
    expect(await purgeExpiredLeases(db, now)).toBe(1);
    expect(await otherProcessAlive(db, 'me', now)).toBe(true);
  });

  it('a claim (a publish, a mail being sent) holds for its length, and lapses when it lies more than a length in the future', async () => {
    const { db } = await createTestDatabase();
    const now = Date.now();
    const lapsed = async (takenAt: number, lengthMs: number) => {
      const [row] = await db.all<{ lapsed: number }>(sql`select ${claimLapsed(sql`${takenAt}`, lengthMs, now)} as lapsed`);
      const inMemory = claimTimeLapsed(takenAt, lengthMs, now);
      expect(Boolean(row?.lapsed)).toBe(inMemory); // the SQL and the in-memory rule agree
      return inMemory;
    };
    const L = 10 * 60_000;
    expect(await lapsed(now, L)).toBe(false);
    expect(await lapsed(now - L + 1, L)).toBe(false);
    expect(await lapsed(now - L, L)).toBe(true);
    expect(await lapsed(now + L, L)).toBe(false); // a clock ahead by up to a length
    expect(await lapsed(now + L + 1, L)).toBe(true);
    expect(await lapsed(now + HOUR, L)).toBe(true);
    expect(await lapsed(now + 1, 0)).toBe(true); // length 0: nobody else is alive, every claim is free
    expect(await lapsed(now, 0)).toBe(true);
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

  it('keeps running its jobs on their period when the wall clock steps back an hour, and forward again (F-7)', async () => {
    const { deps } = await createTestDeps();
    await installSite(deps);
    let offset = 0;
    const wall = () => Date.now() + offset;
    const { runs, job } = recordingJob(50, 0);
    const runner = startJobs(deps, { holder: 'stepping', list: [job('stepping')], clocks: { wall } });
    try {
      await expect.poll(() => runs.length, { timeout: 15_000 }).toBeGreaterThan(1);
      offset = -HOUR;
      const before = runs.length;
      await expect.poll(() => runs.length, { timeout: 5_000 }).toBeGreaterThan(before + 2);
      offset = 0;
      const after = runs.length;
      await expect.poll(() => runs.length, { timeout: 5_000 }).toBeGreaterThan(after + 2);
    } finally {
      await runner.stop();
    }
  });

  it('takes over a job whose lease a dead process wrote with its clock an hour ahead (F-7)', async () => {
    const { deps } = await createTestDeps();
    await installSite(deps);
    const now = Date.now();
    await takeLease(deps.db, 'job:recording', 'fast-and-dead', 5_000, now + HOUR);
    await takeLease(deps.db, heartbeatName('fast-and-dead'), 'fast-and-dead', HEARTBEAT_TTL_MS, now + HOUR);
    const { runs, job } = recordingJob(60_000, 0);
    const runner = startJobs(deps, { holder: 'on-time', list: [job('on-time')] });
    try {
      await expect.poll(() => runs.length, { timeout: 5_000 }).toBe(1);
      expect(await otherProcessAlive(deps.db, 'on-time')).toBe(false);
    } finally {
      await runner.stop();
    }
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

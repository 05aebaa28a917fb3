import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '../../common/site-settings';
import { commitFiles } from '../../tests/support/content-repo';
import { createInstalledSite } from '../../tests/support/site';
import type { ContentRepository } from '../content/repository';
import { contentSyncs, pages } from '../db/schema';
import { getContentPage } from './content';
import { latestContentBuild, syncContent } from './content-sync';
import {
  contentSyncState,
  latestContentSync,
  recordedSync,
  retryFailedSync,
  runSyncSteps,
  SYNC_LEASE_MS,
  startChunkedSync,
} from './content-sync-runner';

const page = (title: string) => `---\ntitle: "${title}"\ndate: 2026-02-01\n---\n\nSome text.\n`;

/** An installed site (14 sample pages) with 20 new pages, a changed sample page and a malformed file committed, not synced. */
async function siteWithBigChange() {
  const { deps } = await createInstalledSite();
  const { db } = deps;
  const files: Record<string, string> = {
    'content/en/about.md': page('About, changed'),
    'content/en/logs/broken.md': 'no front matter at all',
  };
  for (let i = 1; i <= 20; i++) files[`content/en/logs/bulk-${String(i).padStart(2, '0')}.md`] = page(`Bulk ${i}`);
  commitFiles(deps.contentRepository!.location, files, 'Twenty pages, an edit and a broken file');
  const reads = { count: 0, failNext: 0, paths: new Map<string, number>() };
  const repository: ContentRepository = {
    ...deps.contentRepository!,
    readBlob: (sha) => {
      reads.count++;
      reads.paths.set(sha, (reads.paths.get(sha) ?? 0) + 1);
      if (reads.failNext > 0) {
        reads.failNext--;
        return Promise.reject(new Error('GitHub answered HTTP 502'));
      }
      return deps.contentRepository!.readBlob(sha);
    },
  };
  const served = async () => ({
    about: (await getContentPage(db, 'en', 'about', defaultSiteSettings))?.title,
    bulk: (await getContentPage(db, 'en', 'logs/bulk-20', defaultSiteSettings))?.title,
    pages: await db.$count(pages),
    build: (await latestContentBuild(db))?.id,
  });
  const staged = async () => (await db.get<{ n: number }>(sql`select count(*) as n from pages_next`))?.n;
  return { db, repository, reads, served, staged };
}

describe('chunked content sync (the Workers driver)', () => {
  it('runs step by step, one staged chunk each, readers keeping the old index until the last step publishes', async () => {
    const { db, repository, reads, served, staged } = await siteWithBigChange();
    const before = await served();
    expect(before).toMatchObject({ about: 'About Daftar', bulk: undefined, pages: 14 });
    const sync = await startChunkedSync(db);
    expect(contentSyncState(sync)).toMatchObject({ status: 'running', done: 0, total: 0, error: null });

    const seen: { done: number; total: number; status: string; staged?: number }[] = [];
    for (let step = 0; step < 10; step++) {
      const outcome = await runSyncSteps(db, repository, { chunkPages: 6, maxSteps: 1 });
      const state = contentSyncState(outcome.sync!);
      seen.push({ done: state.done, total: state.total, status: state.status, staged: await staged() });
      if (outcome.result) break;
      expect(await served()).toEqual(before);
    }
    // 22 files to render (21 pages and the broken file): chunks of 6, 6, 6 and 4.
    expect(seen).toEqual([
      { done: 6, total: 22, status: 'running', staged: 5 },
      { done: 12, total: 22, status: 'running', staged: 11 },
      { done: 18, total: 22, status: 'running', staged: 17 },
      { done: 22, total: 22, status: 'done', staged: 0 },
    ]);
    // Every file was read once: staged pages and the known broken file are not read again.
    expect(reads.count).toBe(22);
    expect([...reads.paths.values()].every((n) => n === 1)).toBe(true);
    const after = await served();
    expect(after).toMatchObject({ about: 'About, changed', bulk: 'Bulk 20', pages: 34 });
    const latest = await latestContentSync(db);
    expect(latest).toMatchObject({ status: 'done', buildId: after.build, steps: 4 });
    expect(latest?.problems.map((problem) => problem.path)).toEqual(['content/en/logs/broken.md']);
    expect((await latestContentBuild(db))?.problems.map((problem) => problem.path)).toEqual(['content/en/logs/broken.md']);

    // The same build as one sync in one go.
    const other = await siteWithBigChange();
    expect((await syncContent(other.db, other.repository)).buildId).toBe(after.build);
    // Nothing left to do: a new sync finishes in its first step.
    await startChunkedSync(db);
    const again = await runSyncSteps(db, repository, { chunkPages: 6, maxSteps: 1 });
    expect(again.result).toMatchObject({ changed: false, buildId: after.build });
  });

  it('a step that fails records the error and keeps the staged pages; the retry carries on from there', async () => {
    const { db, repository, reads, served } = await siteWithBigChange();
    const before = await served();
    await startChunkedSync(db);
    await runSyncSteps(db, repository, { chunkPages: 6, maxSteps: 2 });
    reads.failNext = 1;
    const outcome = await runSyncSteps(db, repository, { chunkPages: 6, budgetMs: 60_000 });
    expect(outcome.result).toBeUndefined();
    const failed = contentSyncState(outcome.sync!);
    expect(failed).toMatchObject({ status: 'failed', done: 12, total: 22, error: 'GitHub answered HTTP 502' });
    expect(await served()).toEqual(before);
    // A failed sync takes no more steps until someone retries it.
    expect((await runSyncSteps(db, repository, { chunkPages: 6 })).steps).toBe(0);

    const retried = await startChunkedSync(db);
    expect(retried.id).toBe(failed.id);
    reads.count = 0;
    const done = await runSyncSteps(db, repository, { chunkPages: 6, budgetMs: 60_000 });
    expect(done.result).toMatchObject({ changed: true });
    expect(reads.count).toBe(10);
    expect(contentSyncState(done.sync!)).toMatchObject({ id: failed.id, status: 'done', done: 22, total: 22, error: null });
    expect(await served()).toMatchObject({ about: 'About, changed', pages: 34 });
  });

  it('the cron takes a failed sync up again by itself, 1, 2 and 4 minutes after each failure, then waits for Retry', async () => {
    const { db, repository, reads, served } = await siteWithBigChange();
    const before = await served();
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const now = () => clock;
    await startChunkedSync(db, { now: clock });
    await runSyncSteps(db, repository, { chunkPages: 6, maxSteps: 1, now });
    const failOnce = async () => {
      reads.failNext = 1;
      await runSyncSteps(db, repository, { chunkPages: 6, maxSteps: 1, now });
      return contentSyncState((await latestContentSync(db))!, clock);
    };
    for (const [attempt, delayMinutes] of [
      [1, 1],
      [2, 2],
      [3, 4],
    ] as const) {
      const failed = await failOnce();
      expect(failed, `failure ${attempt}`).toMatchObject({ status: 'failed', done: 6, error: 'GitHub answered HTTP 502' });
      expect(failed.retryAt).toBe(new Date(clock + delayMinutes * 60_000).toISOString());
      // Not before it is due; then once (a second cron run at the same time finds it running).
      clock += delayMinutes * 60_000 - 1;
      expect(await retryFailedSync(db, clock)).toBeUndefined();
      clock += 1;
      expect((await retryFailedSync(db, clock))?.status).toBe('running');
      expect(await retryFailedSync(db, clock)).toBeUndefined();
      expect(await served()).toEqual(before);
    }
    // The fourth failure in a row is left to someone: no automatic retry, ever.
    const given = await failOnce();
    expect(given).toMatchObject({ status: 'failed', retryAt: null });
    clock += 24 * 3600_000;
    expect(await retryFailedSync(db, clock)).toBeUndefined();
    expect((await runSyncSteps(db, repository, { chunkPages: 6, now })).steps).toBe(0);

    // Retry starts the count again; a step that works resets it too, so a later failure is retried again.
    await startChunkedSync(db, { now: clock });
    expect((await latestContentSync(db))?.failures).toBe(0);
    expect((await runSyncSteps(db, repository, { chunkPages: 6, maxSteps: 1, now })).sync?.failures).toBe(0);
    expect((await failOnce()).retryAt).toBe(new Date(clock + 60_000).toISOString());
    clock += 60_000;
    await retryFailedSync(db, clock);
    const done = await runSyncSteps(db, repository, { chunkPages: 6, budgetMs: 60_000, now });
    expect(contentSyncState(done.sync!)).toMatchObject({ status: 'done', retryAt: null, error: null });
    expect(await served()).toMatchObject({ about: 'About, changed', pages: 34 });
  });

  it('a sync that fails on node is not retried by itself (no cron drives it there)', async () => {
    const { db, repository, reads } = await siteWithBigChange();
    reads.failNext = 1;
    await expect(recordedSync(db, repository, { chunkPages: 6 })).rejects.toThrow('HTTP 502');
    const failed = (await latestContentSync(db))!;
    expect(contentSyncState(failed)).toMatchObject({ status: 'failed', retryAt: null });
    expect(await retryFailedSync(db, Date.now() + 3600_000)).toBeUndefined();
  });

  it('a step killed midway holds its lease until it lapses; then the next invocation runs the step again', async () => {
    const { db, repository, served } = await siteWithBigChange();
    let clock = Date.parse('2026-11-23T12:00:00Z');
    const now = () => clock;
    await startChunkedSync(db, { now: clock });
    await runSyncSteps(db, repository, { chunkPages: 6, maxSteps: 1, now });
    // An invocation took the next step (its lease) and was cut off (CPU limit, a deploy) before recording it.
    await db.update(contentSyncs).set({ leaseUntil: new Date(clock + SYNC_LEASE_MS) });
    expect(contentSyncState((await latestContentSync(db))!, clock)).toMatchObject({ status: 'running', done: 6 });
    // The cron a minute later finds the step still held.
    clock += 60_000;
    expect((await runSyncSteps(db, repository, { chunkPages: 6, now })).steps).toBe(0);
    // Once the lease lapsed the builds screen says so, and the next cron carries it through.
    clock += SYNC_LEASE_MS;
    expect(contentSyncState((await latestContentSync(db))!, clock).status).toBe('interrupted');
    const outcome = await runSyncSteps(db, repository, { chunkPages: 6, budgetMs: 60_000, now });
    expect(outcome.result).toMatchObject({ changed: true });
    expect(await served()).toMatchObject({ about: 'About, changed', pages: 34 });
  });

  it('a step lease written before the wall clock stepped back lapses instead of holding for the step (F-7)', async () => {
    const { db, repository, served } = await siteWithBigChange();
    let clock = Date.parse('2026-11-23T12:00:00Z');
    const now = () => clock;
    await startChunkedSync(db, { now: clock });
    await runSyncSteps(db, repository, { chunkPages: 6, maxSteps: 1, now });
    // An invocation took the next step and was cut off; then NTP set the clock back three hours.
    await db.update(contentSyncs).set({ leaseUntil: new Date(clock + SYNC_LEASE_MS) });
    clock -= 3 * 3600_000;
    expect(contentSyncState((await latestContentSync(db))!, clock).status).toBe('interrupted');
    const outcome = await runSyncSteps(db, repository, { chunkPages: 6, budgetMs: 60_000, now });
    expect(outcome.steps).toBeGreaterThan(0);
    expect(outcome.result).toMatchObject({ changed: true });
    expect(await served()).toMatchObject({ about: 'About, changed', pages: 34 });
  });

  it('a lease within its length of now still holds after a small step back', async () => {
    const { db, repository } = await siteWithBigChange();
    let clock = Date.parse('2026-11-23T12:00:00Z');
    const now = () => clock;
    await startChunkedSync(db, { now: clock });
    await runSyncSteps(db, repository, { chunkPages: 6, maxSteps: 1, now });
    await db.update(contentSyncs).set({ leaseUntil: new Date(clock + SYNC_LEASE_MS) });
    clock -= 60_000;
    expect(contentSyncState((await latestContentSync(db))!, clock).status).toBe('running');
    expect((await runSyncSteps(db, repository, { chunkPages: 6, now })).steps).toBe(0);
  });

  it('a step that outran its lease leaves the step that took it over alone (its lease and progress)', async () => {
    const { db, repository } = await siteWithBigChange();
    let clock = Date.parse('2026-11-23T12:00:00Z');
    const now = () => clock;
    await startChunkedSync(db, { now: clock });
    // The first invocation's step waits on a slow read.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let blocked = false;
    const slow: ContentRepository = {
      ...repository,
      readBlob: async (sha) => {
        blocked = true;
        await gate;
        return repository.readBlob(sha);
      },
    };
    const late = runSyncSteps(db, slow, { chunkPages: 6, maxSteps: 1, now });
    while (!blocked) await new Promise((resolve) => setTimeout(resolve, 5));
    // Its lease lapses and another invocation takes the step over (as claimStep does).
    clock += SYNC_LEASE_MS + 1;
    const takenOver = new Date(clock + SYNC_LEASE_MS);
    await db.update(contentSyncs).set({ leaseUntil: takenOver, steps: sql`${contentSyncs.steps} + 1` });
    const before = (await latestContentSync(db))!;
    release();
    await late;
    const after = (await latestContentSync(db))!;
    expect(after.leaseUntil?.getTime()).toBe(takenOver.getTime());
    expect({ status: after.status, done: after.done, steps: after.steps }).toEqual({
      status: before.status,
      done: before.done,
      steps: before.steps,
    });
  });

  it('joins a running sync instead of starting a second; a forced sync after a normal one starts anew', async () => {
    const { db, repository } = await siteWithBigChange();
    const first = await startChunkedSync(db);
    expect((await startChunkedSync(db)).id).toBe(first.id);
    await runSyncSteps(db, repository, { chunkPages: 100, budgetMs: 60_000 });
    const forced = await startChunkedSync(db, { force: true });
    expect(forced.id).not.toBe(first.id);
    const outcome = await runSyncSteps(db, repository, { chunkPages: 100, budgetMs: 60_000 });
    // Forced: every page rendered again (34 pages and the broken file).
    expect(contentSyncState(outcome.sync!)).toMatchObject({ status: 'done', done: 35, total: 35 });
  });
});

describe('recorded sync (the node driver)', () => {
  it('records progress after each chunk and the outcome; a failure is recorded and thrown', async () => {
    const { db, repository, reads } = await siteWithBigChange();
    const states: string[] = [];
    const result = await recordedSync(db, repository, {
      chunkPages: 10,
      onProgress: async () => {
        const state = contentSyncState((await latestContentSync(db))!);
        states.push(`${state.status} ${state.done}/${state.total}`);
      },
    });
    expect(states).toEqual(['running 10/22', 'running 20/22', 'running 22/22']);
    expect(contentSyncState((await latestContentSync(db))!)).toMatchObject({
      status: 'done',
      buildId: result.buildId,
      problems: 1,
    });

    reads.failNext = 1;
    await expect(recordedSync(db, repository, { force: true })).rejects.toThrow('HTTP 502');
    expect(contentSyncState((await latestContentSync(db))!)).toMatchObject({
      status: 'failed',
      error: 'GitHub answered HTTP 502',
    });
  });
});

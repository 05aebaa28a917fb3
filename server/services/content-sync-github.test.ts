import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase } from '../../tests/support/database';
import { startGithubStandIn } from '../../tests/support/github-stand-in';
import { createGithubRepository, GithubRateLimitError } from '../content/github-repository';
import type { ContentRepository } from '../content/repository';
import { pages } from '../db/schema';
import { syncContent } from './content-sync';
import {
  contentSyncState,
  latestContentSync,
  recordedSync,
  resumeStoppedSync,
  runSyncSteps,
  startChunkedSync,
} from './content-sync-runner';

/*
 * GitHub's hourly budget (5 000 REST requests for a token) bounds a re-index (issue 24 item 4,
 * docs/deploy-workers.md "GitHub's hourly budget"): the tree is listed once per commit and page
 * texts are read in bulk (one GraphQL request per 100 pages), never one request per page, and so
 * are the commits that last changed them (one more per 100 new or changed pages); a rate
 * limit pauses the sync until GitHub's reset instead of failing it. Counted on the GitHub stand-in.
 */

const PAGES = 1000;
const page = (n: number) =>
  `---\ntitle: "Log ${n}"\ndate: 2026-02-01\n---\n\nPage ${n} has a paragraph of text, and a list:\n\n- one\n- two\n`;

async function siteOf(pageCount: number) {
  const server = await startGithubStandIn();
  onTestFinished(() => server.close());
  const files: Record<string, string> = {};
  for (let n = 0; n < pageCount; n++) files[`content/${n % 2 ? 'fa' : 'en'}/logs/log-${n}.md`] = page(n);
  await server.push(files, `${pageCount} pages`);
  const repository = createGithubRepository({ token: server.token, owner: server.owner, repo: server.repo, apiUrl: server.url });
  const { db } = await createTestDatabase();
  return { server, repository, db };
}

/**
 * The stand-in's requests made while `run` runs, those of them GitHub's rate limit counts (all but
 * the conditional ones answered 304), and its wall time.
 */
async function counted<T>(server: { requests: string[]; notModified: string[] }, run: () => Promise<T>) {
  const from = server.requests.length;
  const unchanged = server.notModified.length;
  const started = performance.now();
  const result = await run();
  const requests = server.requests.slice(from);
  return {
    result,
    requests,
    budget: requests.length - (server.notModified.length - unchanged),
    ms: Math.round(performance.now() - started),
  };
}

// Syncing 1 000 pages renders them all (2–6 s here, more on a busy machine).
describe('a full re-index costs a handful of GitHub requests (stand-in, 1 000 pages)', { timeout: 90_000 }, () => {
  it('in one go (node, GitHub mode): the tree once and one GraphQL request per 100 pages; forced again, the same', async () => {
    const { server, repository, db } = await siteOf(PAGES);
    const first = await counted(server, () => syncContent(db, repository));
    expect(first.result.added).toHaveLength(PAGES);
    expect(await db.$count(pages)).toBe(PAGES);
    // The branch, the commit, the root tree and the content tree (recursive), then 10 reads of 100
    // blobs and 10 of their last changes.
    expect(first.requests.filter((request) => request === 'POST /graphql')).toHaveLength((2 * PAGES) / 100);
    expect(first.requests.some((request) => request.startsWith('GET /git/blobs/'))).toBe(false);
    expect(first.requests.length).toBeLessThanOrEqual(30);

    const forced = await counted(server, () => syncContent(db, repository, { force: true }));
    expect(forced.result.updated).toHaveLength(PAGES);
    // The tree of that commit is known already: the branch (304, uncounted) and the blobs (the
    // last changes are kept: the files are the same).
    expect(forced.requests.length).toBeLessThanOrEqual(11);
    expect(forced.budget).toBe(PAGES / 100);
    console.log(
      `re-index of ${PAGES} pages through the stand-in, in one go: ${first.requests.length} requests, ${first.ms} ms; forced again: ${forced.requests.length} requests (${forced.budget} counted), ${forced.ms} ms`,
    );
  });

  it('in steps of 100 pages (Workers): the branch and one GraphQL request per step, the tree once', async () => {
    const { server, repository, db } = await siteOf(PAGES);
    await startChunkedSync(db, { force: true });
    const stepped = await counted(server, () => runSyncSteps(db, repository, { chunkPages: 100 }));
    expect(stepped.result.result?.added).toHaveLength(PAGES);
    expect(stepped.result.steps).toBe(10);
    expect(stepped.requests.filter((request) => request === 'POST /graphql')).toHaveLength(20);
    expect(stepped.requests.filter((request) => request.startsWith('GET /git/trees/'))).toHaveLength(2);
    // Each step reads where the branch is (1), its pages (1) and their last changes (1); the first also lists the tree (3).
    expect(stepped.requests.length).toBeLessThanOrEqual(10 * 3 + 3);
    // Steps after the first ask for the branch conditionally: GitHub answers 304, which its budget does not count.
    expect(stepped.budget).toBeLessThanOrEqual(24);
    console.log(
      `forced re-index of ${PAGES} pages through the stand-in, in 10 Workers steps: ${stepped.requests.length} requests (${stepped.budget} counted by GitHub's rate limit), ${stepped.ms} ms`,
    );
  });

  it('one read per page without the bulk read (the adapter before issue 24), for the record', async () => {
    const { server, repository, db } = await siteOf(200);
    const oneByOne: ContentRepository = { ...repository, readBlobs: undefined };
    const before = await counted(server, () => syncContent(db, oneByOne));
    expect(before.result.added).toHaveLength(200);
    expect(before.requests.length).toBeGreaterThan(200);
    console.log(`re-index of 200 pages, one request per page: ${before.requests.length} requests, ${before.ms} ms`);
  });

  it('big pages are read fewer to a GraphQL request (at most 4 MB of text each; here 12 KB)', async () => {
    const server = await startGithubStandIn();
    onTestFinished(() => server.close());
    const files: Record<string, string> = {};
    for (let n = 0; n < 30; n++) files[`content/en/big-${n}.md`] = `${page(n)}\n${'A paragraph of a big page. '.repeat(120)}\n`;
    await server.push(files);
    const repository = createGithubRepository({
      token: server.token,
      owner: server.owner,
      repo: server.repo,
      apiUrl: server.url,
      bytesPerQuery: 12_000,
    });
    const { db } = await createTestDatabase();
    const sync = await counted(server, () => syncContent(db, repository));
    expect(sync.result.added).toHaveLength(30);
    // 30 pages of about 3.3 KB: 3 to a request (under 12 KB), so 10 requests, not one (and one for their last changes).
    expect(sync.requests.filter((request) => request === 'POST /graphql')).toHaveLength(11);
  });

  it('a blob GraphQL gives no text for (too long) is read alone over REST', async () => {
    const server = await startGithubStandIn({ graphqlTextUpTo: 2000 });
    onTestFinished(() => server.close());
    await server.push({
      'content/en/short.md': page(1),
      'content/en/long.md': `${page(2)}\n${'A longer paragraph. '.repeat(200)}\n`,
      'content/en/other.md': page(3),
    });
    const repository = createGithubRepository({
      token: server.token,
      owner: server.owner,
      repo: server.repo,
      apiUrl: server.url,
    });
    const { db } = await createTestDatabase();
    const sync = await counted(server, () => syncContent(db, repository));
    expect(sync.result.added).toEqual(['en/long', 'en/other', 'en/short']);
    expect(sync.requests.filter((request) => request.startsWith('GET /git/blobs/'))).toHaveLength(1);
    // The texts, and the files' last changes.
    expect(sync.requests.filter((request) => request === 'POST /graphql')).toHaveLength(2);
  });
});

describe("GitHub's rate limit pauses the sync (Workers steps)", () => {
  it('403 with x-ratelimit-reset: the sync is paused until the reset (no failed step, no requests meanwhile), then resumes', async () => {
    const { server, repository, db } = await siteOf(250);
    let clock = Date.now();
    const now = () => clock;
    await startChunkedSync(db, { now: clock });
    // The first step stages 100 pages; then GitHub's budget is spent for the next 40 minutes.
    expect((await runSyncSteps(db, repository, { chunkPages: 100, maxSteps: 1, now })).sync?.done).toBe(100);
    const reset = Math.ceil(clock / 1000) + 40 * 60;
    server.rateLimit(reset);
    const limited = await counted(server, () => runSyncSteps(db, repository, { chunkPages: 100, now }));
    expect(limited.requests).toHaveLength(1);
    const paused = (await latestContentSync(db))!;
    expect(paused).toMatchObject({ status: 'running', failures: 0, done: 100 });
    const state = contentSyncState(paused, clock);
    expect(state).toMatchObject({ status: 'running', retryAt: null });
    expect(Date.parse(state.pausedUntil!)).toBeGreaterThanOrEqual(reset * 1000);
    expect(state.error).toMatch(/rate limit/);

    // Before the reset nothing asks GitHub again: not the cron, not a Retry (which joins the paused sync).
    clock += 20 * 60_000;
    const meanwhile = await counted(server, async () => {
      await startChunkedSync(db, { now: clock });
      return runSyncSteps(db, repository, { chunkPages: 100, now });
    });
    expect(meanwhile.requests).toHaveLength(0);
    expect(meanwhile.result.steps).toBe(0);
    expect(contentSyncState((await latestContentSync(db))!, clock).status).toBe('running');

    // After the reset the cron's next step carries on from the staged pages and publishes.
    server.lift();
    clock = reset * 1000 + 2000;
    const resumed = await runSyncSteps(db, repository, { chunkPages: 100, now });
    expect(resumed.result?.added).toHaveLength(250);
    const done = contentSyncState((await latestContentSync(db))!, clock);
    expect(done).toMatchObject({ status: 'done', error: null, pausedUntil: null, done: 250, total: 250 });
    expect(await db.$count(pages)).toBe(250);
  });

  it("GraphQL's own budget spent (200 with RATE_LIMITED): paused until its reset as well", async () => {
    const { server, repository, db } = await siteOf(150);
    const reset = Math.ceil(Date.now() / 1000) + 30 * 60;
    server.rateLimit(reset, 'graphql');
    await startChunkedSync(db);
    const outcome = await runSyncSteps(db, repository, { chunkPages: 100 });
    expect(outcome.steps).toBe(1);
    const state = contentSyncState((await latestContentSync(db))!);
    expect(state).toMatchObject({ status: 'running', done: 0 });
    expect(Date.parse(state.pausedUntil!)).toBeGreaterThanOrEqual(reset * 1000);
    server.lift();
    const resumed = await runSyncSteps(db, repository, { chunkPages: 100, now: () => reset * 1000 + 2000 });
    expect(resumed.result?.added).toHaveLength(150);
  });

  it('429 with retry-after is a pause of that many seconds', async () => {
    const { rateLimitResume } = await import('../content/github-repository');
    const answer = (status: number, headers: Record<string, string>) => ({ status, response: { headers } });
    expect(rateLimitResume(answer(429, { 'retry-after': '30' }), 1_000)?.getTime()).toBe(31_000);
    expect(rateLimitResume(answer(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '100' }), 1_000)?.getTime()).toBe(
      101_000,
    );
    // A 403 that is not a rate limit (no write permission) is not a pause.
    expect(rateLimitResume(answer(403, { 'x-ratelimit-remaining': '4999' }), 1_000)).toBeUndefined();
  });
});

describe("GitHub's rate limit pauses the sync (Node, whole syncs)", () => {
  it('a whole sync refused for the rate limit is recorded as paused, not failed, and the jobs runner finishes it after the reset', async () => {
    const { server, repository, db } = await siteOf(120);
    let clock = Date.now();
    const now = () => clock;
    const reset = Math.ceil(clock / 1000) + 30 * 60;
    server.rateLimit(reset);
    await expect(recordedSync(db, repository, { now })).rejects.toBeInstanceOf(GithubRateLimitError);
    const paused = contentSyncState((await latestContentSync(db))!, clock);
    expect(paused).toMatchObject({ status: 'running', retryAt: null });
    expect(Date.parse(paused.pausedUntil!)).toBeGreaterThanOrEqual(reset * 1000);

    // Before the reset the job asks GitHub nothing.
    clock += 10 * 60_000;
    const early = await counted(server, () => resumeStoppedSync(db, repository, { now }));
    expect(early.result).toBeUndefined();
    expect(early.requests).toHaveLength(0);

    // After it, one process takes the sync up again and finishes it (a second finds nothing to do).
    server.lift();
    clock = reset * 1000 + 2000;
    const [resumed, other] = await Promise.all([
      resumeStoppedSync(db, repository, { now }),
      resumeStoppedSync(db, repository, { now }),
    ]);
    expect([resumed, other].filter(Boolean)).toHaveLength(1);
    expect((resumed ?? other)?.added).toHaveLength(120);
    expect(contentSyncState((await latestContentSync(db))!, clock)).toMatchObject({
      status: 'done',
      error: null,
      pausedUntil: null,
    });
    expect(await db.$count(pages)).toBe(120);
  });
});

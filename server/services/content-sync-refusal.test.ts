import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createLocalRepository } from '../../platforms/node/local-repository';
import { client, createAuthoringSite, hello } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { commitFiles, git } from '../../tests/support/content-repo';
import { startGithubStandIn } from '../../tests/support/github-stand-in';
import { createInstalledSite } from '../../tests/support/site';
import { createApp } from '../app';
import { createGithubRepository } from '../content/github-repository';
import type { ContentRepository } from '../content/repository';
import { builds, pages } from '../db/schema';
import type { AppDeps } from '../deps';
import { publishOpenBuild } from './builds';
import { latestContentBuild, SyncRefusedError, syncContent } from './content-sync';
import {
  contentSyncState,
  latestContentSync,
  recordedSync,
  retryFailedSync,
  runContentSyncSteps,
  startChunkedSync,
} from './content-sync-runner';
import { inSteps } from './indexer';

/*
 * A re-index never empties the site by accident (docs/content.md "Syncing", issue 23): a repository
 * with no commits, with no pages, or without the commit the index was built from (a wrong DATA_DIR
 * or GITHUB_* setting, a second host with a data folder of its own) is refused and the index kept;
 * `force` re-indexes anyway and reports what it removed. On node (a local repository) and through
 * the Workers chunked sync (a GitHub repository: the stand-in).
 */

const page = (title: string) => `---\ntitle: "${title}"\ndate: 2026-02-01\n---\n\nSome text.\n`;

/** An empty folder, removed after the test: where a host with its own data folder finds a repository. */
function emptyFolder() {
  const dir = mkdtempSync(path.join(tmpdir(), 'daftar-other-repo-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Another local repository with its own history: one page, the same address as one of the site's. */
function unrelatedRepository() {
  const dir = emptyFolder();
  git(dir, 'init', '-q', '-b', 'main');
  commitFiles(dir, { 'content/en/about.md': page('About, elsewhere') }, 'Another site');
  return createLocalRepository(dir);
}

async function nodeSite() {
  const site = await createInstalledSite();
  const { db } = site.deps;
  const indexed = await db.$count(pages);
  expect(indexed).toBeGreaterThan(5);
  const build = (await latestContentBuild(db))!.id;
  /** The index is what it was: every page, the same build. */
  const kept = async () => ({ pages: await db.$count(pages), build: (await latestContentBuild(db))?.id });
  return { site, db, indexed, build, kept };
}

describe('a re-index that would remove pages by accident is refused (node, local repository)', () => {
  it('a repository without commits (another host’s own data folder): refused, recorded, index kept; forced, it removes every page and says so', async () => {
    const { db, indexed, build, kept } = await nodeSite();
    const unborn = createLocalRepository(emptyFolder());

    const error = await recordedSync(db, unborn).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyncRefusedError);
    expect(error).toMatchObject({ statusCode: 409, refusal: { reason: 'unborn', removes: indexed } });
    expect((error as Error).message).toMatch(
      new RegExp(`^Re-index refused \\(unborn, ${indexed} pages would be removed\\): .*has no commits.*The index is kept`),
    );
    expect(await kept()).toEqual({ pages: indexed, build });
    const recorded = contentSyncState((await latestContentSync(db))!);
    expect(recorded).toMatchObject({ status: 'failed', refusal: { reason: 'unborn', removes: indexed }, retryAt: null });

    const forced = await recordedSync(db, unborn, { force: true });
    expect(forced.removed).toHaveLength(indexed);
    expect(forced).toMatchObject({ changed: true, added: [], updated: [] });
    expect(await db.$count(pages)).toBe(0);
    expect(contentSyncState((await latestContentSync(db))!)).toMatchObject({ status: 'done', refusal: null });
  });

  it('a repository whose head has no pages: refused; a commit that deletes one page is indexed as before', async () => {
    const { site, db, indexed, build, kept } = await nodeSite();
    const repository = site.deps.contentRepository!;
    const dir = repository.location;

    commitFiles(dir, { 'content/en/about.md': null }, 'Delete one page');
    const one = await syncContent(db, repository);
    expect(one.removed).toEqual(['en/about']);
    expect(await db.$count(pages)).toBe(indexed - 1);

    git(dir, 'rm', '-rq', 'content');
    git(dir, 'commit', '-qm', 'Delete every page');
    const before = await kept();
    expect(before.build).not.toBe(build);
    await expect(syncContent(db, repository)).rejects.toMatchObject({
      refusal: { reason: 'empty', removes: indexed - 1 },
      message: expect.stringMatching(/has no pages under content\//),
    });
    expect(await kept()).toEqual(before);
    expect((await syncContent(db, repository, { force: true })).removed).toHaveLength(indexed - 1);
    expect(await db.$count(pages)).toBe(0);
  });

  it('a repository without the indexed commit (another history): refused with the pages it lacks; forced, exactly those go', async () => {
    const { db, indexed, build, kept } = await nodeSite();
    const other = unrelatedRepository();
    await expect(syncContent(db, other)).rejects.toMatchObject({
      refusal: { reason: 'unrelated', removes: indexed - 1 },
      message: expect.stringMatching(/does not contain commit [0-9a-f]{7}, which the index was built from/),
    });
    expect(await kept()).toEqual({ pages: indexed, build });

    const forced = await syncContent(db, other, { force: true });
    expect(forced.removed).toHaveLength(indexed - 1);
    expect(forced.removed).not.toContain('en/about');
    expect(forced.updated).toEqual(['en/about']);
    expect(await db.$count(pages)).toBe(1);
  });

  it('over HTTP: 409 in the reader’s language, nothing removed; ?force=1 re-indexes and lists what went', async () => {
    const { site, indexed, build, kept } = await nodeSite();
    const elsewhere = { ...site, app: createApp({ ...site.deps, contentRepository: unrelatedRepository() }) };

    const fa = await client(elsewhere, 'editor', 'fa').post('/api/content/sync');
    expect(fa.status).toBe(409);
    expect(await json(fa)).toMatchObject({
      statusCode: 409,
      message: `نمایه‌سازی دوباره انجام نشد: مخزن محتوا کامیتی را که سایت از آن نمایه شده ندارد و ${(indexed - 1).toLocaleString('fa-IR')} صفحه حذف می‌شد. صفحه‌های سایت سر جایشان ماندند`,
      data: { reason: 'unrelated', removes: indexed - 1 },
    });
    const en = await client(elsewhere, 'editor', 'en').post('/api/content/sync');
    expect((await json(en)).message).toBe(
      `Re-index refused: the content repository does not contain the commit the site was indexed from, and ${indexed - 1} pages would be removed. The site keeps its pages`,
    );
    expect(await kept()).toEqual({ pages: indexed, build });
    // The builds screen reads the refusal from the sync state, to offer "Re-index anyway: N pages will be removed".
    expect((await json(await client(elsewhere).get('/api/content/sync'))).sync).toMatchObject({
      status: 'failed',
      refusal: { reason: 'unrelated', removes: indexed - 1 },
    });

    const forced = await client(elsewhere).post('/api/content/sync?force=1');
    expect(forced.status).toBe(200);
    expect((await json(forced)).removed).toHaveLength(indexed - 1);
    expect(await site.deps.db.$count(pages)).toBe(1);
  });

  it('a publish into a repository without the indexed commit is refused before committing', async () => {
    const { site, indexed, build, kept } = await nodeSite();
    await client(site).put('/api/pages/en/logs/hello', hello);
    const other = unrelatedRepository();
    const otherHead = await other.head();
    const editor = { id: site.ids.editor, username: 'editor', displayName: 'Editor', roles: ['editor'], permissions: [] };
    await expect(publishOpenBuild({ ...site.deps, contentRepository: other }, editor)).rejects.toMatchObject({
      statusCode: 409,
      messageKey: 'api.publishRepositoryMismatch',
    });
    expect(await other.head()).toBe(otherHead);
    expect((await site.deps.db.select({ status: builds.status }).from(builds).all()).map((b) => b.status)).toEqual(['open']);
    expect(await kept()).toEqual({ pages: indexed, build });
  });
});

const CHUNKED = { chunkPages: 6, budgetMs: 60_000, maxSteps: 2 };

/** A Workers site (chunked sync) installed on a GitHub stand-in, and requests to it as its editor. */
async function workersSite() {
  const server = await startGithubStandIn();
  onTestFinished(() => server.close());
  const site = await createAuthoringSite(server.env, { indexer: inSteps(CHUNKED) });
  expect(site.deps.contentRepository?.kind).toBe('github');
  const { db } = site.deps;
  const indexed = await db.$count(pages);
  expect(indexed).toBeGreaterThan(5);
  const build = (await latestContentBuild(db))!.id;
  const ctx = { waitUntil: (promise: Promise<unknown>) => void promise, passThroughOnException() {}, props: {} };
  /** POST /api/content/sync on this site, reading content from `repository`. */
  const sync = (repository: ContentRepository, query = '', locale = 'en') =>
    createApp({ ...site.deps, contentRepository: repository } as AppDeps).fetch(
      new Request(`http://localhost/api/content/sync${query}`, {
        method: 'POST',
        headers: { cookie: site.cookies.editor, 'x-locale': locale },
      }),
      {},
      ctx,
    );
  const kept = async () => ({ pages: await db.$count(pages), build: (await latestContentBuild(db))?.id });
  return { server, site, db, indexed, build, sync, kept };
}

/** A GitHub repository (another stand-in) as the app reaches it. */
const githubRepository = (server: Awaited<ReturnType<typeof startGithubStandIn>>) =>
  createGithubRepository({ token: server.token, owner: server.owner, repo: server.repo, apiUrl: server.url });

describe('a re-index that would remove pages by accident is refused (Workers chunked sync, GitHub repository)', () => {
  it('an empty GitHub repository and one with another history: 409, index kept, no automatic retry; forced, the pages go', async () => {
    const { db, indexed, build, sync, kept } = await workersSite();
    const empty = await startGithubStandIn();
    onTestFinished(() => empty.close());
    const unborn = await sync(githubRepository(empty), '', 'fa');
    expect(unborn.status).toBe(409);
    expect(await json(unborn)).toMatchObject({
      data: { reason: 'unborn', removes: indexed },
      message: expect.stringMatching(/^نمایه‌سازی دوباره انجام نشد: مخزن محتوا هیچ کامیتی ندارد/),
    });
    expect(await kept()).toEqual({ pages: indexed, build });

    const other = await startGithubStandIn();
    onTestFinished(() => other.close());
    await other.push({ 'content/en/about.md': page('About, elsewhere'), 'content/en/logs/new.md': page('New') });
    const unrelated = await sync(githubRepository(other));
    expect(unrelated.status).toBe(409);
    expect(await json(unrelated)).toMatchObject({ data: { reason: 'unrelated', removes: indexed - 1 } });
    expect(await kept()).toEqual({ pages: indexed, build });
    const state = contentSyncState((await latestContentSync(db))!);
    expect(state).toMatchObject({ status: 'failed', refusal: { reason: 'unrelated', removes: indexed - 1 }, retryAt: null });
    // The cron does not take a refusal up again by itself.
    expect(await retryFailedSync(db, Date.now() + 3_600_000)).toBeUndefined();

    const forced = await sync(githubRepository(other), '?force=1');
    expect(forced.status).toBe(200);
    const result = await json(forced);
    expect(result.removed).toHaveLength(indexed - 1);
    expect(result.added).toEqual(['en/logs/new']);
    expect(await db.$count(pages)).toBe(2);
  });

  it('the site’s own repository with every page deleted: refused in the request and in a later step; forced, all go', async () => {
    const { server, site, db, indexed, build, sync, kept } = await workersSite();
    const files = Object.keys(await server.files()).filter((file) => file.startsWith('content/'));
    await server.push(Object.fromEntries(files.map((file) => [file, null])), 'Delete every page');
    const repository = site.deps.contentRepository!;

    const refused = await sync(repository);
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ data: { reason: 'empty', removes: indexed } });
    // A webhook's sync (it takes the failed one up again), stepped as the cron does: the same refusal, recorded.
    await startChunkedSync(db);
    expect((await latestContentSync(db))?.status).toBe('running');
    await runContentSyncSteps(site.deps, { chunkPages: CHUNKED.chunkPages, maxSteps: 1 });
    expect(contentSyncState((await latestContentSync(db))!)).toMatchObject({
      status: 'failed',
      refusal: { reason: 'empty', removes: indexed },
    });
    expect(await kept()).toEqual({ pages: indexed, build });

    const forced = await sync(repository, '?force=1');
    expect(forced.status).toBe(200);
    expect((await json(forced)).removed).toHaveLength(indexed);
    expect(await db.$count(pages)).toBe(0);
  });
});

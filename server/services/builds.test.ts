import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createNodeDatabase } from '../../platforms/node/database';
import { client, createAuthoringSite, hello } from '../../tests/support/authoring';
import { killWhenPrinted } from '../../tests/support/child-scripts';
import { json } from '../../tests/support/config';
import { git } from '../../tests/support/content-repo';
import { TEST_DATABASE_FILE } from '../../tests/support/database';
import type { ContentRepository } from '../content/repository';
import { builds } from '../db/schema';
import { AppError } from '../errors';
import { type PublishCheckpoint, publishOpenBuild, resumeInterruptedPublishes } from './builds';
import { latestContentBuild } from './content-sync';
import { savePage } from './pages';

type Site = Awaited<ReturnType<typeof createAuthoringSite>>;

/** A site with two pending changes, and what a reader sees of them. */
async function siteWithPendingChanges() {
  const site = await createAuthoringSite();
  const api = client(site);
  await api.put('/api/pages/en/logs/hello', hello);
  await api.put('/api/pages/en/about', { frontMatter: { title: 'About, new' }, body: 'New.' });
  const editor = { id: site.ids.editor, username: 'editor', displayName: 'Editor', roles: ['editor'], permissions: [] };
  const seen = async () => ({
    hello: (await site.app.request('/en/logs/hello')).status,
    about: (await (await site.app.request('/en/about')).text()).includes('About, new') ? 'new' : 'old',
  });
  const pending = async () => (await json(await api.get('/api/builds/open'))).changes.length as number;
  const head = () => git(site.deps.contentRepository!.location, 'rev-parse', 'HEAD').trim();
  const buildStatus = async () => (await site.deps.db.select({ status: builds.status }).from(builds).all()).map((b) => b.status);
  return { site, api, editor, seen, pending, head, buildStatus };
}

/**
 * The site's dependencies as a restarted server process has them: its own connection to the
 * data folder's database (a publish stopped by `dieAt` is not running there).
 */
async function restartedProcess(site: Site) {
  const dir = path.dirname(site.deps.contentRepository!.location);
  const { db, close } = await createNodeDatabase(`file:${path.join(dir, TEST_DATABASE_FILE)}`);
  onTestFinished(close);
  return { ...site.deps, db };
}

/** A checkpoint that stops the publish for good at one step, as if its process died there. */
function dieAt(stop: 'claimed' | 'committed'): { checkpoint: PublishCheckpoint; reached: Promise<void> } {
  let reach!: () => void;
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  return {
    reached,
    checkpoint: async (step) => {
      if (step !== stop) return;
      reach();
      await new Promise(() => {});
    },
  };
}

describe('publishing is safe to interrupt', () => {
  it('stopped after claiming the build: old content served, changes pending; on restart the build reopens and publishes', async () => {
    const { site, api, editor, seen, pending, head, buildStatus } = await siteWithPendingChanges();
    const before = head();
    const { checkpoint, reached } = dieAt('claimed');
    void publishOpenBuild(site.deps, editor, {}, checkpoint);
    await reached;

    expect(await seen()).toEqual({ hello: 404, about: 'old' });
    expect(await pending()).toBe(2);
    expect(await buildStatus()).toEqual(['publishing']);
    // Within its lease the publish counts as running: edits and other publishes wait.
    const save = await api.put('/api/pages/en/logs/later', hello);
    expect(save.status).toBe(409);
    expect((await json(save)).message).toBe('Another build is being published; try again in a moment');
    expect((await api.post('/api/builds/publish', {})).status).toBe(409);

    // While it runs in this process, the jobs runner leaves it alone, even with no other process alive.
    await resumeInterruptedPublishes(site.deps, { leaseMs: 0 });
    expect(await buildStatus()).toEqual(['publishing']);
    await resumeInterruptedPublishes(await restartedProcess(site), { leaseMs: 0 }); // what a restart does
    expect(await buildStatus()).toEqual(['open']);
    expect(head()).toBe(before);
    expect(await pending()).toBe(2);
    expect((await api.post('/api/builds/publish', {})).status).toBe(200);
    expect(await seen()).toEqual({ hello: 200, about: 'new' });
  });

  it('stopped after the git commit: old content served until the publish is completed, then all of the new', async () => {
    const { site, editor, seen, pending, head, buildStatus } = await siteWithPendingChanges();
    const buildBefore = (await latestContentBuild(site.deps.db))?.id;
    const { checkpoint, reached } = dieAt('committed');
    void publishOpenBuild(site.deps, editor, { title: 'Interrupted' }, checkpoint);
    await reached;

    expect(git(site.deps.contentRepository!.location, 'log', '-1', '--format=%s').trim()).toBe('Interrupted');
    expect(await seen()).toEqual({ hello: 404, about: 'old' });
    expect((await latestContentBuild(site.deps.db))?.id).toBe(buildBefore);
    expect(await buildStatus()).toEqual(['publishing']);

    // Reading the builds notices that the commit landed and completes the publish (no lease needed).
    await resumeInterruptedPublishes(await restartedProcess(site));
    expect(await buildStatus()).toEqual(['published']);
    expect(await seen()).toEqual({ hello: 200, about: 'new' });
    expect(await pending()).toBe(0);
    const [published] = await site.deps.db.select().from(builds).where(eq(builds.status, 'published'));
    expect(published).toMatchObject({ title: 'Interrupted', commitSha: head() });
  });

  it('a failure before the commit reopens the build at once, with every change still pending', async () => {
    const { site, editor, seen, pending, head, buildStatus } = await siteWithPendingChanges();
    const before = head();
    const broken: ContentRepository = {
      ...site.deps.contentRepository!,
      commit: async () => {
        throw new Error('disk full');
      },
    };
    const error = await publishOpenBuild({ ...site.deps, contentRepository: broken }, editor).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 502, messageKey: 'api.repositoryFailed', values: { reason: 'disk full' } });
    expect(await buildStatus()).toEqual(['open']);
    expect(await pending()).toBe(2);
    expect(head()).toBe(before);
    expect(await seen()).toEqual({ hello: 404, about: 'old' });
  });

  it('a save that arrives while a publish runs is refused, never lost in the published build', async () => {
    const { site, editor, seen, pending } = await siteWithPendingChanges();
    let refused: unknown;
    await publishOpenBuild(site.deps, editor, {}, async (step) => {
      if (step === 'claimed')
        refused = await savePage(site.deps, editor.id, { locale: 'en', path: 'logs/late' }, hello).catch((e: unknown) => e);
    });
    expect(refused).toMatchObject({ statusCode: 409, messageKey: 'api.publishInProgress' });
    expect(await seen()).toEqual({ hello: 200, about: 'new' });
    expect(await pending()).toBe(0);
    // Saved again afterwards, it lands in a new open build.
    await savePage(site.deps, editor.id, { locale: 'en', path: 'logs/late' }, hello);
    expect(await pending()).toBe(1);
  });
});

/** Runs a publish in another process and kills it with SIGKILL once it reached `step`. */
async function killPublishAt(site: Site, step: 'claimed' | 'committed') {
  const dir = path.dirname(site.deps.contentRepository!.location);
  expect(await killWhenPrinted('publish-child', [dir, step, site.ids.editor], `at ${step}`)).toBe('SIGKILL');
}

describe('the jobs runner and a publish of its own process', () => {
  it('a publish under way is not settled by the interrupted-publishes job, which found it on its tick (no other process alive)', async () => {
    const { site, editor, seen, pending, buildStatus } = await siteWithPendingChanges();
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let reach!: () => void;
    const reached = new Promise<void>((resolve) => {
      reach = resolve;
    });
    const publishing = publishOpenBuild(site.deps, editor, { title: 'Raced' }, async (step) => {
      if (step !== 'claimed') return;
      reach();
      await paused;
    });
    await reached;
    await resumeInterruptedPublishes(site.deps, { leaseMs: 0 }); // the job's tick, mid-publish
    expect(await buildStatus()).toEqual(['publishing']);
    resume();
    await expect(publishing).resolves.toMatchObject({ commitSha: expect.any(String) });
    expect(await buildStatus()).toEqual(['published']);
    expect(await seen()).toEqual({ hello: 200, about: 'new' });
    expect(await pending()).toBe(0);
  });
});

describe('kill -9 during publish', () => {
  it('after the claim: the old build is served; after a restart the changes are pending and publish', async () => {
    const { site, api, seen, pending, head, buildStatus } = await siteWithPendingChanges();
    const before = head();
    await killPublishAt(site, 'claimed');
    expect(await seen()).toEqual({ hello: 404, about: 'old' });
    expect(head()).toBe(before);
    await resumeInterruptedPublishes(site.deps, { leaseMs: 0 });
    expect(await buildStatus()).toEqual(['open']);
    expect(await pending()).toBe(2);
    expect((await api.post('/api/builds/publish', {})).status).toBe(200);
    expect(await seen()).toEqual({ hello: 200, about: 'new' });
  }, 30_000);

  it('after the git commit: the old build is served; after a restart the new one, whole', async () => {
    const { site, seen, pending, head, buildStatus } = await siteWithPendingChanges();
    const before = head();
    await killPublishAt(site, 'committed');
    expect(head()).not.toBe(before);
    expect(await seen()).toEqual({ hello: 404, about: 'old' });
    await resumeInterruptedPublishes(site.deps, { leaseMs: 0 });
    expect(await buildStatus()).toEqual(['published']);
    expect(await seen()).toEqual({ hello: 200, about: 'new' });
    expect(await pending()).toBe(0);
    expect(git(site.deps.contentRepository!.location, 'status', '--porcelain').trim()).toBe('');
  }, 30_000);
});

import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { ContentSyncState } from '../../common/content-sync';
import { createNodeDatabase } from '../../platforms/node/database';
import { createAuthoringSite } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { git } from '../../tests/support/content-repo';
import { TEST_DATABASE_FILE } from '../../tests/support/database';
import type { AppDeps } from '../deps';
import { publishOpenBuild, resumeInterruptedPublishes } from './builds';
import { latestContentBuild } from './content-sync';
import { latestContentSync, runContentSyncSteps } from './content-sync-runner';
import { inSteps } from './indexer';

/*
 * A publish on Workers (deps.indexer: inSteps) indexes through the stepped sync of a re-index
 * (docs/decisions/0009-workers-chunked-sync.md): the first step in the request, the rest after the
 * response and by the cron, readers keeping the old index until the step that switches it, which
 * also marks the build published with its redirects. Chunks of 6 pages here, so 20 pages are steps.
 */

const CHUNKED = { chunkPages: 6, budgetMs: 60_000, maxSteps: 2 };
const page = (title: string) => ({ frontMatter: { title, date: '2026-03-01' }, body: `Text of ${title}.` });

/** The site's dependencies as another Worker isolate has them: its own connection to the database. */
async function anotherWorker(site: { deps: AppDeps }) {
  const dir = path.dirname(site.deps.contentRepository!.location);
  const { db, close } = await createNodeDatabase(`file:${path.join(dir, TEST_DATABASE_FILE)}`);
  onTestFinished(close);
  return { ...site.deps, db };
}

async function workersSite() {
  const site = await createAuthoringSite({}, { indexer: inSteps(CHUNKED) });
  /** Steps the request left for after its response (`waitUntil`). */
  const after: Promise<unknown>[] = [];
  const ctx = { waitUntil: (promise: Promise<unknown>) => after.push(promise), passThroughOnException() {}, props: {} };
  const send = (method: string, path: string, body?: unknown) =>
    site.app.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: { cookie: site.cookies.editor, 'x-locale': 'en', 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
      {},
      ctx,
    );
  const ok = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return response;
  };
  const served = async () => ({
    about: (await site.app.request('/en/about')).status,
    aboutUs: (await site.app.request('/en/about-us')).status,
    bulk: (await site.app.request('/en/logs/bulk-20')).status,
    build: (await latestContentBuild(site.deps.db))?.id,
  });
  return { site, send, ok, after, served };
}

describe('publishing on Workers: the index in steps', () => {
  it('a big publish answers 202 after its first step; readers keep the old index until the switch, which publishes the build and its redirects', async () => {
    const { site, send, ok, after, served } = await workersSite();
    const { db } = site.deps;
    for (let i = 1; i <= 20; i++) await ok(await send('PUT', `/api/pages/en/logs/bulk-${i}`, page(`Bulk ${i}`)));
    await ok(await send('POST', '/api/pages/en/about/move', { to: 'en/about-us' }));
    const before = await served();
    expect(before).toMatchObject({ about: 200, aboutUs: 404, bulk: 404 });

    const response = await send('POST', '/api/builds/publish', { title: 'Twenty pages' });
    expect(response.status).toBe(202);
    const answer = (await json(response)) as { id: number; commitSha: string; buildId: null; sync: ContentSyncState };
    // 21 pages to render (20 new, the moved one): the request rendered the first 6.
    expect(answer).toMatchObject({ buildId: null, sync: { status: 'running', done: 6, total: 21, error: null } });
    // The commit landed; the build is publishing, with its commit, until the index switches.
    expect(git(site.deps.contentRepository!.location, 'rev-parse', 'HEAD').trim()).toBe(answer.commitSha);
    const open = await json(await send('GET', '/api/builds/open'));
    expect(open).toMatchObject({ id: answer.id, status: 'publishing' });
    expect((await send('PUT', '/api/pages/en/logs/later', page('Later'))).status).toBe(409);
    expect(await served()).toEqual(before);

    // The request's waitUntil takes one more step (maxSteps 2 with the first); still the old index.
    expect(await latestContentSync(db)).toMatchObject({ status: 'running', done: 6 });
    await Promise.all(after);
    expect(await latestContentSync(db)).toMatchObject({ status: 'running', done: 12, publishBuildId: answer.id });
    expect(await served()).toEqual(before);
    // Settling interrupted publishes (the builds screen, the daily cron) leaves an index under way alone.
    await resumeInterruptedPublishes(site.deps, { leaseMs: 0 });
    expect(await latestContentSync(db)).toMatchObject({ status: 'running', done: 12, steps: 2 });
    expect((await json(await send('GET', '/api/builds/open'))).status).toBe('publishing');

    // The cron: one step a run here; the last switches the index and publishes the build.
    const cron = () => runContentSyncSteps(site.deps, { chunkPages: CHUNKED.chunkPages, maxSteps: 1 });
    expect((await cron()).result).toBeUndefined();
    expect(await served()).toEqual(before);
    const last = await cron();
    expect(last.result).toMatchObject({ changed: true });
    expect(last.published?.map((change) => change.path)).toContain('content/en/about-us.md');
    const now = await served();
    expect(now).toMatchObject({ aboutUs: 200, bulk: 200, build: last.result!.buildId });
    // The old address answers 301 to the new one: the redirect was written with the index.
    expect(now.about).toBe(301);
    expect((await site.app.request('/en/about')).headers.get('location')).toBe('/en/about-us');
    const history = await json(await send('GET', '/api/builds'));
    expect(history.items[0]).toMatchObject({
      id: answer.id,
      status: 'published',
      title: 'Twenty pages',
      commitSha: answer.commitSha,
    });
    expect(await json(await send('GET', '/api/content/sync'))).toMatchObject({
      sync: { status: 'done', done: 21, total: 21, buildId: now.build },
    });
    // Editing goes on in a new open build.
    await ok(await send('PUT', '/api/pages/en/logs/later', page('Later')));
    await ok(await send('DELETE', '/api/pages/en/logs/later'));

    // Its revert deletes 20 pages and renders one (the page moved back): done in its request.
    const reverting = await send('POST', `/api/builds/${answer.id}/revert`);
    expect(reverting.status).toBe(200);
    const revert = await json(reverting);
    expect(revert.buildId).toBe((await latestContentBuild(db))!.id);
    expect(await served()).toMatchObject({ about: 200, aboutUs: 301, bulk: 404 });
    const items = (await json(await send('GET', '/api/builds'))).items as { id: number; status: string }[];
    expect(items.find((item) => item.id === revert.id)?.status).toBe('published');
    expect(items.find((item) => item.id === answer.id)?.status).toBe('reverted');
  });

  it('a small publish is done in its request, as on node', async () => {
    const { site, send, ok } = await workersSite();
    await ok(await send('PUT', '/api/pages/en/logs/one', page('One')));
    await ok(await send('PUT', '/api/pages/en/logs/two', page('Two')));
    const response = await send('POST', '/api/builds/publish');
    expect(response.status).toBe(200);
    const answer = await json(response);
    expect(answer).toEqual({
      id: expect.any(Number),
      commitSha: expect.any(String),
      buildId: (await latestContentBuild(site.deps.db))!.id,
    });
    // Nothing of the index was left for after the response (the sync is done in the request).
    expect(await latestContentSync(site.deps.db)).toMatchObject({ status: 'done' });
    expect((await site.app.request('/en/logs/two')).status).toBe(200);
    expect((await json(await send('GET', '/api/builds'))).items[0]).toMatchObject({ id: answer.id, status: 'published' });
  });

  it('a Worker cut off after the commit: settling interrupted publishes indexes it in steps and publishes the build', async () => {
    const { site, send, ok, served } = await workersSite();
    const { db } = site.deps;
    for (let i = 1; i <= 20; i++) await ok(await send('PUT', `/api/pages/en/logs/bulk-${i}`, page(`Bulk ${i}`)));
    const editor = { id: site.ids.editor, username: 'editor', displayName: 'Editor', roles: ['editor'], permissions: [] };
    let cutOff!: () => void;
    const reached = new Promise<void>((resolve) => {
      cutOff = resolve;
    });
    void publishOpenBuild(site.deps, editor, { title: 'Cut off' }, async (step) => {
      if (step !== 'committed') return;
      cutOff();
      await new Promise(() => {});
    });
    await reached;
    const before = await latestContentSync(db);
    expect((await served()).bulk).toBe(404);
    // The builds screen (or the daily cron) of a Worker that did not run that publish finds the commit
    // landed: the index starts in steps. (Its own process leaves a publish under way alone.)
    await resumeInterruptedPublishes(site.deps);
    expect(await latestContentSync(db)).toEqual(before);
    await resumeInterruptedPublishes(await anotherWorker(site));
    const sync = await latestContentSync(db);
    expect(sync?.id).not.toBe(before?.id);
    expect(sync).toMatchObject({ status: 'running', done: 6, total: 20 });
    expect((await json(await send('GET', '/api/builds/open'))).status).toBe('publishing');
    for (let step = 0; step < 10 && (await latestContentSync(db))?.status === 'running'; step++)
      await runContentSyncSteps(site.deps, { chunkPages: CHUNKED.chunkPages, maxSteps: 1 });
    expect((await served()).bulk).toBe(200);
    expect((await json(await send('GET', '/api/builds'))).items[0]).toMatchObject({ title: 'Cut off', status: 'published' });
  });

  it('a step that fails leaves the build publishing; Retry (a re-index, even a forced one) finishes the publish', async () => {
    const { site, send, ok, after, served } = await workersSite();
    const { db } = site.deps;
    for (let i = 1; i <= 20; i++) await ok(await send('PUT', `/api/pages/en/logs/bulk-${i}`, page(`Bulk ${i}`)));
    const repository = site.deps.contentRepository!;
    const readBlob = repository.readBlob;
    let failing = false;
    repository.readBlob = (sha) => (failing ? Promise.reject(new Error('GitHub answered HTTP 502')) : readBlob(sha));
    const answer = await json(await send('POST', '/api/builds/publish'));
    failing = true;
    await Promise.all(after);
    expect(await latestContentSync(db)).toMatchObject({ status: 'failed', error: 'GitHub answered HTTP 502', done: 6 });
    const before = await served();
    expect(before.bulk).toBe(404);
    expect((await json(await send('GET', '/api/builds/open'))).status).toBe('publishing');
    // A forced re-index started now takes the publish over (a plain Retry resumes the same sync).
    failing = false;
    const retried = await send('POST', '/api/content/sync?force=1');
    expect(retried.status).toBe(202);
    const sync = await latestContentSync(db);
    expect(sync).toMatchObject({ force: true, publishBuildId: answer.id });
    await Promise.all(after);
    for (let step = 0; step < 20 && (await latestContentSync(db))?.status === 'running'; step++)
      await runContentSyncSteps(site.deps, { chunkPages: CHUNKED.chunkPages, maxSteps: 1 });
    expect(await latestContentSync(db)).toMatchObject({ id: sync!.id, status: 'done' });
    expect((await served()).bulk).toBe(200);
    expect((await json(await send('GET', '/api/builds'))).items[0]).toMatchObject({
      id: answer.id,
      status: 'published',
      commitSha: answer.commitSha,
    });
  });
});

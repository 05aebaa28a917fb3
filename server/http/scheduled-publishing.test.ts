import { describe, expect, it } from 'vitest';
import { client, createAuthoringSite, hello } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { createApp } from '../app';
import { jobs, startJobs } from '../jobs';
import { publishDueBuild } from '../services/builds';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const quiet = { info: () => {}, warn: () => {} } as unknown as Console;

async function siteWithPendingPage() {
  const site = await createAuthoringSite();
  const api = client(site);
  expect((await api.put('/api/pages/en/logs/hello', hello)).status).toBe(200);
  return { site, api };
}

describe('scheduled publishing', () => {
  it('a future `at` schedules the open build (202), and it publishes itself once its time has come', async () => {
    const { site, api } = await siteWithPendingPage();
    const at = inMinutes(30);
    const scheduled = await api.post('/api/builds/publish', { title: 'Morning post', at });
    expect(scheduled.status).toBe(202);
    const result = await json(scheduled);
    expect(result).toEqual({ id: expect.any(Number), status: 'scheduled', at });

    const open = await json(await api.get('/api/builds/open'));
    expect(open).toMatchObject({ id: result.id, status: 'open', scheduledAt: at, scheduledBy: { username: 'editor' } });
    // Not before its time.
    expect(await publishDueBuild(site.deps, new Date(), quiet)).toBeUndefined();
    expect((await site.app.request('/en/logs/hello')).status).toBe(404);

    expect(await publishDueBuild(site.deps, new Date(Date.parse(at) + 1000), quiet)).toBe(result.id);
    expect((await site.app.request('/en/logs/hello')).status).toBe(200);
    const history = await json(await api.get('/api/builds'));
    expect(history.items[0]).toMatchObject({ id: result.id, status: 'published', title: 'Morning post' });
    expect((await json(await api.get('/api/builds/open'))).id).toBeNull();
  });

  it('survives a restart: a new process publishes a build scheduled by the old one, within a few seconds of its time', async () => {
    const { site, api } = await siteWithPendingPage();
    const at = new Date(Date.now() + 1500).toISOString();
    expect((await api.post('/api/builds/publish', { at })).status).toBe(202);
    // "Restart": a new app over the same database and repository, with its own timer.
    const restarted = createApp({ ...site.deps });
    const scheduled = jobs.filter((job) => job.name === 'scheduled-publish').map((job) => ({ ...job, everyMs: 250 }));
    const runner = startJobs(site.deps, { holder: 'restarted', list: scheduled });
    try {
      await expect
        .poll(async () => (await restarted.request('/api/builds', { headers: { cookie: site.cookies.editor } })).status)
        .toBe(200);
      await expect.poll(async () => (await site.app.request('/en/logs/hello')).status, { timeout: 8000 }).toBe(200);
    } finally {
      await runner.stop();
    }
  });

  it('can be cancelled: the build stays open for a publish by hand; cancelling twice is a 404', async () => {
    const { site, api } = await siteWithPendingPage();
    const { id } = await json(await api.post('/api/builds/publish', { at: inMinutes(5) }));
    const cancelled = await api.del(`/api/builds/${id}/schedule`);
    expect(cancelled.status).toBe(200);
    expect(await json(cancelled)).toEqual({ id, status: 'open' });
    expect((await json(await api.get('/api/builds/open'))).scheduledAt).toBeNull();
    expect(await publishDueBuild(site.deps, new Date(Date.now() + 10 * 60_000), quiet)).toBeUndefined();
    expect((await site.app.request('/en/logs/hello')).status).toBe(404);
    expect((await api.del(`/api/builds/${id}/schedule`)).status).toBe(404);
    expect((await client(site, 'member').del(`/api/builds/${id}/schedule`)).status).toBe(403);
  });

  it.each([
    ['a time already past', { at: new Date(Date.now() - 60_000).toISOString() }, 'Choose a time in the future, or publish now'],
    ['no time zone', { at: '2030-01-01T09:00:00' }, 'Must be a date and time with its time zone (2026-12-01T09:30:00+03:30)'],
    ['not a date', { at: 'tomorrow morning' }, 'Must be a date and time with its time zone (2026-12-01T09:30:00+03:30)'],
  ])('refuses %s with the field named (400)', async (_case, body, message) => {
    const { api } = await siteWithPendingPage();
    const response = await api.post('/api/builds/publish', body);
    expect(response.status).toBe(400);
    expect((await json(response)).data.issues).toEqual([expect.objectContaining({ path: ['at'], message })]);
  });

  it('refuses more than a year ahead, and a schedule with nothing pending', async () => {
    const { api } = await siteWithPendingPage();
    const far = await api.post('/api/builds/publish', { at: inMinutes(400 * 24 * 60) });
    expect(far.status).toBe(400);
    expect((await json(far)).message).toBe('A publish can be scheduled at most a year ahead');

    const empty = client(await createAuthoringSite());
    const nothing = await empty.post('/api/builds/publish', { at: inMinutes(5) });
    expect(nothing.status).toBe(400);
    expect((await json(nothing)).message).toBe('Nothing to publish: no changes are pending');
  });

  it('a scheduled publish that meets a conflict leaves the build open and unscheduled (no retry every tick)', async () => {
    const { site, api } = await siteWithPendingPage();
    const about = await json(await api.get('/api/pages/en/about'));
    await api.put('/api/pages/en/about', {
      frontMatter: about.frontMatter,
      body: `${about.body}\nMine.\n`,
      baseSha: about.baseSha,
    });
    // Someone changes the same file in the repository meanwhile.
    const { commitFiles } = await import('../../tests/support/content-repo');
    commitFiles(site.deps.contentRepository!.location, { 'content/en/about.md': `${about.body}\nTheirs.\n` }, 'Edited by hand');
    const { id } = await json(await api.post('/api/builds/publish', { at: inMinutes(1) }));
    expect(await publishDueBuild(site.deps, new Date(Date.now() + 2 * 60_000), quiet)).toBeUndefined();
    const open = await json(await api.get('/api/builds/open'));
    expect(open).toMatchObject({ id, status: 'open', scheduledAt: null });
  });
});

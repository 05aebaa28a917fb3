import { describe, expect, it } from 'vitest';
import { client, createAuthoringSite, hello } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { jobs, runCronJobs, startJobs } from '../jobs';
import { publishDuePageSchedules } from '../services/page-schedules';

/*
 * A page's own schedule (issue 40 §2): PUT/DELETE /api/pages/{locale}/{path}/schedule, the
 * `page-schedules` tick, and every door an unpublished page leaves by. Instants come from the clock.
 */

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const pastThe = (iso: string) => new Date(Date.parse(iso) + 1000);
const quiet = { info: () => {}, warn: () => {} } as unknown as Console;

const other = {
  frontMatter: { title: 'Another page, still being written', date: '2026-05-02', cat: 'notes' },
  body: 'Unfinished.\n',
};

async function site() {
  const made = await createAuthoringSite();
  return { site: made, api: client(made) };
}

describe('a page schedule: validation', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['nothing', {}, 'publishAt', 'Give a time to publish, a time to go back to draft, or both'],
    [
      'a past publish',
      { publishAt: new Date(Date.now() - 60_000).toISOString() },
      'publishAt',
      'Choose a time in the future, or publish now',
    ],
    [
      'a past unpublish',
      { unpublishAt: new Date(Date.now() - 1).toISOString() },
      'unpublishAt',
      'Choose a time in the future to take the page down',
    ],
    [
      'an unpublish before the publish',
      { publishAt: inMinutes(60), unpublishAt: inMinutes(30) },
      'unpublishAt',
      'The page goes back to draft after it is published: choose a later time',
    ],
    [
      'the same instant twice',
      { publishAt: inMinutes(60), unpublishAt: inMinutes(60) },
      'unpublishAt',
      'The page goes back to draft after it is published: choose a later time',
    ],
    [
      'no time zone',
      { publishAt: '2030-01-01T09:00:00' },
      'publishAt',
      'Must be a date and time with its time zone (2026-12-01T09:30:00+03:30)',
    ],
    [
      'not a date',
      { publishAt: 'tomorrow' },
      'publishAt',
      'Must be a date and time with its time zone (2026-12-01T09:30:00+03:30)',
    ],
    [
      'a number',
      { unpublishAt: 1767225600000 },
      'unpublishAt',
      'Must be a date and time with its time zone (2026-12-01T09:30:00+03:30)',
    ],
    [
      'more than a year ahead',
      { publishAt: inMinutes(400 * 24 * 60) },
      'publishAt',
      'A publish can be scheduled at most a year ahead',
    ],
  ];
  it.each(cases)('refuses %s (400, the field named) and stores nothing', async (_case, body, field, message) => {
    const { api } = await site();
    expect((await api.put('/api/pages/en/logs/hello', hello)).status).toBe(200);
    const response = await api.put('/api/pages/en/logs/hello/schedule', body);
    expect(response.status).toBe(400);
    expect((await json(response)).data.issues).toEqual([expect.objectContaining({ path: [field], message })]);
    expect(await json(await api.get('/api/pages/en/logs/hello/schedule'))).toMatchObject({ publishAt: null, unpublishAt: null });
  });

  it('says it in Persian too', async () => {
    const { site: made } = await site();
    const fa = client(made, 'editor', 'fa');
    const response = await fa.put('/api/pages/en/about/schedule', { publishAt: inMinutes(60), unpublishAt: inMinutes(1) });
    expect((await json(response)).data.issues[0].message).toBe('صفحه پس از انتشار به پیش‌نویس برمی‌گردد: زمانی دیرتر برگزینید');
  });

  it('refuses an unknown page (404), a bad path (400), a translation that is not there (404), and readers (403)', async () => {
    const { site: made, api } = await site();
    expect((await api.put('/api/pages/en/nowhere/schedule', { publishAt: inMinutes(5) })).status).toBe(404);
    expect((await api.put('/api/pages/en/..%2Fetc/schedule', { publishAt: inMinutes(5) })).status).toBe(400);
    const missing = await api.put('/api/pages/en/about/schedule', { publishAt: inMinutes(5), translation: 'nowhere' });
    expect(missing.status).toBe(404);
    expect(await json(await api.get('/api/pages/en/about/schedule'))).toMatchObject({ publishAt: null });
    const member = client(made, 'member');
    expect((await member.put('/api/pages/en/about/schedule', { publishAt: inMinutes(5) })).status).toBe(403);
    expect((await member.del('/api/pages/en/about/schedule')).status).toBe(403);
    expect((await api.del('/api/pages/en/about/schedule')).status).toBe(404);
  });

  it('is stored, listed for the calendar, replaced by a new PUT and cancelled by DELETE', async () => {
    const { site: made, api } = await site();
    const publishAt = inMinutes(90);
    const unpublishAt = inMinutes(24 * 60);
    const set = await api.put('/api/pages/en/about/schedule', { publishAt, unpublishAt });
    expect(set.status).toBe(200);
    expect(await json(set)).toEqual({ locale: 'en', path: 'about', publishAt, unpublishAt, group: [] });
    const from = inMinutes(-60);
    const to = inMinutes(2 * 24 * 60);
    const listed = await json(await api.get(`/api/schedules?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`));
    expect(listed.items).toEqual([
      { locale: 'en', path: 'about', action: 'publish', at: publishAt, title: expect.any(String) },
      { locale: 'en', path: 'about', action: 'unpublish', at: unpublishAt, title: expect.any(String) },
    ]);
    const wide = await api.get(
      `/api/schedules?from=${encodeURIComponent(from)}&to=${encodeURIComponent(inMinutes(90 * 24 * 60))}`,
    );
    expect(wide.status).toBe(400);
    const backwards = await api.get(`/api/schedules?from=${encodeURIComponent(to)}&to=${encodeURIComponent(from)}`);
    expect(backwards.status).toBe(400);

    const list = await json(await api.get('/api/pages?locale=en'));
    expect(list.items.find((item: { path: string }) => item.path === 'about').schedule).toEqual({
      action: 'publish',
      at: publishAt,
    });
    const moved = await json(await api.put('/api/pages/en/about/schedule', { publishAt: inMinutes(120) }));
    expect(moved).toMatchObject({ unpublishAt: null });
    expect((await api.del('/api/pages/en/about/schedule')).status).toBe(200);
    expect(await json(await api.get('/api/pages/en/about/schedule'))).toMatchObject({ publishAt: null, unpublishAt: null });
    expect(await publishDuePageSchedules(made.deps, new Date(Date.now() + 10 * 24 * 60 * 60_000), quiet)).toBeUndefined();
  });
});

describe('a page schedule: the tick', () => {
  it('publishes only the scheduled page, as its own commit; a later save of another page stays pending', async () => {
    const { site: made, api } = await site();
    expect((await api.put('/api/pages/en/logs/hello', hello)).status).toBe(200);
    const publishAt = inMinutes(30);
    expect((await api.put('/api/pages/en/logs/hello/schedule', { publishAt })).status).toBe(200);
    expect((await api.put('/api/pages/en/logs/other', other)).status).toBe(200);

    expect(await publishDuePageSchedules(made.deps, new Date(), quiet)).toBeUndefined();
    expect((await made.app.request('/en/logs/hello')).status).toBe(404);

    const id = await publishDuePageSchedules(made.deps, pastThe(publishAt), quiet);
    expect(id).toEqual(expect.any(Number));
    expect((await made.app.request('/en/logs/hello')).status).toBe(200);
    expect((await made.app.request('/en/logs/other')).status).toBe(404);

    const history = await json(await api.get('/api/builds'));
    const published = history.items.find((item: { id: number }) => item.id === id);
    expect(published.status).toBe('published');
    expect(published.changes.map((change: { path: string }) => change.path)).toEqual(['content/en/logs/hello.md']);
    const repository = made.deps.contentRepository!;
    const head = (await repository.head())!;
    expect(await repository.readFileAt(head, 'content/en/logs/hello.md')).toContain('Hello from the editor');
    expect(await repository.readFileAt(head, 'content/en/logs/other.md')).toBeUndefined();
    const open = await json(await api.get('/api/builds/open'));
    expect(open.changes.map((change: { path: string }) => change.path)).toEqual(['content/en/logs/other.md']);
    expect(await json(await api.get('/api/pages/en/logs/hello/schedule'))).toMatchObject({ publishAt: null });
  });

  it('a publish of the open build (by hand, or at its own scheduled time) leaves a scheduled page for its time (P1)', async () => {
    const { site: made, api } = await site();
    await api.put('/api/pages/en/logs/hello', hello);
    const publishAt = inMinutes(60);
    await api.put('/api/pages/en/logs/hello/schedule', { publishAt });
    await api.put('/api/pages/en/logs/other', other);
    const published = await api.post('/api/builds/publish', { title: 'By hand' });
    expect(published.status).toBe(200);
    expect((await made.app.request('/en/logs/other')).status).toBe(200);
    expect((await made.app.request('/en/logs/hello')).status).toBe(404);
    const open = await json(await api.get('/api/builds/open'));
    expect(open.changes.map((change: { path: string }) => change.path)).toEqual(['content/en/logs/hello.md']);
    // Nothing but held changes: nothing to publish by hand.
    expect((await api.post('/api/builds/publish')).status).toBe(400);
    expect(await publishDuePageSchedules(made.deps, pastThe(publishAt), quiet)).toEqual(expect.any(Number));
    expect((await made.app.request('/en/logs/hello')).status).toBe(200);
    expect((await json(await api.get('/api/builds'))).items[0]).toMatchObject({ status: 'published' });
  });

  it('runs exactly once when two ticks come at the same moment', async () => {
    const { site: made, api } = await site();
    await api.put('/api/pages/en/logs/hello', hello);
    const publishAt = inMinutes(5);
    await api.put('/api/pages/en/logs/hello/schedule', { publishAt });
    const before = (await json(await api.get('/api/builds'))).items.length;
    const results = await Promise.all([
      publishDuePageSchedules(made.deps, pastThe(publishAt), quiet),
      publishDuePageSchedules(made.deps, pastThe(publishAt), quiet),
    ]);
    expect(results.filter((result) => result !== undefined)).toHaveLength(1);
    const items = (await json(await api.get('/api/builds'))).items;
    const scheduled = items.filter((item: { title: string }) => item.title.startsWith('Scheduled publish'));
    expect(scheduled).toEqual([expect.objectContaining({ status: 'published' })]);
    expect(items.length).toBe(before + 1);
    expect(await publishDuePageSchedules(made.deps, pastThe(publishAt), quiet)).toBeUndefined();
  });

  it("two runners over one database (two processes) publish it once, within seconds; Workers' per-minute cron runs it too", async () => {
    const { site: made, api } = await site();
    await api.put('/api/pages/en/logs/hello', hello);
    await api.put('/api/pages/en/logs/other', other);
    const publishAt = new Date(Date.now() + 1500).toISOString();
    expect((await api.put('/api/pages/en/logs/hello/schedule', { publishAt })).status).toBe(200);
    const list = jobs.filter((job) => job.name === 'page-schedules').map((job) => ({ ...job, everyMs: 200 }));
    const runners = [startJobs(made.deps, { holder: 'one', list }), startJobs(made.deps, { holder: 'two', list })];
    try {
      await expect.poll(async () => (await made.app.request('/en/logs/hello')).status, { timeout: 8000 }).toBe(200);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }
    const items = (await json(await api.get('/api/builds'))).items;
    expect(items.filter((item: { title: string }) => item.title.startsWith('Scheduled publish'))).toHaveLength(1);
    expect((await made.app.request('/en/logs/other')).status).toBe(404);

    const unpublishAt = new Date(Date.now() + 1200).toISOString();
    await api.put('/api/pages/en/logs/hello/schedule', { unpublishAt });
    await new Promise((resolve) => setTimeout(resolve, Date.parse(unpublishAt) - Date.now() + 50));
    await runCronJobs(made.deps, 'minute', { budgetMs: 20_000, maxSteps: 8 });
    expect((await made.app.request('/en/logs/hello')).status).toBe(404);
    expect((await made.app.request('/en/logs/other')).status).toBe(404);
  });

  it('publishes a Persian page and its English translation together, in one commit', async () => {
    const { site: made, api } = await site();
    await api.put('/api/pages/fa/logs/salam', {
      frontMatter: { title: 'سلام', date: '2026-05-01', translationKey: 'hi' },
      body: 'متن.\n',
    });
    await api.put('/api/pages/en/logs/hi', {
      frontMatter: { title: 'Hi', date: '2026-05-01', translationKey: 'hi' },
      body: 'Text.\n',
    });
    const publishAt = inMinutes(10);
    const set = await json(await api.put('/api/pages/fa/logs/salam/schedule', { publishAt, translation: 'logs/hi' }));
    expect(set.group).toEqual([{ locale: 'en', path: 'logs/hi' }]);
    expect(await json(await api.get('/api/pages/en/logs/hi/schedule'))).toMatchObject({ publishAt });
    const id = await publishDuePageSchedules(made.deps, pastThe(publishAt), quiet);
    expect(id).toEqual(expect.any(Number));
    expect((await made.app.request('/fa/logs/salam')).status).toBe(200);
    expect((await made.app.request('/en/logs/hi')).status).toBe(200);
    const built = (await json(await api.get('/api/builds'))).items.find((item: { id: number }) => item.id === id);
    expect(built.changes.map((change: { path: string }) => change.path).sort()).toEqual([
      'content/en/logs/hi.md',
      'content/fa/logs/salam.md',
    ]);
    // Cancelling one of a group cancels both.
    await api.put('/api/pages/fa/logs/salam/schedule', { unpublishAt: inMinutes(60), translation: 'logs/hi' });
    expect((await api.del('/api/pages/en/logs/hi/schedule')).status).toBe(200);
    expect(await json(await api.get('/api/pages/fa/logs/salam/schedule'))).toMatchObject({ unpublishAt: null });
  });

  it('a failed scheduled publish (a conflict) gives the change back to the open build and is not retried', async () => {
    const { site: made, api } = await site();
    const about = await json(await api.get('/api/pages/en/about'));
    await api.put('/api/pages/en/about', {
      frontMatter: about.frontMatter,
      body: `${about.body}\nMine.\n`,
      baseSha: about.baseSha,
    });
    const { commitFiles } = await import('../../tests/support/content-repo');
    commitFiles(made.deps.contentRepository!.location, { 'content/en/about.md': `${about.body}\nTheirs.\n` }, 'Edited by hand');
    const publishAt = inMinutes(1);
    await api.put('/api/pages/en/about/schedule', { publishAt });
    expect(await publishDuePageSchedules(made.deps, pastThe(publishAt), quiet)).toBeUndefined();
    const open = await json(await api.get('/api/builds/open'));
    expect(open.status).toBe('open');
    expect(open.changes.map((change: { path: string }) => change.path)).toEqual(['content/en/about.md']);
    expect((await json(await api.get('/api/builds'))).items[0]).toMatchObject({ status: 'failed' });
    expect(await json(await api.get('/api/pages/en/about/schedule'))).toMatchObject({ publishAt: null });
  });
});

describe('a page schedule: unpublishing closes every door', () => {
  it('back to draft at its time: its address, the feed, the sitemap, search and the public API', async () => {
    const { site: made, api } = await site();
    await api.put('/api/pages/en/logs/hello', hello);
    expect((await api.post('/api/builds/publish')).status).toBe(200);
    const doors = async () => ({
      page: (await made.app.request('/en/logs/hello')).status,
      feed: (await (await made.app.request('/en/feed.xml')).text()).includes('/en/logs/hello'),
      sitemap: (await (await made.app.request('/en/sitemap.xml')).text()).includes('/en/logs/hello'),
      search: JSON.stringify(await json(await made.app.request('/api/search?q=editor&locale=en'))).includes('logs/hello'),
      list: JSON.stringify(await json(await made.app.request('/api/public/pages?locale=en'))).includes('logs/hello'),
      item: (await made.app.request('/api/public/pages/en/logs/hello')).status,
    });
    expect(await doors()).toEqual({ page: 200, feed: true, sitemap: true, search: true, list: true, item: 200 });

    const unpublishAt = inMinutes(15);
    expect((await api.put('/api/pages/en/logs/hello/schedule', { unpublishAt })).status).toBe(200);
    // Another page saved meanwhile stays pending.
    await api.put('/api/pages/en/logs/other', other);
    expect(await publishDuePageSchedules(made.deps, new Date(), quiet)).toBeUndefined();
    expect((await doors()).page).toBe(200);

    expect(await publishDuePageSchedules(made.deps, pastThe(unpublishAt), quiet)).toEqual(expect.any(Number));
    expect(await doors()).toEqual({ page: 404, feed: false, sitemap: false, search: false, list: false, item: 404 });
    const page = await json(await api.get('/api/pages/en/logs/hello'));
    expect(page.frontMatter.draft).toBe(true);
    expect(page.body).toBe(hello.body);
    expect((await made.app.request('/en/logs/other')).status).toBe(404);
    expect((await json(await api.get('/api/builds/open'))).changes).toHaveLength(1);
  });

  it('a draft scheduled to publish loses its draft mark at its time', async () => {
    const { site: made, api } = await site();
    await api.put('/api/pages/en/logs/hello', { ...hello, frontMatter: { ...hello.frontMatter, draft: true } });
    expect((await api.post('/api/builds/publish')).status).toBe(200);
    expect((await made.app.request('/en/logs/hello')).status).toBe(404);
    const publishAt = inMinutes(3);
    await api.put('/api/pages/en/logs/hello/schedule', { publishAt });
    expect(await publishDuePageSchedules(made.deps, pastThe(publishAt), quiet)).toEqual(expect.any(Number));
    expect((await made.app.request('/en/logs/hello')).status).toBe(200);
  });
});

import { describe, expect, it, onTestFinished } from 'vitest';
import { client, createAuthoringSite, hello } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { commitFiles, git, writeFiles } from '../../tests/support/content-repo';
import { startGithubStandIn } from '../../tests/support/github-stand-in';
import { imageBytes } from '../../tests/support/images';
import { createMemoryPageCache } from './page-cache';

type Site = Awaited<ReturnType<typeof createAuthoringSite>>;
const latestBuildId = async (site: Site) => (await json(await site.app.request('/builds/latest.json'))).id as string;
const repoDir = (site: Site) => site.deps.contentRepository!.location;
const status = async (site: Site, path: string) => (await site.app.request(path)).status;

describe('builds API: the open build', () => {
  it('lists pending changes with unified diffs against the published files, and discards one', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    expect(await json(await api.get('/api/builds/open'))).toEqual({
      id: null,
      status: null,
      scheduledAt: null,
      scheduledBy: null,
      changes: [],
    });

    await api.put('/api/pages/en/logs/hello', { ...hello, message: 'A first log' });
    const about = await json(await api.get('/api/pages/en/about'));
    await api.put('/api/pages/en/about', { frontMatter: about.frontMatter, body: `${about.body}\nOne more line.\n` });
    await api.del('/api/pages/fa/about');

    const open = await json(await api.get('/api/builds/open'));
    expect(open).toMatchObject({ id: expect.any(Number), status: 'open' });
    expect(open.changes.map((c: { kind: string; path: string }) => [c.kind, c.path])).toEqual([
      ['create', 'content/en/logs/hello.md'],
      ['update', 'content/en/about.md'],
      ['delete', 'content/fa/about.md'],
    ]);
    const [created, updated, deleted] = open.changes;
    expect(created).toMatchObject({
      page: { locale: 'en', path: 'logs/hello' },
      message: 'A first log',
      author: { username: 'editor', displayName: expect.any(String) },
      baseSha: null,
      stale: false,
    });
    expect(created.diff).toContain('--- /dev/null\n+++ b/content/en/logs/hello.md');
    expect(created.diff).toContain('+title: Hello from the editor');
    expect(updated.diff).toContain('--- a/content/en/about.md\n+++ b/content/en/about.md');
    expect(updated.diff).toMatch(/\n\+One more line\.\n/);
    expect(updated.diff.split('\n').filter((line: string) => line.startsWith('-') && !line.startsWith('---'))).toEqual([]);
    expect(deleted.diff).toContain('+++ /dev/null');

    const discarded = await api.del(`/api/builds/open/changes/${updated.id}`);
    expect(discarded.status).toBe(200);
    expect((await json(await api.get('/api/pages/en/about'))).pending).toBeNull();
    expect((await api.del(`/api/builds/open/changes/${updated.id}`)).status).toBe(404);
    expect((await api.del('/api/builds/open/changes/abc')).status).toBe(404);
    expect((await client(site, 'member').del(`/api/builds/open/changes/${created.id}`)).status).toBe(403);
    expect((await client(site, 'member').get('/api/builds/open')).status).toBe(403);
  });
});

describe("builds API: a build of 150 files (over D1's 100 bound parameters)", () => {
  it('lists, publishes and reverts it: the open build, the builds list and the revert all answer', async () => {
    const site = await createAuthoringSite(); // statements held to D1's limits
    const api = client(site);
    const paths = Array.from({ length: 150 }, (_, i) => `logs/bulk-${String(i).padStart(3, '0')}`);
    for (const path of paths)
      expect(
        (await api.put(`/api/pages/en/${path}`, { ...hello, frontMatter: { ...hello.frontMatter, title: path } })).status,
      ).toBe(200);

    const open = await api.get('/api/builds/open');
    expect(open.status).toBe(200);
    const { changes } = await json(open);
    expect(changes).toHaveLength(150);
    expect(changes.every((change: { kind: string; stale: boolean }) => change.kind === 'create' && !change.stale)).toBe(true);

    const published = await api.post('/api/builds/publish', { title: 'A big build' });
    expect(published.status).toBe(200);
    const build = await json(published);
    expect(await status(site, '/en/logs/bulk-000')).toBe(200);
    expect(await status(site, '/en/logs/bulk-149')).toBe(200);
    const listed = await json(await api.get('/api/builds'));
    expect(listed.items[0]).toMatchObject({ id: build.id, status: 'published' });
    expect(listed.items[0].changes).toHaveLength(150);

    const reverted = await api.post(`/api/builds/${build.id}/revert`);
    expect(reverted.status).toBe(200);
    expect(await status(site, '/en/logs/bulk-000')).toBe(404);
    expect(await status(site, '/en/logs/bulk-149')).toBe(404);
  }, 120_000); // 150 saves, a publish and a revert: minutes on a loaded 2-core machine
});

describe('builds API: publishing', () => {
  it('publishes every pending change as one git commit, re-indexes, clears the page cache and bumps the build id', async () => {
    const pageCache = createMemoryPageCache();
    const site = await createAuthoringSite({}, { pageCache });
    const { app } = site;
    const api = client(site);
    const before = await latestBuildId(site);
    const commitsBefore = git(repoDir(site), 'rev-list', '--count', 'HEAD').trim();
    await app.request('/en/about'); // cached now
    expect(pageCache.size).toBeGreaterThan(0);

    await api.put('/api/pages/en/logs/hello', hello);
    await api.put('/api/pages/en/about', { frontMatter: { title: 'About us, revised' }, body: 'New text.' });
    await api.del('/api/pages/en/logs/writing-in-markdown');
    const response = await api.post('/api/builds/publish', { title: 'Spring edits' });
    expect(response.status).toBe(200);
    const result = await json(response);
    expect(result).toEqual({
      id: expect.any(Number),
      commitSha: expect.stringMatching(/^[0-9a-f]{40}$/),
      buildId: expect.any(String),
    });

    // One commit, by the editor, with the title, touching exactly those files; the work tree follows.
    const dir = repoDir(site);
    expect(git(dir, 'rev-list', '--count', 'HEAD').trim()).toBe(String(Number(commitsBefore) + 1));
    expect(git(dir, 'log', '-1', '--format=%H|%an|%s').trim()).toBe(`${result.commitSha}|Test Person|Spring edits`);
    expect(git(dir, 'show', '--no-renames', '--name-status', '--format=', 'HEAD').trim().split('\n').sort()).toEqual([
      'A\tcontent/en/logs/hello.md',
      'D\tcontent/en/logs/writing-in-markdown.md',
      'M\tcontent/en/about.md',
    ]);
    expect(git(dir, 'status', '--porcelain').trim()).toBe('');
    git(dir, 'fsck', '--strict');

    // Public now, with a new build id; the cached pages of the old build are gone.
    expect(pageCache.size).toBe(0);
    expect(result.buildId).not.toBe(before);
    expect(await latestBuildId(site)).toBe(result.buildId);
    const page = await app.request('/en/logs/hello');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Hello from the editor');
    expect(await (await app.request('/en/about')).text()).toContain('About us, revised');
    expect((await app.request('/en/logs/writing-in-markdown')).status).toBe(404);

    // Nothing pending any more; the history shows the build.
    expect(await json(await api.get('/api/builds/open'))).toEqual({
      id: null,
      status: null,
      scheduledAt: null,
      scheduledBy: null,
      changes: [],
    });
    const { items } = await json(await api.get('/api/builds'));
    expect(items[0]).toEqual({
      id: result.id,
      status: 'published',
      title: 'Spring edits',
      commitSha: result.commitSha,
      createdBy: { id: site.ids.editor, username: 'editor', displayName: expect.any(String) },
      createdAt: expect.any(String),
      publishedAt: expect.any(String),
      changes: [
        { id: expect.any(Number), kind: 'create', path: 'content/en/logs/hello.md', from: null },
        { id: expect.any(Number), kind: 'update', path: 'content/en/about.md', from: null },
        { id: expect.any(Number), kind: 'delete', path: 'content/en/logs/writing-in-markdown.md', from: null },
      ],
    });
  });

  it('answers 400 when nothing is pending, and refuses members', async () => {
    const site = await createAuthoringSite();
    const nothing = await client(site).post('/api/builds/publish', {});
    expect(nothing.status).toBe(400);
    expect((await json(nothing)).message).toBe('Nothing to publish: no changes are pending');
    expect((await client(site, 'owner').send('POST', '/api/builds/publish')).status).toBe(400); // no body at all
    expect((await client(site, 'member').post('/api/builds/publish', {})).status).toBe(403);
    expect((await site.app.request('/api/builds', {})).status).toBe(401);
  });

  it('answers 409 with the paths when a file changed in the repository after the edit, and keeps the change pending', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const dir = repoDir(site);
    await api.put('/api/pages/en/about', { frontMatter: { title: 'Mine' }, body: 'Edited in the browser.' });
    await api.put('/api/pages/en/logs/clash', hello);
    commitFiles(dir, {
      'content/en/about.md': '---\ntitle: Theirs\n---\n\nEdited with git.\n',
      'content/en/logs/clash.md': '---\ntitle: Also theirs\n---\n',
    });
    const head = git(dir, 'rev-parse', 'HEAD').trim();

    const refused = await api.post('/api/builds/publish', {});
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual({
      statusCode: 409,
      message: 'These files were changed in the repository after they were edited here; nothing was published',
      data: { conflicts: ['content/en/about.md', 'content/en/logs/clash.md'] },
    });
    expect(git(dir, 'rev-parse', 'HEAD').trim()).toBe(head);
    expect(git(dir, 'show', 'HEAD:content/en/about.md')).toContain('Theirs');
    // The index caught up with the repository, so the open build shows the other version.
    const theirs = (path: string) => git(dir, 'rev-parse', `HEAD:${path}`).trim();
    const open = await json(await api.get('/api/builds/open'));
    expect(open).toMatchObject({
      status: 'open',
      changes: [
        { path: 'content/en/about.md', stale: true, publishedSha: theirs('content/en/about.md') },
        { path: 'content/en/logs/clash.md', stale: true, publishedSha: theirs('content/en/logs/clash.md') },
      ],
    });
    expect(open.changes[0].diff).toContain('-Edited with git.');
    expect(open.changes[0].diff).toContain('+Edited in the browser.');

    // Keep mine for one file (save it on top of theirs), keep theirs for the other (discard).
    const [about, clash] = open.changes;
    await api.put('/api/pages/en/about', {
      frontMatter: { title: 'Mine' },
      body: 'Edited in the browser.',
      baseSha: about.publishedSha,
    });
    await api.del(`/api/builds/open/changes/${clash.id}`);
    expect((await api.post('/api/builds/publish', {})).status).toBe(200);
    expect(git(dir, 'show', 'HEAD:content/en/about.md')).toContain('Edited in the browser.');
    expect(git(dir, 'show', 'HEAD:content/en/logs/clash.md')).toContain('Also theirs');
  });

  it('keeps a creation over a page someone else created meanwhile once saved on top of it', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const dir = repoDir(site);
    await api.put('/api/pages/en/logs/twin', hello, { 'if-none-match': '*' });
    commitFiles(dir, { 'content/en/logs/twin.md': '---\ntitle: Twin from git\n---\n' });
    expect((await api.post('/api/builds/publish', {})).status).toBe(409);
    const [change] = (await json(await api.get('/api/builds/open'))).changes;
    expect(change).toMatchObject({ kind: 'create', stale: true, publishedSha: expect.stringMatching(/^[0-9a-f]{40}$/) });
    await api.put('/api/pages/en/logs/twin', { ...hello, baseSha: change.publishedSha });
    expect((await json(await api.get('/api/builds/open'))).changes[0].kind).toBe('update');
    expect((await api.post('/api/builds/publish', {})).status).toBe(200);
    expect(git(dir, 'show', 'HEAD:content/en/logs/twin.md')).toContain('Hello from the editor');
  });

  it('does not overwrite a file being edited (uncommitted) in the local repository', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    await api.put('/api/pages/en/about', { frontMatter: { title: 'Mine' }, body: 'Edited in the browser.' });
    writeFiles(repoDir(site), { 'content/en/about.md': '---\ntitle: Half-written\n---\n' });
    const refused = await api.post('/api/builds/publish', {});
    expect(refused.status).toBe(409);
    expect((await json(refused)).data.conflicts).toEqual(['content/en/about.md']);
    expect(git(repoDir(site), 'diff', '--name-only').trim()).toBe('content/en/about.md');
    expect((await json(await api.get('/api/builds/open'))).changes).toHaveLength(1);
  });

  it('lets one of two publishes at the same moment win; the other gets 409 and nothing is lost', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    await api.put('/api/pages/en/logs/one', hello);
    await api.put('/api/pages/fa/logs/two', { ...hello, frontMatter: { title: 'دو' } });
    const responses = await Promise.all([
      api.post('/api/builds/publish', { title: 'Tab A' }),
      client(site, 'owner').post('/api/builds/publish', { title: 'Tab B' }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = responses.find((r) => r.status === 409)!;
    expect((await json(loser)).message).toBe('Another build is being published; try again in a moment');
    expect(await status(site, '/en/logs/one')).toBe(200);
    expect(await status(site, `/fa/logs/two`)).toBe(200);
    const published = (await json(await api.get('/api/builds'))).items.filter(
      (b: { status: string }) => b.status === 'published',
    );
    expect(published).toHaveLength(1);
    expect(published[0].changes).toHaveLength(2);
  });
});

describe('builds API: moves', () => {
  it('serves 301 from the old address once a move is published, lists the rule in the build manifest, and undoes it on revert', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    await api.post('/api/pages/en/about/move', { to: 'en/company/about-us' });
    const published = await json(await api.post('/api/builds/publish', {}));
    expect(git(repoDir(site), 'show', '--no-renames', '--name-status', '--format=', 'HEAD').trim().split('\n').sort()).toEqual([
      'A\tcontent/en/company/about-us.md',
      'D\tcontent/en/about.md',
    ]);

    const old = await site.app.request('/en/about?ref=x');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/en/company/about-us?ref=x');
    expect(await status(site, '/en/company/about-us')).toBe(200);
    const manifest = await json(await site.app.request(`/builds/meta/${published.buildId}.json`));
    expect(manifest.matcher.static).toEqual({ '/en/about': { redirect: { to: '/en/company/about-us', statusCode: 301 } } });

    // A second move: the first address goes straight to the newest one.
    await api.post('/api/pages/en/company/about-us/move', { to: 'en/who-we-are' });
    await api.post('/api/builds/publish', {});
    expect((await site.app.request('/en/about')).headers.get('location')).toBe('/en/who-we-are');
    expect((await site.app.request('/en/company/about-us')).headers.get('location')).toBe('/en/who-we-are');

    // Reverting the second move brings the page back to company/about-us, which is no longer redirected.
    const builds = (await json(await api.get('/api/builds'))).items;
    const reverted = await api.post(`/api/builds/${builds[0].id}/revert`);
    expect(reverted.status).toBe(200);
    expect(await status(site, '/en/company/about-us')).toBe(200);
    expect((await site.app.request('/en/who-we-are')).headers.get('location')).toBe('/en/company/about-us');
    expect((await site.app.request('/en/about')).headers.get('location')).toBe('/en/company/about-us');
  });

  it('moves Persian paths and answers with an encoded address', async () => {
    const site = await createAuthoringSite();
    const api = client(site, 'editor', 'fa');
    const oldPath = 'یادداشت‌ها/سلام';
    await api.put(`/api/pages/fa/${encodeURI(oldPath)}`, { frontMatter: { title: 'سلام' }, body: 'متن.' });
    await api.post('/api/builds/publish', {});
    expect(await status(site, `/fa/${encodeURI(oldPath)}`)).toBe(200);
    const moved = await api.post(`/api/pages/fa/${encodeURI(oldPath)}/move`, { to: 'fa/درود' });
    expect(moved.status).toBe(200);
    await api.post('/api/builds/publish', {});
    const old = await site.app.request(`/fa/${encodeURI(oldPath)}`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/fa/${encodeURIComponent('درود')}`);
    expect(await status(site, `/fa/${encodeURIComponent('درود')}`)).toBe(200);
  });

  it('a moved then deleted page: its old addresses answer 404, not a redirect to a 404 (D11); rules by hand stay', async () => {
    const site = await createAuthoringSite();
    const api = client(site, 'editor', 'fa');
    const first = 'logs/سفر-اصفهان';
    await api.put(`/api/pages/fa/${encodeURI(first)}`, { frontMatter: { title: 'سفر' }, body: 'متن.' });
    await api.post('/api/builds/publish', {});
    await api.post(`/api/pages/fa/${encodeURI(first)}/move`, { to: 'fa/logs/سفر-به-اصفهان' });
    await api.post('/api/builds/publish', {});
    await api.post(`/api/pages/fa/${encodeURI('logs/سفر-به-اصفهان')}/move`, { to: 'fa/logs/اصفهان' });
    await api.post('/api/builds/publish', {});
    expect(await status(site, `/fa/${encodeURI(first)}`)).toBe(301);
    expect(await status(site, `/fa/${encodeURI('logs/سفر-به-اصفهان')}`)).toBe(301);
    // The owner points another address at the page by hand.
    const owner = client(site, 'owner');
    expect((await owner.post('/api/redirects', { from: '/fa/old-isfahan', to: '/fa/logs/اصفهان', status: 301 })).status).toBe(
      201,
    );

    expect((await api.del(`/api/pages/fa/${encodeURI('logs/اصفهان')}`)).status).toBe(200);
    await api.post('/api/builds/publish', {});
    for (const address of [first, 'logs/سفر-به-اصفهان', 'logs/اصفهان'])
      expect(await status(site, `/fa/${encodeURI(address)}`)).toBe(404);
    const manifest = await json(await site.app.request(`/builds/meta/${await latestBuildId(site)}.json`));
    expect(manifest.matcher.static).toEqual({ '/fa/old-isfahan': { redirect: { to: '/fa/logs/اصفهان', statusCode: 301 } } });
  });

  it('a page published again at an old address wins over the rule', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    await api.post('/api/pages/en/about/move', { to: 'en/about-us' });
    await api.post('/api/builds/publish', {});
    expect(await status(site, '/en/about')).toBe(301);
    await api.put('/api/pages/en/about', { frontMatter: { title: 'A new about page' }, body: 'Hi.' }, { 'if-none-match': '*' });
    await api.post('/api/builds/publish', {});
    expect(await status(site, '/en/about')).toBe(200);
    const manifest = await json(await site.app.request(`/builds/meta/${await latestBuildId(site)}.json`));
    expect(manifest.matcher.static).toEqual({});
  });
});

describe('builds API: revert', () => {
  it('publishes a new build that restores what the build changed', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const aboutBefore = await json(await api.get('/api/pages/en/about'));
    await api.put('/api/pages/en/logs/hello', hello);
    await api.put('/api/pages/en/about', { frontMatter: { title: 'Changed' }, body: 'Changed.' });
    await api.del('/api/pages/fa/about');
    const first = await json(await api.post('/api/builds/publish', { title: 'To be undone' }));
    expect(await status(site, '/en/logs/hello')).toBe(200);

    const response = await api.post(`/api/builds/${first.id}/revert`);
    expect(response.status).toBe(200);
    const revert = await json(response);
    expect(revert).toEqual({
      id: expect.any(Number),
      commitSha: expect.stringMatching(/^[0-9a-f]{40}$/),
      buildId: expect.any(String),
    });
    expect(await status(site, '/en/logs/hello')).toBe(404);
    expect(await status(site, '/fa/about')).toBe(200);
    expect(await json(await api.get('/api/pages/en/about'))).toMatchObject({
      frontMatter: aboutBefore.frontMatter,
      baseSha: aboutBefore.baseSha,
    });
    expect(git(repoDir(site), 'log', '-1', '--format=%s').trim()).toBe('Revert "To be undone"');

    const { items } = await json(await api.get('/api/builds'));
    expect(items.slice(0, 2).map((b: { id: number; status: string; title: string }) => [b.id, b.status, b.title])).toEqual([
      [revert.id, 'published', 'Revert "To be undone"'],
      [first.id, 'reverted', 'To be undone'],
    ]);
    // A reverted build cannot be reverted again; the revert itself can.
    expect((await api.post(`/api/builds/${first.id}/revert`)).status).toBe(409);
    expect((await api.post(`/api/builds/${revert.id}/revert`)).status).toBe(200);
    expect(await status(site, '/en/logs/hello')).toBe(200);
  });

  it('answers 409 when a later build or a pending change touched the same files; 404 for no such build', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    await api.put('/api/pages/en/about', { frontMatter: { title: 'First' }, body: 'One.' });
    const first = await json(await api.post('/api/builds/publish', {}));
    await api.put('/api/pages/en/about', { frontMatter: { title: 'Second' }, body: 'Two.' });
    await api.put('/api/pages/en/logs/other', hello);
    const second = await json(await api.post('/api/builds/publish', {}));

    const refused = await api.post(`/api/builds/${first.id}/revert`);
    expect(refused.status).toBe(409);
    expect((await json(refused)).data).toEqual({ conflicts: ['content/en/about.md'] });

    await api.put('/api/pages/en/logs/other', { ...hello, body: 'Pending.' });
    expect((await json(await api.post(`/api/builds/${second.id}/revert`))).data).toEqual({
      conflicts: ['content/en/logs/other.md'],
    });
    // Changed with git since: the repository check refuses too.
    const open = await json(await api.get('/api/builds/open'));
    await api.del(`/api/builds/open/changes/${open.changes[0].id}`);
    commitFiles(repoDir(site), { 'content/en/about.md': '---\ntitle: Third, with git\n---\n' });
    expect((await json(await api.post(`/api/builds/${second.id}/revert`))).data).toEqual({ conflicts: ['content/en/about.md'] });

    expect((await api.post('/api/builds/9999/revert')).status).toBe(404);
    expect((await client(site, 'member').post(`/api/builds/${second.id}/revert`)).status).toBe(403);
  });
});

describe('builds API on a GitHub repository (stand-in)', () => {
  it('publishes, refuses a conflicting push, and reverts through the Git Data API', async () => {
    const server = await startGithubStandIn();
    onTestFinished(() => server.close());
    const site = await createAuthoringSite(server.env);
    expect(site.deps.contentRepository?.kind).toBe('github');
    const api = client(site);

    await api.put('/api/pages/en/logs/from-the-browser', hello);
    await api.post('/api/pages/en/about/move', { to: 'en/about-us' });
    const form = new FormData();
    form.set('file', new Blob([imageBytes('png')]), 'photo.png');
    const media = await json(
      await site.app.request('/api/media', { method: 'POST', body: form, headers: { cookie: site.cookies.editor } }),
    );
    const published = await api.post('/api/builds/publish', { title: 'From the browser' });
    expect(published.status).toBe(200);
    const result = await json(published);
    const log = await server.log();
    expect(log[0]).toMatchObject({ oid: result.commitSha, commit: { message: expect.stringMatching(/^From the browser\n/) } });
    const files = await server.files();
    expect(files['content/en/logs/from-the-browser.md']).toContain('title: Hello from the editor');
    expect(files['content/en/about-us.md']).toContain('About Daftar');
    expect(files['content/en/about.md']).toBeUndefined();
    expect(Object.keys(files)).toContain(media.path);
    const served = await site.app.request(media.url);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(imageBytes('png'));
    expect(await status(site, '/en/logs/from-the-browser')).toBe(200);
    expect(await status(site, '/en/about')).toBe(301);

    // Someone pushes to the same file on GitHub: publishing refuses and keeps the change.
    await api.put('/api/pages/en/logs/from-the-browser', { ...hello, body: 'Second version.' });
    await server.push({ 'content/en/logs/from-the-browser.md': '---\ntitle: Pushed\n---\n' });
    const refused = await api.post('/api/builds/publish', {});
    expect(refused.status).toBe(409);
    expect((await json(refused)).data.conflicts).toEqual(['content/en/logs/from-the-browser.md']);
    const open = await json(await api.get('/api/builds/open'));
    expect(open.changes).toHaveLength(1);
    await api.del(`/api/builds/open/changes/${open.changes[0].id}`);

    // That build cannot be reverted now: GitHub has another version of a file it wrote.
    const refusedRevert = await api.post(`/api/builds/${result.id}/revert`);
    expect(refusedRevert.status).toBe(409);
    expect((await json(refusedRevert)).data.conflicts).toEqual(['content/en/logs/from-the-browser.md']);

    // A build nobody touched since reverts through the Git Data API.
    const original = (await server.files())['content/fa/about.md'];
    await client(site, 'editor', 'fa').put('/api/pages/fa/about', { frontMatter: { title: 'تازه' }, body: 'متن تازه.' });
    const second = await json(await api.post('/api/builds/publish', { title: 'Persian about' }));
    expect((await server.files())['content/fa/about.md']).toContain('متن تازه');
    const reverted = await api.post(`/api/builds/${second.id}/revert`);
    expect(reverted.status).toBe(200);
    expect((await server.files())['content/fa/about.md']).toBe(original);
    expect((await server.log())[0]?.commit.message).toMatch(/^Revert "Persian about"\n/);
    expect(await (await site.app.request('/fa/about')).text()).not.toContain('متن تازه');
  });
});

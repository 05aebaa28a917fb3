import { describe, expect, it } from 'vitest';
import { REDIRECT_IMPORT_MAX_ROWS } from '../../common/redirects';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { notFoundHits, pages, redirects } from '../db/schema';
import { createMemoryPageCache } from './page-cache';

type Site = Awaited<ReturnType<typeof createAuthoringSite>>;

const redirectOf = async (site: Site, path: string, headers: Record<string, string> = {}) => {
  const response = await site.app.request(path, { headers });
  return { status: response.status, location: response.headers.get('location') };
};

/** Publishes a page (in the serving index, as a publish leaves it) and gives its address. */
async function publishedAddress(site: Site) {
  await site.deps.db.insert(pages).values({
    locale: 'en',
    slug: 'logs/published',
    sourcePath: 'en/logs/published.md',
    sourceHash: 'h',
    title: 'Here',
    html: '',
  });
  return '/en/logs/published';
}

describe('/api/redirects', () => {
  it('adds, lists, searches, edits and deletes a redirect, which the site answers at once', async () => {
    const site = await createAuthoringSite();
    const owner = client(site, 'owner');
    expect(await redirectOf(site, '/en/old-post')).toEqual({ status: 404, location: null });

    const created = await owner.post('/api/redirects', { from: '/EN/old-post/', to: '/en/new-post', status: 301 });
    expect(created.status).toBe(201);
    const redirect = await json(created);
    // Stored as the server matches requests: the locale in lower case, no trailing slash.
    expect(redirect).toMatchObject({ from: '/en/old-post', to: '/en/new-post', status: 301, origin: 'manual' });
    expect(await redirectOf(site, '/en/old-post?ref=mail')).toEqual({ status: 301, location: '/en/new-post?ref=mail' });

    const list = await json(await owner.get('/api/redirects?query=OLD-po'));
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ id: redirect.id, from: '/en/old-post' });
    expect((await json(await owner.get('/api/redirects?query=nothing-like-it'))).total).toBe(0);

    const edited = await owner.put(`/api/redirects/${redirect.id}`, {
      from: '/en/old-post',
      to: 'https://example.com/x',
      status: 302,
    });
    expect(edited.status).toBe(200);
    const answer = await site.app.request('/en/old-post');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('https://example.com/x');
    expect(answer.headers.get('cache-control')).toBe('no-store');

    expect((await owner.del(`/api/redirects/${redirect.id}`)).status).toBe(200);
    expect(await redirectOf(site, '/en/old-post')).toEqual({ status: 404, location: null });
    expect((await owner.del(`/api/redirects/${redirect.id}`)).status).toBe(404);
    expect((await owner.put(`/api/redirects/${redirect.id}`, { from: '/a', to: '/en/b' })).status).toBe(404);
    expect((await owner.del('/api/redirects/1e3')).status).toBe(404);
  });

  it('lists the redirects of published moves and imports beside those made by hand', async () => {
    const site = await createAuthoringSite();
    await site.deps.db.insert(redirects).values([
      { from: '/2019/01/hello', to: '/en/logs/hello' },
      { from: '/en/before', to: '/en/after', origin: 'move' },
    ]);
    const list = await json(await client(site, 'owner').get('/api/redirects'));
    expect(list.items.map((item: { from: string; origin: string }) => [item.from, item.origin]).sort()).toEqual([
      ['/2019/01/hello', 'import'],
      ['/en/before', 'move'],
    ]);
  });

  it('serves an old address outside the locales, WordPress’s /?p=12, a media file and a full address of this site', async () => {
    const site = await createAuthoringSite({ SITE_URL: 'https://blog.example' });
    const owner = client(site, 'owner');
    for (const [from, to] of [
      ['/2018/10/02/hello-world/', '/fa/logs/سلام'],
      ['/?p=12', '/en/logs/hello'],
      ['/wp-content/uploads/2018/pic.jpg', '/media/pic.jpg'],
      ['/blog/feed', '/en/feed.xml'],
    ])
      expect((await owner.post('/api/redirects', { from, to })).status, from).toBe(201);
    expect(await redirectOf(site, '/2018/10/02/hello-world')).toEqual({
      status: 301,
      location: `/fa/logs/${encodeURIComponent('سلام')}`,
    });
    expect(await redirectOf(site, '/?p=12&utm=x')).toEqual({ status: 301, location: '/en/logs/hello' });
    expect(await redirectOf(site, '/wp-content/uploads/2018/pic.jpg')).toEqual({ status: 301, location: '/media/pic.jpg' });
    expect(await redirectOf(site, '/blog/feed/')).toEqual({ status: 301, location: '/en/feed.xml' });
    // Written in full with the site's own address: kept as a path, under the same rules.
    const own = await json(await owner.post('/api/redirects', { from: '/old-about', to: 'https://blog.example/en/about-us' }));
    expect(own.to).toBe('/en/about-us');
    const login = await owner.post('/api/redirects', { from: '/old-login', to: 'https://blog.example/en/login' });
    expect(login.status).toBe(400);
    expect((await json(login)).data.issues[0]).toMatchObject({ path: ['to'] });
  });

  it.each([
    // Sources on the site's own routes (security F-43), in any spelling.
    ['/en/login', '/en/x', 'from', 'one of the site’s own addresses'],
    ['/EN/Login/', '/en/x', 'from', 'one of the site’s own addresses'],
    ['/en/%6Cogin', '/en/x', 'from', 'one of the site’s own addresses'],
    ['/fa/manage/settings', '/en/x', 'from', 'one of the site’s own addresses'],
    ['/api/pages', '/en/x', 'from', 'one of the site’s own addresses'],
    ['/robots.txt', '/en/x', 'from', 'one of the site’s own addresses'],
    ['/en', '/en/x', 'from', 'one of the site’s own addresses'],
    ['/', '/en/x', 'from', 'one of the site’s own addresses'],
    ['/media/a.jpg', '/en/x', 'from', 'one of the site’s own addresses'],
    // Not a path of this site.
    ['https://evil.example/x', '/en/x', 'from', 'a path on this site'],
    ['//evil.example/x', '/en/x', 'from', 'a path on this site'],
    ['/\\evil.example', '/en/x', 'from', 'a path on this site'],
    ['old-page', '/en/x', 'from', 'a path on this site'],
    ['/old\tpage', '/en/x', 'from', 'a path on this site'],
    ['/old#part', '/en/x', 'from', 'never send it'],
    ['/old?x=1', '/en/x', 'from', 'leave out the ?'],
    ['/%E0%A4%A', '/en/x', 'from', 'a path on this site'],
    ['', '/en/x', 'from', 'Required'],
    [`/${'a'.repeat(1001)}`, '/en/x', 'from', 'at most 1000'],
    // Targets: the private sections, the API, other schemes, a query, itself.
    ['/old', '/en/login', 'to', 'cannot be a target'],
    ['/old', '/fa/manage', 'to', 'cannot be a target'],
    ['/old', '/en/register?x=1', 'to', 'no ?'],
    ['/old', '/api/backup', 'to', 'cannot be a target'],
    ['/old', '/en/sitemap.xml', 'to', 'cannot be a target'],
    ['/old', '/old-elsewhere', 'to', 'cannot be a target'],
    ['/old', 'javascript:alert(1)', 'to', 'full http(s) address'],
    ['/old', 'data:text/html,<script>alert(1)</script>', 'to', 'full http(s) address'],
    ['/old', 'https://user:pass@example.com/', 'to', 'user name and password'],
    ['/old', '/en/about#team', 'to', 'no ?'],
    ['/en/same', '/en/same/', 'to', 'its own source'],
  ])('refuses %s → %s at %s, in both languages, changing nothing', async (from, to, field, words) => {
    const site = await createAuthoringSite();
    const answer = await client(site, 'owner').post('/api/redirects', { from, to });
    expect(answer.status).toBe(400);
    const body = await json(answer);
    const issue = body.data.issues.find((entry: { path: string[] }) => entry.path[0] === field);
    expect(issue?.message).toContain(words);
    const fa = await json(await client(site, 'owner', 'fa').post('/api/redirects', { from, to }));
    expect(fa.data.issues[0].message).toMatch(/[\u0600-\u06FF]/);
    expect(await site.deps.db.select().from(redirects)).toEqual([]);
  });

  it('refuses a status other than 301 or 302', async () => {
    const site = await createAuthoringSite();
    for (const status of [200, 307, '301; drop table', -1, null]) {
      const answer = await client(site, 'owner').post('/api/redirects', { from: '/a', to: '/en/b', status });
      expect(answer.status, String(status)).toBe(400);
    }
    expect((await client(site, 'owner').post('/api/redirects', { from: '/a', to: '/en/b', status: '302' })).status).toBe(201);
  });

  it('refuses chains, loops, a source taken twice and a source where a page is published', async () => {
    const site = await createAuthoringSite();
    const owner = client(site, 'owner');
    const issue = async (body: unknown, method: 'post' | 'put' = 'post', id = 0) => {
      const answer = method === 'post' ? await owner.post('/api/redirects', body) : await owner.put(`/api/redirects/${id}`, body);
      return { status: answer.status, body: await json(answer) };
    };
    const first = (await issue({ from: '/en/a', to: '/en/b' })).body;
    expect(first.id).toBeGreaterThan(0);

    // a → b exists: b → c would send a visitor of a twice; c → a too.
    const onward = await issue({ from: '/en/b', to: '/en/c' });
    expect(onward.status).toBe(400);
    expect(onward.body.data.issues[0]).toMatchObject({ path: ['from'] });
    expect(onward.body.data.issues[0].message).toContain('/en/a redirects to /en/b');
    const into = await issue({ from: '/en/c', to: '/en/a' });
    expect(into.status).toBe(400);
    expect(into.body.data.issues[0].message).toContain('/en/a itself redirects to /en/b');
    // b → a: a loop.
    const loop = await issue({ from: '/en/b', to: '/en/a' });
    expect(loop.body.data.issues[0].message).toContain('loop');
    // The same source again: 409, in both languages.
    const again = await issue({ from: '/en/a/', to: '/en/z' });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already a redirect from /en/a');
    // Editing a rule may not make a chain either, but may keep its own source.
    const second = (await issue({ from: '/en/x', to: '/en/y' })).body;
    expect((await issue({ from: '/en/x', to: '/en/a' }, 'put', second.id)).status).toBe(400);
    expect((await issue({ from: '/en/a', to: '/en/y' }, 'put', second.id)).status).toBe(409);
    expect((await issue({ from: '/en/x', to: '/en/q', status: 302 }, 'put', second.id)).status).toBe(200);
    // A published page answers at its address: no redirect from there.
    const page = await publishedAddress(site);
    const hidden = await issue({ from: page, to: '/en/elsewhere' });
    expect(hidden.status).toBe(400);
    expect(hidden.body.data.issues[0].message).toContain('A page is published at');
    expect((await site.deps.db.select().from(redirects)).map((row) => `${row.from}>${row.to}`).sort()).toEqual([
      '/en/a>/en/b',
      '/en/x>/en/q',
    ]);
  });

  it('is for those who may change the settings: the editor and member are refused, anonymous too', async () => {
    const site = await createAuthoringSite();
    for (const who of ['editor', 'member'] as const) {
      expect((await client(site, who).get('/api/redirects')).status).toBe(403);
      expect((await client(site, who).post('/api/redirects', { from: '/a', to: '/en/b' })).status).toBe(403);
      expect((await client(site, who).get('/api/not-found')).status).toBe(403);
      expect((await client(site, who).get('/api/redirects/export')).status).toBe(403);
    }
    expect((await site.app.request('/api/redirects')).status).toBe(401);
    expect(await site.deps.db.select().from(redirects)).toEqual([]);
  });

  it('makes a cached page follow a new redirect at once, and drops the source from the 404 log', async () => {
    const pageCache = createMemoryPageCache();
    const site = await createAuthoringSite({}, { pageCache });
    const owner = client(site, 'owner');
    const page = await publishedAddress(site);
    // The page is cached; the missing address is logged.
    expect((await site.app.request(page)).status).toBe(200);
    expect((await site.app.request(page)).headers.get('x-cache')).toBe('HIT');
    await site.deps.db.insert(notFoundHits).values({ path: '/en/gone', day: '2026-01-01', people: 3, lastAt: new Date() });
    // A redirect from the missing address to the cached page's: answered at once, the log forgets it.
    expect((await owner.post('/api/redirects', { from: '/en/gone', to: page })).status).toBe(201);
    expect(pageCache.size).toBe(0);
    expect(await redirectOf(site, '/en/gone')).toEqual({ status: 301, location: page });
    expect(await site.deps.db.select().from(notFoundHits)).toEqual([]);
  });

  it('exports CSV and imports it back, all or nothing, every problem by line', async () => {
    const site = await createAuthoringSite();
    const owner = client(site, 'owner');
    await owner.post('/api/redirects', { from: '/a', to: '/en/b' });
    await owner.post('/api/redirects', { from: '/c"d,e', to: 'https://example.com/?q=1', status: 302 });
    const exported = await owner.get('/api/redirects/export');
    expect(exported.headers.get('content-type')).toContain('text/csv');
    const csv = await exported.text();
    expect(csv).toBe('"from","to","status"\r\n"/a","/en/b","301"\r\n"/c""d,e","https://example.com/?q=1","302"\r\n');

    // Back in: nothing changes. With a new line and a changed one: counted.
    expect(await json(await owner.post('/api/redirects/import', { csv }))).toEqual({ added: 0, updated: 0, unchanged: 2 });
    const more = `${csv.replace('"/a","/en/b","301"', '/a,/en/f,302')}/d,/en/e\n`;
    expect(await json(await owner.post('/api/redirects/import', { csv: more }))).toEqual({ added: 1, updated: 1, unchanged: 1 });
    expect(await redirectOf(site, '/a')).toEqual({ status: 302, location: '/en/f' });

    // A file with problems changes nothing and names each line.
    const before = await site.deps.db.select().from(redirects);
    const bad = ['/g,/en/h', '/en/login,/en/x', '/i', '/j,/en/k,999', '/g,/en/other', '/l,/en/m'].join('\n');
    const refused = await owner.post('/api/redirects/import', { csv: bad });
    expect(refused.status).toBe(400);
    const body = await json(refused);
    expect(body.message).toContain('4 problems');
    expect(body.data.issues.map((issue: { path: unknown[] }) => issue.path)).toEqual([
      ['csv', 2, 'from'],
      ['csv', 3],
      ['csv', 4, 'status'],
      ['csv', 5, 'from'],
    ]);
    // Chains through the file's own lines or the redirects there are found too, once each line is valid.
    const chained = await json(await owner.post('/api/redirects/import', { csv: '/p,/en/q\n/en/q,/en/r\n' }));
    expect(chained.data.issues.map((issue: { path: unknown[] }) => issue.path)).toEqual([
      ['csv', 1, 'to'],
      ['csv', 2, 'from'],
    ]);
    expect(await site.deps.db.select().from(redirects)).toEqual(before);

    for (const csvText of ['', '\n\n', 'from,to,status\n'])
      expect((await owner.post('/api/redirects/import', { csv: csvText })).status).toBe(400);
    expect((await json(await owner.post('/api/redirects/import', { csv: '"/a,/en/b\n' }))).data.issues[0].path).toEqual([
      'csv',
      1,
    ]);
    expect((await owner.post('/api/redirects/import', { csv: 12 })).status).toBe(400);
    expect(await site.deps.db.select().from(redirects)).toEqual(before);
  });

  it(`imports ${REDIRECT_IMPORT_MAX_ROWS} lines within D1's limits and refuses one more`, async () => {
    const site = await createAuthoringSite();
    const owner = client(site, 'owner');
    const lines = Array.from({ length: REDIRECT_IMPORT_MAX_ROWS }, (_, i) => `/old/${i},/en/new/${i}`);
    const answer = await owner.post('/api/redirects/import', { csv: lines.join('\n') });
    expect(answer.status).toBe(200);
    expect(await json(answer)).toEqual({ added: REDIRECT_IMPORT_MAX_ROWS, updated: 0, unchanged: 0 });
    expect((await json(await owner.get('/api/redirects'))).total).toBe(REDIRECT_IMPORT_MAX_ROWS);
    expect(await redirectOf(site, '/old/4999')).toEqual({ status: 301, location: '/en/new/4999' });
    const tooMany = await owner.post('/api/redirects/import', { csv: [...lines, '/x,/en/y'].join('\n') });
    expect(tooMany.status).toBe(400);
    expect((await json(tooMany)).message).toContain(String(REDIRECT_IMPORT_MAX_ROWS));
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { client, createAuthoringSite, hello } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { commitFiles } from '../../tests/support/content-repo';
import { expectPrototypeKeysIgnored, expectRefusedQueries, refusedPageQueries } from '../../tests/support/query';
import { parseDocument } from '../content/front-matter';
import { serializePage } from '../content/page-file';
import { syncContent } from '../services/content-sync';

describe('pages API: reading', () => {
  it('lists published pages per locale with their translations, searches and paginates', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const all = await json(await api.get('/api/pages'));
    expect(all.total).toBe(14);
    expect(all.items).toHaveLength(14);
    const en = await json(await api.get('/api/pages?locale=en'));
    expect(en.total).toBe(7);
    const about = en.items.find((item: { path: string }) => item.path === 'about');
    expect(about).toEqual({
      locale: 'en',
      path: 'about',
      title: 'About Daftar',
      cat: null,
      date: null,
      draft: false,
      updatedAt: expect.any(String),
      translation: { locale: 'fa', path: 'about' },
      pending: null,
      outdated: null,
    });
    expect(en.items.map((item: { path: string }) => item.path)).toContain('index');
    const found = await json(await api.get('/api/pages?locale=en&query=LONG%20GUIDE'));
    expect(found.items.map((item: { path: string }) => item.path)).toEqual(['logs/a-long-guide-to-bilingual-publishing']);
    const second = await json(await api.get('/api/pages?page=2'));
    expect(second).toMatchObject({ total: 14, items: [] });
    expect((await api.get('/api/pages?locale=de')).status).toBe(400);
    expect((await api.get('/api/pages?page=0')).status).toBe(400);
  });

  it('refuses a hostile list query with a 400 naming the field (the schema the document shows)', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const ask = (query: string, headers: Record<string, string> = {}) =>
      api.send('GET', `/api/pages?${query}`, undefined, headers);
    await expectRefusedQueries(ask, [
      ...refusedPageQueries(),
      ['locale=de', 'locale'],
      ['locale=EN', 'locale'],
      ['locale=__proto__', 'locale'],
      ['locale=en&locale=fa', 'locale'],
      [`query=${'x'.repeat(201)}`, 'query'],
      ['query=a&query=b', 'query'],
    ]);
    await expectPrototypeKeysIgnored(ask);
    // Valid input answers as before: empty values are absent, a query of 200 characters is searched, the last page is allowed.
    expect((await json(await ask('locale=&page='))).total).toBe(14);
    expect((await json(await ask(`query=${'x'.repeat(200)}`))).total).toBe(0);
    expect((await ask('page=100000')).status).toBe(200);
  });

  it('reads a page as front matter and Markdown, with the blob id it starts from; the home page is "index"', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const page = await json(await api.get('/api/pages/en/about'));
    expect(page).toMatchObject({ locale: 'en', path: 'about', frontMatter: { title: 'About Daftar' }, pending: null });
    expect(page.baseSha).toMatch(/^[0-9a-f]{40}$/);
    expect(page.body).not.toMatch(/^\s/);
    const home = await json(await api.get('/api/pages/fa/index'));
    expect(home.frontMatter.title).toBe('دفتر');
    const missing = await api.get('/api/pages/en/no-such-page');
    expect(missing.status).toBe(404);
    expect((await json(missing)).message).toBe('There is no page at /en/no-such-page');
  });
});

describe('pages API: writing', () => {
  it('creates a page that nothing public shows until it is published, and reads the pending version back', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const saved = await api.put('/api/pages/en/logs/hello', { ...hello, message: 'First draft' }, { 'if-none-match': '*' });
    expect(saved.status).toBe(200);
    const { commit } = await json(saved);
    expect(commit).toEqual({ id: expect.any(Number), buildId: expect.any(Number) });

    const page = await json(await api.get('/api/pages/en/logs/hello'));
    expect(page).toEqual({
      locale: 'en',
      path: 'logs/hello',
      frontMatter: {
        title: 'Hello from the editor',
        description: '',
        date: '2026-05-01',
        cat: 'notes',
        toc: true,
        intro: false,
        comments: false,
        newsletter: false,
        draft: false,
        noindex: false,
        visibility: 'public',
      },
      body: hello.body,
      pending: 'create',
      baseSha: null,
    });
    const listed = await json(await api.get('/api/pages?locale=en&query=hello'));
    expect(listed.items).toEqual([
      expect.objectContaining({ path: 'logs/hello', pending: 'create', cat: 'notes', date: '2026-05-01' }),
    ]);

    // Not public: no page, no list entry, same build id.
    expect((await site.app.request('/en/logs/hello')).status).toBe(404);
    const repo = site.deps.contentRepository!;
    expect(await repo.readFile('content/en/logs/hello.md')).toBeUndefined();

    // Saving again updates the same pending change.
    const again = await json(await api.put('/api/pages/en/logs/hello', { ...hello, body: 'Shorter.' }));
    expect(again.commit).toEqual(commit);
    expect((await json(await api.get('/api/pages/en/logs/hello'))).body).toBe('Shorter.\n');
  });

  it('refuses invalid front matter field by field, in the request language', async () => {
    const site = await createAuthoringSite();
    const bad = {
      frontMatter: { title: '  ', date: 'someday', thumbnail: 'javascript:alert(1)', cat: 'two words', toc: 'yes' },
      body: '',
    };
    const en = await client(site).put('/api/pages/en/bad', bad);
    expect(en.status).toBe(400);
    const body = await json(en);
    expect(body.message).toBe('Please correct the highlighted fields');
    expect(body.data.issues.map((issue: { path: string[]; message: string }) => [issue.path.join('.'), issue.message])).toEqual([
      ['frontMatter.title', 'Required'],
      ['frontMatter.thumbnail', 'Must be a site path (/media/…) or an http(s) address'],
      ['frontMatter.date', 'Must be a date (YYYY-MM-DD)'],
      ['frontMatter.cat', 'Must be one word (letters, digits, - or _)'],
      ['frontMatter.toc', 'Must be true or false'],
    ]);
    const fa = await json(await client(site, 'editor', 'fa').put('/api/pages/en/bad', bad));
    expect(fa.data.issues[0].message).toBe('الزامی است');
    const noBody = await client(site).put('/api/pages/en/bad', { frontMatter: { title: 'x' } });
    expect((await json(noBody)).data.issues).toEqual([expect.objectContaining({ path: ['body'], message: 'Required' })]);
  });

  it('saves the members-only switch as visibility: members, and refuses any other visibility in both languages', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    for (const visibility of ['member', 'Members', 'private', true, 1, ['members'], '']) {
      const refused = await api.put('/api/pages/en/club', { frontMatter: { title: 'Club', visibility }, body: 'x' });
      expect(refused.status, JSON.stringify(visibility)).toBe(400);
      expect((await json(refused)).data.issues).toEqual([
        expect.objectContaining({
          path: ['frontMatter', 'visibility'],
          message:
            'Must be public (everyone reads it all) or members (the rest after the first paragraph only for signed-in readers)',
        }),
      ]);
      const fa = await json(
        await client(site, 'editor', 'fa').put('/api/pages/en/club', { frontMatter: { title: 'Club', visibility }, body: 'x' }),
      );
      expect(fa.data.issues[0].message).toBe(
        'باید public (همه همه‌اش را می‌خوانند) یا members (پس از بند نخست، فقط برای خوانندگانِ واردشده) باشد',
      );
      // Nothing was saved.
      expect((await api.get('/api/pages/en/club')).status).toBe(404);
    }
    expect(
      (await api.put('/api/pages/en/club', { frontMatter: { title: 'Club', visibility: 'members' }, body: 'x' })).status,
    ).toBe(200);
    expect((await json(await api.get('/api/pages/en/club'))).frontMatter.visibility).toBe('members');
    // Public is the default: the file does not spell it; members is written.
    const data = (visibility: 'public' | 'members') => ({ ...parseDocument('---\ntitle: x\n---\n').data, visibility });
    expect(serializePage(data('public'), {}, 'x')).not.toContain('visibility');
    expect(serializePage(data('members'), {}, 'x')).toContain('visibility: members\n');
  });

  it('refuses front matter nested past 32 levels with a 400 naming the path, in both languages (F-22)', async () => {
    const site = await createAuthoringSite();
    // Written by hand: 3 000 levels is deeper than JSON.stringify or the YAML writer recurse.
    const deepMap = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    const send = (who: 'editor', locale: string, extra: string) =>
      site.app.request('/api/pages/en/deep', {
        method: 'PUT',
        headers: { cookie: site.cookies[who], 'x-locale': locale, 'content-type': 'application/json' },
        body: `{"frontMatter":{"title":"Deep","extra":${extra}},"body":"x"}`,
      });
    for (const extra of [deepMap(3_000), `${'['.repeat(100_000)}${']'.repeat(100_000)}`, deepMap(32)]) {
      const en = await send('editor', 'en', extra);
      expect(en.status).toBe(400);
      const [issue, ...more] = (await json(en)).data.issues;
      expect(more).toEqual([]);
      expect(issue.path.slice(0, 3)).toEqual(['frontMatter', 'extra', extra.startsWith('[') ? 0 : 'a']);
      expect(issue.path).toHaveLength(33);
      expect(issue.message).toBe('Nested too deeply: at most 32 levels of lists and mappings');
      const fa = await json(await send('editor', 'fa', extra));
      expect(fa.data.issues[0].message).toBe('بیش از اندازه تودرتو است: حداکثر ۳۲ سطح فهرست و نگاشت');
    }
    // One level less is a page like any other: saved, and read back whole.
    expect((await send('editor', 'en', deepMap(31))).status).toBe(200);
    const saved = await json(await client(site).get('/api/pages/en/deep'));
    expect(JSON.stringify(saved.frontMatter.extra)).toBe(deepMap(31));
  });

  it('refuses reserved and malformed paths', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    for (const path of [
      'manage',
      'login',
      'register',
      'profile',
      'api/x',
      'builds/x',
      'media/x',
      'cats/tuts',
      'logs',
      '403',
      'logs/index',
    ]) {
      const response = await api.put(`/api/pages/en/${path}`, hello);
      expect(response.status, path).toBe(400);
      expect((await json(response)).message, path).toMatch(/^The address \/en\/\S+ belongs to the site itself/);
    }
    for (const path of ['.hidden', '_draft', 'feed.xml', 'a//b', 'with space', 'x'.repeat(201)]) {
      const response = await api.put(`/api/pages/en/${encodeURIComponent(path).replace(/%2F/g, '/')}`, hello);
      expect(response.status, path).toBe(400);
    }
    expect((await api.put('/api/pages/de/about', hello)).status).toBe(404);
    // Persian paths, with the half-space, are fine.
    expect((await api.put(`/api/pages/fa/${encodeURIComponent('نیم‌فاصله')}`, hello)).status).toBe(200);
  });

  it('stores a path typed with Arabic letters in the Persian spelling; a page already there keeps its own (issue 37)', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const at = (path: string) => `/api/pages/fa/${path.split('/').map(encodeURIComponent).join('/')}`;
    // Arabic kaf, yeh, alef maksura and heh doachashmee; a half-space and digits stay as typed.
    expect((await api.put(at('logs/كتاب-عربي'), hello, { 'if-none-match': '*' })).status).toBe(200);
    expect((await api.put(at('موسى-ھادی'), hello)).status).toBe(200);
    expect((await api.put(at(`نیم\u200cفاصله-۱۲`), hello)).status).toBe(200);
    const listed = (await json(await api.get('/api/pages?locale=fa'))).items.map((item: { path: string }) => item.path);
    expect(listed).toEqual(expect.arrayContaining(['logs/کتاب-عربی', 'موسی-هادی', `نیم\u200cفاصله-۱۲`]));
    expect(listed).not.toContain('logs/كتاب-عربي');
    expect((await api.get(at('logs/کتاب-عربی'))).status).toBe(200);
    // Creating it again under the Arabic spelling is creating the same page.
    expect((await api.put(at('logs/كتاب-عربي'), hello, { 'if-none-match': '*' })).status).toBe(409);
    // A move's new address too.
    expect((await api.post(at('موسی-هادی/move'), { to: 'fa/كاري' })).status).toBe(200);
    const after = (await json(await api.get('/api/pages?locale=fa'))).items.map((item: { path: string }) => item.path);
    expect(after).toContain('کاری');
    expect(after).not.toContain('كاري');
    // A page published under an Arabic spelling before keeps it: edited where it is.
    commitFiles(site.deps.contentRepository!.location, { 'content/fa/علي.md': '---\ntitle: علي\n---\n\nمتن.\n' }, 'Old page');
    await syncContent(site.deps.db, site.deps.contentRepository!);
    expect((await api.put(at('علي'), hello)).status).toBe(200);
    expect((await json(await api.get(at('علي')))).pending).toBe('update');
    expect((await api.get(at('علی'))).status).toBe(404);
  });

  it('answers 409 "A page already exists" to a create over a published or pending page', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const published = await api.put('/api/pages/en/about', hello, { 'if-none-match': '*' });
    expect(published.status).toBe(409);
    expect((await json(published)).message).toBe('A page already exists at /en/about');
    await api.put('/api/pages/en/fresh', hello, { 'if-none-match': '*' });
    const pending = await api.put('/api/pages/en/fresh', hello, { 'if-none-match': '*' });
    expect(pending.status).toBe(409);
    // Another file with the same address (`guides/index` and `guides` are both /en/guides).
    await api.put('/api/pages/en/guides/index', hello);
    const sameAddress = await api.put('/api/pages/en/guides', hello);
    expect(sameAddress.status).toBe(409);
    expect((await json(sameAddress)).message).toBe('A page already exists at /en/guides');
    // Without If-None-Match a PUT updates.
    expect((await api.put('/api/pages/en/about', hello)).status).toBe(200);
    expect((await json(await api.get('/api/pages/en/about'))).pending).toBe('update');
  });

  it('deletes: a pending deletion of a published page, and a pending creation simply goes', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const deleted = await json(await api.del('/api/pages/en/about'));
    expect(deleted.commit).toEqual({ id: expect.any(Number), buildId: expect.any(Number) });
    expect(await json(await api.get('/api/pages/en/about'))).toMatchObject({
      pending: 'delete',
      frontMatter: { title: 'About Daftar' },
    });
    const list = await json(await api.get('/api/pages?locale=en&query=about'));
    expect(list.items[0]).toMatchObject({ path: 'about', pending: 'delete' });
    // The Persian page no longer counts as translated once its English side is going.
    expect((await json(await api.get('/api/pages?locale=fa&query=about'))).items[0].translation).toBeNull();
    // Saving it again brings it back as an update.
    await api.put('/api/pages/en/about', hello);
    expect((await json(await api.get('/api/pages/en/about'))).pending).toBe('update');

    await api.put('/api/pages/en/brand-new', hello);
    expect(await json(await api.del('/api/pages/en/brand-new'))).toEqual({ commit: null });
    expect((await api.get('/api/pages/en/brand-new')).status).toBe(404);
    expect((await api.del('/api/pages/en/never-was')).status).toBe(404);
    const open = await json(await api.get('/api/builds/open'));
    expect(open.changes.map((change: { path: string; kind: string }) => [change.kind, change.path])).toEqual([
      ['update', 'content/en/about.md'],
    ]);
  });

  it('moves a page: seen at its new path only, 409 onto an existing page, and back again', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const moved = await api.post('/api/pages/en/about/move', { to: 'en/about-us' });
    expect(moved.status).toBe(200);
    expect((await api.get('/api/pages/en/about')).status).toBe(404);
    expect(await json(await api.get('/api/pages/en/about-us'))).toMatchObject({
      pending: 'move',
      frontMatter: { title: 'About Daftar' },
    });
    const list = await json(await api.get('/api/pages?locale=en'));
    const paths = list.items.map((item: { path: string; pending: string }) => [item.path, item.pending]);
    expect(paths).toContainEqual(['about-us', 'move']);
    expect(paths.map(([path]: string[]) => path)).not.toContain('about');

    const onto = await api.post('/api/pages/en/about-us/move', { to: 'en/logs/welcome-to-daftar' });
    expect(onto.status).toBe(409);
    expect((await json(onto)).message).toBe('A page already exists at /en/logs/welcome-to-daftar');
    expect((await api.post('/api/pages/en/about-us/move', { to: 'en/manage' })).status).toBe(400);
    expect((await api.post('/api/pages/en/about-us/move', { to: 'nowhere' })).status).toBe(400);
    expect((await api.post('/api/pages/en/about-us/move', { to: 'en/about-us' })).status).toBe(400);
    // Editing the old place while the move is pending is refused.
    expect((await api.put('/api/pages/en/about', hello)).status).toBe(409);

    // Moving back to where it is published leaves no move.
    await api.post('/api/pages/en/about-us/move', { to: 'en/about' });
    expect((await json(await api.get('/api/pages/en/about'))).pending).toBe('update');
    expect((await api.get('/api/pages/en/about-us')).status).toBe(404);
  });

  it('records baseSha as the published version the edit started from', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const { baseSha } = await json(await api.get('/api/pages/en/about'));
    commitFiles(site.deps.contentRepository!.location, { 'content/en/unrelated.md': '---\ntitle: x\n---\n' });
    await api.put('/api/pages/en/about', { ...hello, baseSha });
    expect((await json(await api.get('/api/pages/en/about'))).baseSha).toBe(baseSha);
  });

  it('refuses a made-up baseSha with 409, so it cannot hold back every publish (F-48)', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const madeUp = 'f'.repeat(40);
    const refused = await api.put('/api/pages/en/about', { ...hello, baseSha: madeUp });
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toMatch(/not in the repository/);
    // Nothing was saved: the page has no pending change, and another page publishes.
    expect((await json(await api.get('/api/pages/en/about'))).pending).toBeNull();
    expect((await api.put('/api/pages/en/logs/other', hello, { 'if-none-match': '*' })).status).toBe(200);
    expect((await api.post('/api/builds/publish', {})).status).toBe(200);
    // A real version of the file still saves as its base.
    const { baseSha } = await json(await api.get('/api/pages/en/about'));
    expect((await api.put('/api/pages/en/about', { ...hello, baseSha })).status).toBe(200);
  });

  it('lets members neither read nor write pages', async () => {
    const site = await createAuthoringSite();
    expect((await client(site, 'member').get('/api/pages')).status).toBe(403);
    expect((await client(site, 'member').put('/api/pages/en/x', hello)).status).toBe(403);
    expect((await site.app.request('/api/pages/en/about')).status).toBe(401);
  });
});

describe('pages API: pages too large for a D1 row (server/content/page-size.ts)', () => {
  it('refuses over 512 KB of Markdown, or a page that renders over 1.5 MB, with a 413 in both languages; saves a big page under them', async () => {
    const site = await createAuthoringSite();
    const prose = 'Plain words in a long page, nothing but prose here. ';
    const page = (body: string) => ({ frontMatter: { title: 'Big' }, body });

    const huge = page(prose.repeat(Math.ceil((600 * 1024) / prose.length)));
    const refused = await client(site).put('/api/pages/en/logs/huge', huge);
    expect(refused.status).toBe(413);
    expect(await json(refused)).toMatchObject({
      statusCode: 413,
      message:
        'This page is too large to save: 600.1 KB of Markdown, and a page may have at most 512 KB. Split it into several pages',
      data: { limitBytes: 512 * 1024 },
    });
    const inPersian = await json(await client(site, 'editor', 'fa').put('/api/pages/en/logs/huge', huge));
    expect(inPersian.message).toBe(
      'این صفحه برای ذخیره بیش از اندازه بزرگ است: 600.1 KB مارک‌داون دارد و هر صفحه حداکثر 512 KB می‌تواند داشته باشد. آن را به چند صفحه بخش کنید',
    );

    // About 480 KB of bare links: each becomes an <a> in the body's HTML, about 5 bytes stored per byte typed.
    const links = await client(site).put('/api/pages/en/logs/links', page('https://example.com/a '.repeat(22_000)));
    expect(links.status).toBe(413);
    expect((await json(links)).message).toMatch(
      /^This page is too large to save: it renders to \d\.\d MB, and a page may take at most 1\.5 MB\./,
    );

    expect((await client(site).put('/api/pages/en/logs/big', page(prose.repeat(2000)))).status).toBe(200);
    expect((await json(await client(site).get('/api/builds/open'))).changes).toHaveLength(1);
  });
});

describe('pages API: preview', () => {
  it('renders unsaved Markdown with the real renderer and resolves its widgets, storing nothing', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const markdown = '## Hello\n\n::latest-logs{limit=2}\n\n<script>alert(1)</script>\n\n::intro';
    const response = await api.post('/api/pages/preview', { locale: 'en', body: markdown });
    expect(response.status).toBe(200);
    const { body, widgets } = await json(response);
    expect(body[0].html).toContain('<h2 id="hello">Hello</h2>');
    expect(JSON.stringify(body)).not.toContain('<script');
    expect(widgets[0]).toMatchObject({ kind: 'latest-logs' });
    expect(widgets[0].items).toHaveLength(2);
    expect(widgets[1]).toMatchObject({ kind: 'intro', title: expect.any(String) });
    expect((await json(await api.get('/api/builds/open'))).changes).toEqual([]);
    expect((await api.post('/api/pages/preview', { locale: 'de', body: '' })).status).toBe(400);
  });
});

import type { Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES_PAGE_SIZE, publicPageListSchema, publicPageSchema } from '../../common/public-api';
import { createAuthoringSite } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { commitFiles } from '../../tests/support/content-repo';
import { createApp } from '../app';
import type { Database } from '../db/database';
import * as schema from '../db/schema';
import { syncContent } from '../services/content-sync';
import { routeAccess } from './route-access';

const page = (title: string, front = '', body = 'Text.') => `---\ntitle: "${title}"\n${front}---\n\n${body}\n`;

/** An installed site with the sample content, whose content an author changes with plain git, then syncs. */
async function apiSite() {
  const site = await createAuthoringSite();
  const repoDir = site.deps.contentRepository!.location;
  const commitAndSync = async (files: Record<string, string | null>) => {
    commitFiles(repoDir, files, 'Edit content');
    await syncContent(site.deps.db, site.deps.contentRepository!);
  };
  const get = (path: string, headers: Record<string, string> = {}) => site.app.request(path, { headers });
  return { ...site, commitAndSync, get };
}

describe('public content API: list', () => {
  it('lists published pages of a locale with the documented shape, dated first and newest first', async () => {
    const site = await apiSite();
    const response = await site.get('/api/public/pages?locale=en');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = publicPageListSchema.parse(await json(response));
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(PUBLIC_PAGES_PAGE_SIZE);
    expect(body.total).toBe(body.items.length);
    expect(body.items.every((item) => item.locale === 'en' && item.path.startsWith('/en'))).toBe(true);
    const welcome = body.items.find((item) => item.slug === 'logs/welcome-to-daftar');
    expect(welcome).toMatchObject({
      path: '/en/logs/welcome-to-daftar',
      href: '/api/public/pages/en/logs/welcome-to-daftar',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      translation: {
        locale: 'fa',
        slug: 'logs/welcome-to-daftar',
        path: '/fa/logs/welcome-to-daftar',
        href: '/api/public/pages/fa/logs/welcome-to-daftar',
      },
    });
    // The home page is listed, named `index` in the API.
    expect(body.items.find((item) => item.slug === '')).toMatchObject({ path: '/en', href: '/api/public/pages/en/index' });
    const dates = body.items.map((item) => item.date);
    const firstUndated = dates.indexOf(null);
    expect(dates.slice(firstUndated).every((date) => date === null)).toBe(true);
    const dated = dates.slice(0, firstUndated) as string[];
    expect(dated).toEqual([...dated].sort().reverse());
  });

  it('filters by category, pages through many pages and leaves out drafts', async () => {
    const site = await apiSite();
    const files: Record<string, string> = {};
    for (let i = 1; i <= 25; i++)
      files[`content/en/logs/batch-${String(i).padStart(2, '0')}.md`] = page(
        `Batch ${i}`,
        `date: 2020-01-${String(i).padStart(2, '0')}\ncat: batch\n`,
      );
    files['content/en/logs/secret-draft.md'] = page('Secret draft', 'date: 2020-02-01\ncat: batch\ndraft: true\n');
    await site.commitAndSync(files);

    const first = await json(await site.get('/api/public/pages?locale=en&cat=batch'));
    expect(first).toMatchObject({ total: 25, page: 1, pageCount: 2, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ slug: 'logs/batch-25', category: 'batch', translation: null });
    const second = await json(await site.get('/api/public/pages?locale=en&cat=batch&page=2'));
    expect(second.items.map((item: { title: string }) => item.title)).toEqual([
      'Batch 5',
      'Batch 4',
      'Batch 3',
      'Batch 2',
      'Batch 1',
    ]);
    // Past the end: an empty page, not an error.
    expect(await json(await site.get('/api/public/pages?locale=en&cat=batch&page=3'))).toMatchObject({ items: [], total: 25 });
    const all = await json(await site.get('/api/public/pages?locale=en&cat=batch&page=1'));
    expect(JSON.stringify(all)).not.toContain('Secret draft');
    expect(JSON.stringify(await json(await site.get('/api/public/pages?locale=en&page=2')))).not.toContain('secret-draft');
    // An empty filter means none; the other locale has none of these pages.
    expect((await json(await site.get('/api/public/pages?locale=en&cat='))).total).toBe(first.total + 7);
    expect((await json(await site.get('/api/public/pages?locale=fa&cat=batch'))).total).toBe(0);
  });

  it.each([
    ['', ['locale']],
    ['locale=de', ['locale']],
    ['locale=EN', ['locale']],
    ['locale=en&page=0', ['page']],
    ['locale=en&page=-1', ['page']],
    ['locale=en&page=1.5', ['page']],
    ['locale=en&page=abc', ['page']],
    ['locale=en&page=1e9', ['page']],
    ['locale=en&cat=%3Cscript%3E', ['cat']],
    ['locale=en&cat=a%00b', ['cat']],
    ['locale=en&cat=../etc', ['cat']],
    [`locale=en&cat=${'a'.repeat(500)}`, ['cat']],
    ['locale=xx&page=0', ['locale', 'page']],
    // A parameter given twice is refused, not decided by which copy comes first.
    ['locale=en&locale=fa', ['locale']],
    ['locale=en&page=1&page=2', ['page']],
    ['locale=en&cat=a&cat=b', ['cat']],
    ['__proto__=x&locale=__proto__', ['locale']],
    ['locale=en&__proto__[page]=1&page=-1', ['page']],
  ])('refuses the query %s with 400 and the field paths', async (query, fields) => {
    const site = await apiSite();
    const response = await site.get(`/api/public/pages?${query}`);
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body).toMatchObject({ statusCode: 400, message: 'Please correct the highlighted fields' });
    expect(body.data.issues.map((issue: { path: string[] }) => issue.path[0]).sort()).toEqual(fields);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('public content API: one page', () => {
  it('answers a published page with its sanitised HTML, table of contents and translation', async () => {
    const site = await apiSite();
    await site.commitAndSync({
      'content/en/guides/safety.md': page(
        'Safety',
        'date: 2026-03-04\ncat: guides\ndescription: "How we stay safe"\ntoc: true\n',
        '## First part\n\nHello <script>alert(1)</script> <img src="x" onerror="alert(2)"> [link](javascript:alert(3))\n\n## Second part\n\nMore.',
      ),
      'content/fa/guides/safety.md': page('ایمنی'),
    });
    const response = await site.get('/api/public/pages/en/guides/safety');
    expect(response.status).toBe(200);
    const body = publicPageSchema.parse(await json(response));
    expect(body).toMatchObject({
      locale: 'en',
      slug: 'guides/safety',
      path: '/en/guides/safety',
      title: 'Safety',
      description: 'How we stay safe',
      date: '2026-03-04',
      category: 'guides',
      translation: { locale: 'fa', path: '/fa/guides/safety', href: '/api/public/pages/fa/guides/safety' },
    });
    expect(body.toc.map((entry) => entry.text)).toEqual(['First part', 'Second part']);
    expect(body.html).toContain('First part');
    expect(body.html).not.toMatch(/<script|onerror|javascript:/i);
    // Persian addresses and the home page.
    expect((await json(await site.get('/api/public/pages/fa/guides/safety'))).title).toBe('ایمنی');
    const home = await site.get('/api/public/pages/en/index');
    expect(home.status).toBe(200);
    expect(await json(home)).toMatchObject({
      slug: '',
      path: '/en',
      translation: { locale: 'fa', href: '/api/public/pages/fa/index' },
    });
  });

  it('answers 404 in the error shape for unknown, draft and removed pages', async () => {
    const site = await apiSite();
    await site.commitAndSync({
      'content/en/logs/hidden.md': page('Hidden', 'draft: true\n'),
      'content/en/logs/gone.md': page('Gone'),
    });
    expect((await site.get('/api/public/pages/en/logs/gone')).status).toBe(200);
    await site.commitAndSync({ 'content/en/logs/gone.md': null });
    for (const path of [
      '/api/public/pages/en/logs/hidden',
      '/api/public/pages/en/logs/gone',
      '/api/public/pages/en/no/such/page',
    ]) {
      const response = await site.get(path);
      expect(response.status, path).toBe(404);
      expect(await json(response)).toEqual({ statusCode: 404, message: `Page not found: ${path}` });
      expect(response.headers.get('etag')).toBeNull();
    }
    const fa = await site.get('/api/public/pages/en/nothing', { 'x-locale': 'fa' });
    expect((await json(fa)).message).toBe('صفحه پیدا نشد: /api/public/pages/en/nothing');
  });

  it.each([
    '/api/public/pages/de/about',
    '/api/public/pages/en/%2e%2e/%2e%2e/package.json',
    '/api/public/pages/en/..%2f..%2fpackage.json',
    '/api/public/pages/en/..%2F..%2F.env',
    '/api/public/pages/en/%252e%252e%252fetc',
    '/api/public/pages/en/logs//welcome-to-daftar',
    '/api/public/pages/en//logs/welcome-to-daftar',
    '/api/public/pages/en/logs/welcome-to-daftar/',
    '/api/public/pages/en/about%00',
    '/api/public/pages/en/about%00.md',
    '/api/public/pages/en/about.md',
    '/api/public/pages/en/.git/config',
    '/api/public/pages/en/manage',
    '/api/public/pages/en/logs',
    '/api/public/pages/en/logs%2Fwelcome-to-daftar%2F..%2F..%2Fabout',
    '/api/public/pages/en/%5C..%5Cabout',
    `/api/public/pages/en/${'a/'.repeat(150)}a`,
  ])('never answers a hostile path with a page or a file: %s', async (path) => {
    const site = await apiSite();
    const response = await site.get(path);
    expect([400, 404]).toContain(response.status);
    const body = await json(response);
    expect(body.statusCode).toBe(response.status);
    expect(Object.keys(body).sort()).toEqual(['message', 'statusCode']);
  });
});

describe('public content API: caching, CORS and sessions', () => {
  it('sends a strong ETag tied to the content version and answers If-None-Match with 304', async () => {
    const site = await apiSite();
    for (const path of ['/api/public/pages?locale=en', '/api/public/pages/en/about']) {
      const first = await site.get(path);
      const etag = first.headers.get('etag')!;
      expect(etag, path).toMatch(/^"api2-[\w.-]+-[0-9a-f]{16}"$/);
      expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
      const again = await site.get(path, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('access-control-allow-origin')).toBe('*');
      expect(await again.text()).toBe('');
      // A gzipped copy's weak tag and a list of tags match too; another tag does not.
      expect((await site.get(path, { 'if-none-match': `W/${etag}` })).status).toBe(304);
      expect((await site.get(path, { 'if-none-match': `"other", ${etag}` })).status).toBe(304);
      expect((await site.get(path, { 'if-none-match': '"other"' })).status).toBe(200);
    }
    // Different resources never share a validator.
    const tags = await Promise.all(
      [
        '/api/public/pages?locale=en',
        '/api/public/pages?locale=fa',
        '/api/public/pages?locale=en&page=2',
        '/api/public/pages/en/about',
      ].map(async (path) => (await site.get(path)).headers.get('etag')),
    );
    expect(new Set(tags).size).toBe(4);
  });

  it('gives a new ETag after a publish (a new content build) and after a settings change', async () => {
    const site = await apiSite();
    const path = '/api/public/pages/en/about';
    const before = (await site.get(path)).headers.get('etag')!;
    await site.commitAndSync({ 'content/en/about.md': page('About, revised') });
    const afterSync = await site.get(path, { 'if-none-match': before });
    expect(afterSync.status).toBe(200);
    expect((await json(afterSync)).title).toBe('About, revised');
    const synced = afterSync.headers.get('etag')!;
    expect(synced).not.toBe(before);
    const owner = { cookie: site.cookies.owner, 'content-type': 'application/json' };
    const current = await site.app.request('/api/settings', { headers: owner });
    const settings = await json(current);
    const saved = await site.app.request('/api/settings', {
      method: 'PUT',
      headers: owner,
      body: JSON.stringify({ ...settings, siteName: { ...settings.siteName, en: 'Renamed' } }),
    });
    expect(saved.status).toBe(200);
    // The version is remembered for a second (as the page cache's is) unless a store is cleared.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await site.get(path, { 'if-none-match': synced })).status).toBe(200);
  });

  it('is open to every origin for GET, HEAD and OPTIONS, without credentials', async () => {
    const site = await apiSite();
    const response = await site.get('/api/public/pages?locale=en', { origin: 'https://elsewhere.example' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('access-control-expose-headers')).toMatch(/etag/i);
    const head = await site.app.request('/api/public/pages/en/about', {
      method: 'HEAD',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toMatch(/^"api2-/);
    expect(await head.text()).toBe('');
    const preflight = await site.app.request('/api/public/pages/en/about', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET,HEAD,OPTIONS');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('if-none-match');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    // Nothing writes here: other methods are unknown routes, from any origin.
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const write = await site.app.request('/api/public/pages/en/about', {
        method,
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(write.status, method).toBe(404);
    }
  });

  it('answers everyone alike: session cookies are neither read nor refreshed', async () => {
    const site = await apiSite();
    for (const path of ['/api/public/pages?locale=en', '/api/public/pages/en/about']) {
      const anonymous = await site.get(path);
      const body = await anonymous.text();
      for (const cookie of [site.cookies.owner, site.cookies.editor, 'daftar_session=forged; other=1', 'daftar_session=']) {
        const signedIn = await site.get(path, { cookie });
        expect(signedIn.status, cookie).toBe(200);
        expect(await signedIn.text()).toBe(body);
        expect(signedIn.headers.get('etag')).toBe(anonymous.headers.get('etag'));
        expect(signedIn.headers.get('set-cookie')).toBeNull();
        expect(signedIn.headers.get('vary') ?? '').not.toMatch(/cookie/i);
      }
    }
    // Every route of the headless API is public (the guard skips the session for the prefix).
    const publicRoutes = Object.entries(routeAccess).filter(([key]) => key.split(' ')[1]!.startsWith('/api/public/'));
    expect(publicRoutes.length).toBeGreaterThanOrEqual(2);
    for (const [key, access] of publicRoutes) expect(access, key).toBe('public');
  });
});

describe('public content API: cost', () => {
  it('runs at most three statements for a list, two for a page (three the first time: the site’s address) and one for a 304 (each a D1 round trip on Workers)', async () => {
    const site = await apiSite();
    const statements: string[] = [];
    const client = (site.deps.db as unknown as { $client: Client }).$client;
    const db = drizzle(client, { schema, logger: { logQuery: (query) => statements.push(query) } }) as unknown as Database;
    const app = createApp({ ...site.deps, db, pageCache: undefined });
    const cost = async (path: string, headers: Record<string, string> = {}) => {
      statements.length = 0;
      const response = await app.request(path, { headers });
      return { status: response.status, etag: response.headers.get('etag') ?? '', statements: statements.length };
    };
    const list = await cost('/api/public/pages?locale=en&cat=notes');
    expect(list).toMatchObject({ status: 200, statements: 3 });
    // The site's address (for the HTML's absolute addresses) is read once per process, then remembered.
    expect(await cost('/api/public/pages/en/about')).toMatchObject({ status: 200, statements: 3 });
    const page = await cost('/api/public/pages/en/about');
    expect(page).toMatchObject({ status: 200, statements: 2 });
    expect(await cost('/api/public/pages/en/about', { 'if-none-match': page.etag })).toMatchObject({
      status: 304,
      statements: 1,
    });
    // A path that cannot name a page is refused before any query.
    expect(await cost('/api/public/pages/en/..%2f..%2fetc')).toMatchObject({ status: 404, statements: 0 });
  });
});

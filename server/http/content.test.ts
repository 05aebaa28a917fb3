import { describe, expect, it } from 'vitest';
import { paths } from '../../common/paths';
import { categoryName } from '../../common/site-settings';
import { commitFiles } from '../../tests/support/content-repo';
import { expectPrototypeKeysIgnored, expectRefusedQueries } from '../../tests/support/query';
import { createInstalledSite } from '../../tests/support/site';
import { createApp } from '../app';
import { getSiteSettings } from '../services/site';
import { createMemoryPageCache } from './page-cache';

const SITE = 'https://daftar.example';

async function site() {
  const installed = await createInstalledSite({ SITE_URL: SITE });
  const repoDir = installed.deps.contentRepository!.location;
  const commitFile = (file: string, content: string) => commitFiles(repoDir, { [file]: content }, `Add ${file}`);
  const sync = (cookie?: string) =>
    installed.app.request('/api/content/sync', { method: 'POST', headers: cookie ? { cookie } : {} });
  return { ...installed, commitFile, sync };
}

describe('POST /api/content/sync', () => {
  it('needs a signed-in user with builds.create', async () => {
    const { sync, cookies } = await site();
    expect((await sync()).status).toBe(401);
    expect((await sync(cookies.member)).status).toBe(403);
    expect((await sync(cookies.editor)).status).toBe(200);
  });

  it('refuses a `force` other than 1, or given twice, with a 400 naming it; `__proto__` names nothing', async () => {
    const { app, cookies } = await site();
    const ask = (query: string, headers: Record<string, string> = {}) =>
      app.request(`/api/content/sync?${query}`, { method: 'POST', headers: { cookie: cookies.owner, ...headers } });
    await expectRefusedQueries(ask, [
      ['force=true', 'force'],
      ['force=0', 'force'],
      ['force=yes', 'force'],
      ['force=1&force=1', 'force'],
      ['force=%00', 'force'],
      [`force=${'1'.repeat(1000)}`, 'force'],
      ['__proto__=1&force=2', 'force'],
    ]);
    await expectPrototypeKeysIgnored(ask);
    // Still accepted: `force=1`, and an empty `force` (absent).
    expect(await (await ask('force=1')).json()).toMatchObject({ problems: [] });
    expect((await ask('force=')).status).toBe(200);
  });

  it('publishes a committed page: served data, sitemap, feed and a new build id', async () => {
    const { app, sync, cookies, commitFile } = await site();
    const before = (await (await app.request('/builds/latest.json')).json()) as { id: string; timestamp: number };
    expect(before).toEqual({ id: expect.stringMatching(/^[0-9a-f]{16}$/), timestamp: expect.any(Number) });

    commitFile(
      'content/en/logs/new-page.md',
      '---\ntitle: "New <script>alert(1)</script> & more"\ndescription: "Fresh"\ndate: 2026-07-01\ncat: notes\n---\n\nHello **world**.\n',
    );
    const response = await sync(cookies.owner);
    const result = (await response.json()) as { buildId: string };
    expect(result).toMatchObject({ changed: true, added: ['en/logs/new-page'], problems: [] });

    const latest = (await (await app.request('/builds/latest.json')).json()) as { id: string; timestamp: number };
    expect(latest.id).toBe(result.buildId);
    expect(latest.id).not.toBe(before.id);
    const manifest = await app.request(`/builds/meta/${latest.id}.json`);
    expect(manifest.status).toBe(200);
    expect(await manifest.json()).toMatchObject({ id: latest.id, timestamp: latest.timestamp, pages: 15 });
    expect((await app.request('/builds/meta/nope.json')).status).toBe(404);

    const sitemap = await (await app.request('/en/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${SITE}/en/logs/new-page</loc>`);
    expect(sitemap).toContain(`<loc>${SITE}/en</loc>`);
    expect(sitemap).toContain(`<loc>${SITE}/en/cats/tuts</loc>`);
    expect(sitemap).toContain(`hreflang="fa" href="${SITE}/fa/about"`);
    expect(sitemap).toContain(`<loc>${SITE}/en/tags/markdown</loc><lastmod>`);
    // 8 pages, the archive, 4 categories and the sample tags Markdown and Writing.
    expect(sitemap.match(/<url>/g)).toHaveLength(8 + 1 + 4 + 2);

    const feed = await app.request('/en/feed.xml');
    expect(feed.headers.get('content-type')).toContain('application/atom+xml');
    const atom = await feed.text();
    expect(atom.indexOf('new-page')).toBeLessThan(atom.indexOf('a-long-guide'));
    expect(atom).toContain('<title>New &lt;script&gt;alert(1)&lt;/script&gt; &amp; more</title>');
    expect(atom).not.toContain('<script>');
  });

  it('the Persian feed names categories in Persian, links their pages and lays the content right to left (D12)', async () => {
    const { app, deps } = await site();
    const settings = await getSiteSettings(deps.db);
    const atom = await (await app.request('/fa/feed.xml')).text();
    const categories = [...atom.matchAll(/<category term="([^"]+)" label="([^"]+)" scheme="([^"]+)"\/>/g)];
    expect(categories.length).toBeGreaterThan(0);
    for (const [, term, label, scheme] of categories) {
      expect(label).toBe(categoryName(settings, 'fa', term as string));
      expect(label).toMatch(/[\u0600-\u06ff]/);
      expect(scheme).toBe(`${SITE}${paths.category('fa', term as string)}`);
    }
    const contents = [...atom.matchAll(/<content type="html"[^>]*>([^<]*)<\/content>/g)];
    expect(contents.length).toBeGreaterThan(0);
    for (const [, html] of contents) expect(html).toMatch(/^&lt;div dir=&quot;rtl&quot; lang=&quot;fa&quot;&gt;/);
    const english = await (await app.request('/en/feed.xml')).text();
    expect(english).toContain('&lt;div dir=&quot;ltr&quot; lang=&quot;en&quot;&gt;');
  });

  it('serves robots.txt and the sitemap index with absolute URLs', async () => {
    const { app } = await site();
    const robots = await (await app.request('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(robots).toContain('Disallow: /fa/manage');
    const index = await (await app.request('/sitemap.xml')).text();
    expect(index).toContain(`<loc>${SITE}/fa/sitemap.xml</loc>`);
    expect(index).toContain(`<loc>${SITE}/en/sitemap.xml</loc>`);
  });
});

describe('anonymous page cache', () => {
  it('caches public HTML per build with an ETag, skips signed-in readers, and renews on a new build', async () => {
    const { deps, cookies, commitFile } = await site();
    let renders = 0;
    const app = createApp({
      ...deps,
      pageCache: createMemoryPageCache(),
      pageHandler: async (request) => {
        renders += 1;
        return new Response(`<p>${new URL(request.url).pathname} #${renders}</p>`, { headers: { 'Content-Type': 'text/html' } });
      },
    });
    const first = await app.request('/en/about');
    expect(first.headers.get('x-cache')).toBe('MISS');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const csp = first.headers.get('content-security-policy');
    const second = await app.request('/en/about');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await second.text()).toBe('<p>/en/about #1</p>');
    // The cached page keeps the CSP its HTML was stored with (no nonce: docs/decisions/0006).
    expect(second.headers.get('content-security-policy')).toBe(csp);
    expect((await app.request('/en/about', { headers: { 'If-None-Match': etag } })).status).toBe(304);

    expect(await (await app.request('/en/about', { headers: { cookie: cookies.owner } })).text()).toBe('<p>/en/about #2</p>');
    expect(await (await app.request('/en/manage')).text()).toBe('<p>/en/manage #3</p>');
    expect(await (await app.request('/en/manage')).text()).toBe('<p>/en/manage #4</p>');
    expect(await (await app.request('/en/logs?page=2')).text()).toBe('<p>/en/logs #5</p>');
    expect(await (await app.request('/en/logs?page=2')).text()).toBe('<p>/en/logs #5</p>');
    expect(await (await app.request('/en/logs?utm=x')).text()).toBe('<p>/en/logs #6</p>');

    commitFile('content/en/another.md', '---\ntitle: Another\n---\nText\n');
    // A sync in this process drops the cached pages at once.
    expect((await app.request('/api/content/sync', { method: 'POST', headers: { cookie: cookies.owner } })).status).toBe(200);
    const after = await app.request('/en/about');
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(await after.text()).toBe('<p>/en/about #7</p>');
    expect(after.headers.get('etag')).not.toBe(etag);
    expect((await app.request('/en/about', { headers: { 'If-None-Match': etag } })).status).toBe(200);
  });

  it('caches a locale’s sitemaps and feed like its pages, and renews them on a new build', async () => {
    const { deps, cookies, commitFile } = await site();
    const app = createApp({ ...deps, pageCache: createMemoryPageCache() });
    for (const path of ['/en/sitemap.xml', '/fa/feed.xml']) {
      const first = await app.request(path);
      expect(first.headers.get('x-cache'), path).toBe('MISS');
      const body = await first.text();
      const second = await app.request(path, { headers: { 'Accept-Encoding': 'identity' } });
      expect(second.headers.get('x-cache'), path).toBe('HIT');
      expect(second.headers.get('content-type'), path).toBe(first.headers.get('content-type'));
      expect(await second.text(), path).toBe(body);
      expect((await app.request(path, { headers: { 'If-None-Match': first.headers.get('etag')! } })).status).toBe(304);
    }
    // Files that are not a locale's sitemap or feed, and the sitemap index, are made every time.
    for (const path of ['/sitemap.xml', '/robots.txt', '/en/sitemap-1.xml', '/en/sitemap-0.xml', '/en/logs/feed.xml']) {
      await app.request(path);
      expect((await app.request(path)).headers.get('x-cache'), path).toBeNull();
    }

    commitFile('content/en/logs/fresh.md', '---\ntitle: Fresh\ndate: 2030-01-01\n---\nNew.\n');
    expect((await app.request('/api/content/sync', { method: 'POST', headers: { cookie: cookies.owner } })).status).toBe(200);
    const sitemap = await app.request('/en/sitemap.xml');
    expect(sitemap.headers.get('x-cache')).toBe('MISS');
    expect(await sitemap.text()).toContain(`<loc>${SITE}/en/logs/fresh</loc>`);
    const feed = await app.request('/en/feed.xml');
    expect(await feed.text()).toContain(`${SITE}/en/logs/fresh`);
  });
});

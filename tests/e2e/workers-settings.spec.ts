import { expect, test } from '@playwright/test';
import { useWorkerSite } from './worker-site';

/*
 * Site settings on the Workers target, run for real: workerd with a local D1 database and the
 * sample content in the GitHub stand-in. The owner reads and saves the settings through the API;
 * an anonymous visitor sees the new name on the next page; indexing off reaches robots.txt and
 * the pages' headers; D1 enforces the version check and the category-in-use refusal.
 */
test.describe('site settings on Cloudflare Workers (wrangler dev --local)', () => {
  const site = useWorkerSite('workers-settings-setup-token-0123');

  test('read, save, see at once; If-Match, category in use and indexing on D1', async ({ playwright }) => {
    test.setTimeout(120_000);
    const owner = await playwright.request.newContext({ baseURL: site.url() });
    const visitor = await playwright.request.newContext({ baseURL: site.url() });
    await site.install(owner);

    expect((await visitor.get('/api/settings')).status()).toBe(401);
    // No backup download on Workers (D1 has its own backups): a clear 501, not a broken archive.
    const backup = await owner.get('/api/backup', { headers: { 'accept-language': 'en' } });
    expect(backup.status()).toBe(501);
    expect((await backup.json()).message).toMatch(/cannot be downloaded on this platform/);
    const read = await owner.get('/api/settings');
    expect(read.status(), await read.text()).toBe(200);
    const etag = read.headers().etag!;
    const settings = await read.json();
    expect(settings).toMatchObject({ siteName: { en: 'Daftar' }, indexable: true });

    const renamed = { ...settings, siteName: { fa: 'دفتر ورکرز', en: 'Workers Notebook' } };
    const saved = await owner.put('/api/settings', { data: renamed, headers: { 'if-match': etag } });
    expect(saved.status(), await saved.text()).toBe(200);
    expect(Number(JSON.parse(saved.headers().etag!))).toBeGreaterThan(Number(JSON.parse(etag)));
    expect(await (await visitor.get('/en/about')).text()).toContain('Workers Notebook');

    // The version it started from is gone: refused, nothing written.
    const stale = await owner.put('/api/settings', { data: settings, headers: { 'if-match': etag } });
    expect(stale.status()).toBe(412);

    const invalid = await owner.put('/api/settings', {
      data: { ...renamed, mainMenu: [{ label: { fa: 'x', en: 'x' }, to: 'javascript:alert(1)' }] },
    });
    expect(invalid.status()).toBe(400);
    expect((await invalid.json()).data.issues.map((issue: { path: string[] }) => issue.path.join('.'))).toContain(
      'mainMenu.0.to',
    );

    const { tuts: _, ...labels } = renamed.catLabels;
    const dropTuts = await owner.put('/api/settings', {
      data: { ...renamed, cats: renamed.cats.filter((cat: string) => cat !== 'tuts'), catLabels: labels },
    });
    expect(dropTuts.status()).toBe(409);
    expect((await dropTuts.json()).data.usage).toEqual({ tuts: 4 });

    expect((await owner.put('/api/settings', { data: { ...renamed, indexable: false } })).status()).toBe(200);
    expect(await (await visitor.get('/robots.txt')).text()).toBe('User-agent: *\nDisallow: /\n');
    const page = await visitor.get('/fa/about');
    expect(page.headers()['x-robots-tag']).toBe('noindex');
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('دفتر ورکرز');
    await owner.dispose();
    await visitor.dispose();
  });
});

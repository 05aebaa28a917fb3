import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { type GithubStandIn, startGithubStandIn } from '../support/github-stand-in';
import { startWrangler } from '../support/wrangler';

/*
 * Site settings on the Workers target, run for real: workerd with a local D1 database and the
 * sample content in the GitHub stand-in. The owner reads and saves the settings through the API;
 * an anonymous visitor sees the new name on the next page; indexing off reaches robots.txt and
 * the pages' headers; D1 enforces the version check and the category-in-use refusal.
 */
test.describe('site settings on Cloudflare Workers (wrangler dev --local)', () => {
  test.describe.configure({ mode: 'serial' });
  let github: GithubStandIn;
  let worker: Awaited<ReturnType<typeof startWrangler>>;
  const setupToken = 'workers-settings-setup-token-0123';

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    if (!existsSync('build/server/index.js')) throw new Error('No build: run `npm run build` first.');
    github = await startGithubStandIn();
    worker = await startWrangler({ SETUP_TOKEN: setupToken, ...github.env });
  });

  test.afterAll(async () => {
    await worker?.stop();
    await github?.close();
  });

  // biome-ignore lint/correctness/noEmptyPattern: Playwright's hook signature.
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach('wrangler dev output', { body: worker?.output() ?? '', contentType: 'text/plain' });
  });

  test('read, save, see at once; If-Match, category in use and indexing on D1', async ({ playwright }) => {
    test.setTimeout(120_000);
    const owner = await playwright.request.newContext({ baseURL: worker.url });
    const visitor = await playwright.request.newContext({ baseURL: worker.url });
    const headers = { 'x-setup-token': setupToken };
    for (const step of ['migrations-run', 'database-loading']) {
      const response = await owner.post(`/api/install/${step}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
    }
    const account = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      about: 'Writes',
      userName: 'ada',
      password: 'correct horse battery staple',
    };
    expect((await owner.post('/api/install/admin-loading', { headers, data: account })).status()).toBe(200);
    expect(
      (await owner.post('/api/auth/login', { data: { userName: account.userName, password: account.password } })).status(),
    ).toBe(200);

    expect((await visitor.get('/api/settings')).status()).toBe(401);
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

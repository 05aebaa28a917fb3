import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { type GithubStandIn, startGithubStandIn } from '../support/github-stand-in';
import { startWrangler } from '../support/wrangler';

/*
 * Search on the Workers target: D1's FTS5 index, made by the migration and filled by its triggers
 * when the installer indexes the sample content (in the GitHub stand-in), then kept in step by a publish.
 */
test.describe('search on Cloudflare Workers (wrangler dev --local, D1 FTS5)', () => {
  test.describe.configure({ mode: 'serial' });
  let github: GithubStandIn;
  let worker: Awaited<ReturnType<typeof startWrangler>>;
  const setupToken = 'workers-search-setup-token-012345';

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

  test('finds Persian and English pages through D1, and a published page right after publishing', async ({ playwright }) => {
    test.setTimeout(120_000);
    const editor = await playwright.request.newContext({ baseURL: worker.url });
    const visitor = await playwright.request.newContext({ baseURL: worker.url });
    const headers = { 'x-setup-token': setupToken };
    for (const step of ['migrations-run', 'database-loading']) {
      const response = await editor.post(`/api/install/${step}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
    }
    const owner = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      about: 'Writes',
      userName: 'ada',
      password: 'correct horse battery staple',
    };
    expect((await editor.post('/api/install/admin-loading', { headers, data: owner })).status()).toBe(200);
    expect(
      (await editor.post('/api/auth/login', { data: { userName: owner.userName, password: owner.password } })).status(),
    ).toBe(200);

    const search = async (locale: string, q: string) => {
      const response = await visitor.get(`/api/search?${new URLSearchParams({ locale, q })}`);
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as { items: { path: string; snippet: string }[]; total: number };
    };
    // Arabic kaf and yeh find the Persian reading list; an English prefix finds the Markdown tour.
    const fa = await search('fa', 'كتابي');
    expect(fa.items.map((item) => item.path)).toContain('/fa/logs/reading-list');
    expect(fa.items[0]?.snippet).toMatch(/<mark>کتاب/);
    const en = await search('en', 'markd');
    expect(en.items.map((item) => item.path)).toContain('/en/logs/writing-in-markdown');
    for (const hostile of ['"', 'NEAR(a b)', 'title:x', '-x*', "'); drop table pages; --"]) await search('en', hostile);

    // A publish updates the index in the same D1 transaction as the pages.
    const saved = await editor.put('/api/pages/en/logs/capybara', {
      data: { frontMatter: { title: 'Capybara notes' }, body: 'The capybara is a rodent.' },
      headers: { 'if-none-match': '*' },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    expect((await search('en', 'rodent')).total).toBe(0);
    const published = await editor.post('/api/builds/publish', { data: { title: 'Capybara' } });
    expect(published.status(), await published.text()).toBe(200);
    expect((await search('en', 'rodent')).items.map((item) => item.path)).toEqual(['/en/logs/capybara']);

    // The search page renders the results in workerd.
    const page = await visitor.get('/en/search?q=capyb');
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain('Capybara notes');
    expect(html).toContain('<mark>capybara</mark>');
    await editor.dispose();
    await visitor.dispose();
  });
});

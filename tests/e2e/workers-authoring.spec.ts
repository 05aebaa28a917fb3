import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { type GithubStandIn, startGithubStandIn } from '../support/github-stand-in';
import { imageBytes } from '../support/images';
import { startWrangler } from '../support/wrangler';

/*
 * Authoring on the Workers target, run for real: the worker in workerd with a local D1 database,
 * its content in a GitHub repository (the local stand-in of the Git Data API). An editor creates a
 * page with an image, publishes, an anonymous visitor sees it, and a revert takes it away.
 */
test.describe('authoring on Cloudflare Workers (wrangler dev --local, GitHub stand-in)', () => {
  test.describe.configure({ mode: 'serial' });
  let github: GithubStandIn;
  let worker: Awaited<ReturnType<typeof startWrangler>>;
  const setupToken = 'workers-authoring-setup-token-0123';

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // `npm test` builds first; run alone, a missing build is a failure to read, not a silent skip.
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

  test('create → publish → view → revert, with an uploaded image', async ({ playwright }) => {
    test.setTimeout(120_000);
    const url = worker.url;
    const editor = await playwright.request.newContext({ baseURL: url });
    const visitor = await playwright.request.newContext({ baseURL: url });
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
    const login = await editor.post('/api/auth/login', { data: { userName: owner.userName, password: owner.password } });
    expect(login.status(), await login.text()).toBe(200);
    expect(Object.keys(await github.files())).toContain('content/en/about.md');
    const buildBefore = (await (await visitor.get('/builds/latest.json')).json()).id;

    const upload = await editor.post('/api/media', {
      multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(imageBytes('png')) } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const media = await upload.json();
    expect(media).toMatchObject({ width: 37, height: 21 });
    expect((await editor.get(media.url)).status()).toBe(200);
    expect((await visitor.get(media.url)).status()).toBe(404);

    const saved = await editor.put('/api/pages/en/logs/from-workers', {
      data: {
        frontMatter: { title: 'Written on Workers', date: '2026-06-01' },
        body: `Mixed متن فارسی and English.\n\n![photo](${media.url})`,
      },
      headers: { 'if-none-match': '*' },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    expect((await visitor.get('/en/logs/from-workers')).status()).toBe(404);
    const open = await (await editor.get('/api/builds/open')).json();
    expect(open.changes).toHaveLength(2);

    const published = await editor.post('/api/builds/publish', { data: { title: 'From the Worker' } });
    expect(published.status(), await published.text()).toBe(200);
    const result = await published.json();
    expect(result.buildId).not.toBe(buildBefore);
    expect((await github.log())[0]?.oid).toBe(result.commitSha);
    expect(Object.keys(await github.files())).toEqual(expect.arrayContaining(['content/en/logs/from-workers.md', media.path]));

    const page = await visitor.get('/en/logs/from-workers');
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain('Written on Workers');
    const image = await visitor.get(media.url);
    expect(image.status()).toBe(200);
    expect(image.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await (await visitor.get('/builds/latest.json')).json()).id).toBe(result.buildId);

    const reverted = await editor.post(`/api/builds/${result.id}/revert`);
    expect(reverted.status(), await reverted.text()).toBe(200);
    expect((await visitor.get('/en/logs/from-workers')).status()).toBe(404);
    await editor.dispose();
    await visitor.dispose();
  });
});

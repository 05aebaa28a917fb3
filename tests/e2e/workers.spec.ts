import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startWrangler, wranglerEnv } from '../support/wrangler';

/*
 * The Cloudflare Workers target, run for real: `wrangler dev --local` bundles platforms/workers/worker.ts
 * with the React Router server build into workerd, with a local D1 database and Workers static
 * assets from build/client. It reuses the build that `npm test` (`npm run build`) has just made.
 */

const wranglerBin = path.resolve('node_modules/wrangler/bin/wrangler.js');

test.describe('Cloudflare Workers target (wrangler dev --local)', () => {
  // One workerd for the whole file, in one Playwright worker; tests still run even if one fails.
  test.describe.configure({ mode: 'default' });

  let url = '';
  let tempDir = '';
  let worker: Awaited<ReturnType<typeof startWrangler>> | undefined;
  const output = () => worker?.output() ?? '';
  const setupToken = 'workers-e2e-setup-token-0123456789';

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    tempDir = mkdtempSync(path.join(tmpdir(), 'daftar-workers-'));

    // Reuse the build from `npm run build`; make only the React Router part when it is missing.
    if (!existsSync('build/server/index.js') || !existsSync('build/client/assets')) {
      const built = spawnSync(process.execPath, [path.resolve('node_modules/@react-router/dev/bin.cjs'), 'build'], {
        encoding: 'utf8',
        env: wranglerEnv,
      });
      if (built.status !== 0) throw new Error(`react-router build failed:\n${built.stdout}\n${built.stderr}`);
    }
    // The worker sees wrangler.jsonc's bindings and this secret, nothing of the developer's own.
    worker = await startWrangler({ SETUP_TOKEN: setupToken });
    url = worker.url;
  });

  // What workerd logged (stack traces included) is the first thing to read when a test fails.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's hook signature.
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('wrangler dev output', { body: output(), contentType: 'text/plain' });
    }
  });

  test.afterAll(async () => {
    test.setTimeout(30_000);
    await worker?.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

  test('GET /api/health answers ok through D1', async ({ request }) => {
    const response = await request.get(`${url}/api/health`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  test('/fa is server-rendered right-to-left, /en left-to-right', async ({ request }) => {
    const fa = await request.get(`${url}/fa`);
    expect(fa.status()).toBe(200);
    expect(fa.headers()['content-type']).toContain('text/html');
    expect(fa.headers()['content-security-policy']).toContain("default-src 'self'");
    expect(await fa.text()).toContain('<html lang="fa" dir="rtl"');

    const en = await request.get(`${url}/en`);
    expect(en.status()).toBe(200);
    expect(await en.text()).toContain('<html lang="en" dir="ltr"');
  });

  test('/ redirects by Accept-Language', async ({ playwright }) => {
    const request = await playwright.request.newContext({ extraHTTPHeaders: { 'Accept-Language': 'en' } });
    const response = await request.get(`${url}/`, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/en');
    await request.dispose();
  });

  test('built files come from Workers static assets, hashed ones cached for a year', async ({ request }) => {
    const html = await (await request.get(`${url}/en`)).text();
    const stylesheet = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
    expect(stylesheet, 'the page links its stylesheet').toBeTruthy();
    const css = await request.get(`${url}${stylesheet}`);
    expect(css.status()).toBe(200);
    expect(css.headers()['content-type']).toContain('text/css');
    expect(css.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    const icon = await request.get(`${url}/icon.png`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/png');
    expect((await icon.body()).subarray(1, 4).toString()).toBe('PNG');
  });

  test('the page hydrates in Chromium with no errors', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${url}/fa`);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(`${url}/en`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    expect(errors).toEqual([]);
  });

  test('the installer checks the SETUP_TOKEN secret', async ({ request }) => {
    const status = await request.get(`${url}/api/install/status`);
    expect(status.status()).toBe(200);
    expect(await status.json()).toMatchObject({ installed: false, dbConnected: true, database: { driver: 'Cloudflare D1' } });
    const wrong = await request.post(`${url}/api/install/verify-token`, {
      headers: { 'x-setup-token': 'not-the-token-0123456789' },
    });
    expect(wrong.status()).toBe(401);
    const right = await request.post(`${url}/api/install/verify-token`, { headers: { 'x-setup-token': setupToken } });
    expect(right.status()).toBe(200);
  });

  test('the installer migrates D1, loads defaults and creates the owner', async ({ request }) => {
    const headers = { 'x-setup-token': setupToken };
    const migrated = await request.post(`${url}/api/install/migrations-run`, { headers });
    expect(migrated.status(), await migrated.text()).toBe(200);
    expect((await migrated.json()).applied).toContain('0000_init');
    const loaded = await request.post(`${url}/api/install/database-loading`, { headers });
    expect(loaded.status(), await loaded.text()).toBe(200);
    const owner = await request.post(`${url}/api/install/admin-loading`, {
      headers,
      data: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        about: 'Writes the first programs',
        userName: 'ada',
        password: 'correct horse battery staple',
      },
    });
    expect(owner.status(), await owner.text()).toBe(200);
    // Installed: the installer is closed for good, its status included.
    expect((await request.get(`${url}/api/install/status`)).status()).toBe(403);
    expect((await request.post(`${url}/api/install/verify-token`, { headers })).status()).toBe(403);
  });

  test('an installed site keeps anonymous pages in the Cache API, sent as stored gzip', async ({ request }) => {
    const page = `${url}/en`;
    const first = await request.get(page, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(first.status()).toBe(200);
    const hit = await request.get(page, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(hit.headers()['x-cache']).toBe('HIT');
    expect(hit.headers()['content-encoding']).toBe('gzip');
    expect(await hit.text()).toBe(await first.text());
    // No nonce on a cached page: its inline scripts are allowed by hash (decision 0006).
    expect(hit.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(hit.headers()['content-security-policy']).not.toContain('nonce');
    const etag = hit.headers().etag ?? '';
    expect(etag).toMatch(/^"/);
    expect((await request.get(page, { headers: { 'if-none-match': etag } })).status()).toBe(304);
  });

  test('`wrangler deploy --dry-run` bundles the worker offline', async () => {
    test.setTimeout(120_000);
    const outDir = path.join(tempDir, 'bundle');
    const result = spawnSync(process.execPath, [wranglerBin, 'deploy', '--dry-run', '--outdir', outDir], {
      encoding: 'utf8',
      env: { ...wranglerEnv, WRANGLER_LOG_PATH: path.join(tempDir, 'logs') },
    });
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/env\.DB\s+\(daftar\)\s+D1 Database/);
    expect(statSync(path.join(outDir, 'worker.js')).size).toBeGreaterThan(10_000);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningServer, startServer } from '../support/server';
import { expect, snap, test } from './fixtures';
import { accountFields } from './words';

const words = {
  en: {
    ...accountFields.en,
    start: 'Start Installation',
    finish: 'Finish Installing',
    previous: 'Previous',
    token: 'Setup token',
    schemaDone: 'Database Schema Initialized',
    ready: 'Database Ready',
    open: 'Open the site',
    mismatch: 'Passwords do not match',
    short: 'Must be at least 2 characters',
    tokenWrong: 'The setup token is missing or wrong',
    heading: 'Daftar Database Installation',
    connection: 'SQLite Database Connection',
    admin: 'Admin account setup',
    success: 'User registered successfully',
  },
  fa: {
    ...accountFields.fa,
    start: 'آغاز نصب',
    finish: 'پایان نصب',
    previous: 'قبلی',
    token: 'توکن نصب',
    schemaDone: 'ساختار پایگاه داده راه‌اندازی شد',
    ready: 'پایگاه داده آماده است',
    open: 'رفتن به سایت',
    mismatch: 'گذرواژه‌ها یکسان نیستند',
    short: 'دست‌کم ۲ نویسه لازم است',
    tokenWrong: 'توکن نصب وارد نشده یا نادرست است',
    heading: 'نصب پایگاه دادهٔ دفتر',
    connection: 'اتصال پایگاه دادهٔ SQLite',
    admin: 'ساخت حساب مدیر',
    success: 'کاربر با موفقیت ثبت شد',
  },
} as const;

for (const locale of ['fa', 'en'] as const) {
  const w = words[locale];
  test.describe(`installer in ${locale}`, () => {
    let server: RunningServer;
    test.beforeAll(async () => {
      server = await startServer();
    });
    test.afterAll(async () => {
      await server.stop();
    });

    test('installs a fresh site in three screens, resuming after a reload', async ({ page }) => {
      const token = server.output().match(/\?setup=([\w-]+)/)?.[1];
      expect(token).toBeTruthy();

      // A wrong token is refused on the first step and nothing moves on.
      await page.goto(`${server.url}/${locale}`);
      await expect(page.getByRole('heading', { level: 1, name: w.heading })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'fa' ? 'rtl' : 'ltr');
      // The installer is lazy-loaded: its own switcher being ready means its buttons respond.
      const ready = page.locator('[data-testid="theme-switcher"][data-ready]');
      await expect(ready).toHaveCount(1);
      await expect(page.getByRole('button', { name: w.previous })).toHaveCount(0);
      await page.getByLabel(w.token, { exact: true }).fill('not-the-token');
      await page.getByRole('button', { name: w.start }).click();
      await expect(page.getByText(w.tokenWrong)).toBeVisible();
      await snap(page, `installer-${locale}-1-wrong-token`);

      // The printed link fills the token in and leaves the address bar clean.
      await page.goto(`${server.url}/${locale}?setup=${token}`);
      await expect(ready).toHaveCount(1);
      await expect(page).toHaveURL(`${server.url}/${locale}`);
      await expect(page.getByLabel(w.token, { exact: true })).toHaveValue(token ?? '');
      await snap(page, `installer-${locale}-1-connection`);
      // Optional integrations that are not configured are information, never an error alert.
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: 'GITHUB_TOKEN' })).toBeVisible();
      // The screen names the database this server really has (SQLite here, D1 on Workers).
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(w.connection);
      await expect(page.getByText('D1')).toHaveCount(0);
      // A reload before starting keeps the token for this browser tab.
      await page.reload();
      await expect(ready).toHaveCount(1);
      await expect(page.getByLabel(w.token, { exact: true })).toHaveValue(token ?? '');

      // From here on, the clicks an owner needs to install (issue 30: at most 5).
      let clicks = 0;
      const press = async (name: string) => {
        clicks++;
        await page.getByRole('button', { name, exact: true }).click();
      };
      // One press checks the token, applies the migrations and loads the defaults.
      await press(w.start);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(w.admin);
      await expect(page.getByRole('button', { name: w.previous })).toBeVisible();
      // Going back shows what was done; going on again does not redo it.
      await page.getByRole('button', { name: w.previous }).click();
      await expect(page.getByText(w.schemaDone)).toBeVisible();
      await expect(page.getByText(w.ready)).toBeVisible();
      await snap(page, `installer-${locale}-2-database-ready`);
      await page.getByRole('button', { name: locale === 'fa' ? 'ادامه' : 'Continue' }).click();
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(w.admin);

      // A reload in the middle resumes at the owner's step, the token remembered for the tab.
      await page.reload();
      await expect(ready).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(w.admin);
      await snap(page, `installer-${locale}-3-admin`);

      // The owner's form: validation in the page's language; required fields are marked, About is not.
      await expect(page.getByLabel(w.lastName, { exact: true })).toHaveAttribute('required', '');
      await expect(page.getByLabel(w.about, { exact: true })).not.toHaveAttribute('required', '');
      await page.getByLabel(w.firstName, { exact: true }).fill('S');
      await page.getByLabel(w.lastName, { exact: true }).click();
      await expect(page.getByText(w.short)).toBeVisible();
      await page.getByLabel(w.firstName, { exact: true }).fill(locale === 'fa' ? 'سارا' : 'Sara');
      // A two-letter last name («لو», Li) is a real name; About may stay empty.
      await page.getByLabel(w.lastName, { exact: true }).fill(locale === 'fa' ? 'لو' : 'Li');
      await page.getByLabel(w.userName, { exact: true }).fill(`owner-${locale}`);
      await page.getByLabel(w.password, { exact: true }).fill('s3cret-pass');
      await page.getByLabel(w.confirm, { exact: true }).fill('s3cret-pasS');
      await page.getByRole('button', { name: w.finish }).click();
      await expect(page.getByText(w.mismatch)).toBeVisible();
      await snap(page, `installer-${locale}-4-admin-invalid`);
      // The show/hide toggle reveals the password.
      await page
        .getByRole('button', { name: locale === 'fa' ? 'نمایش گذرواژه' : 'Show password' })
        .first()
        .click();
      await expect(page.getByLabel(w.password, { exact: true })).toHaveAttribute('type', 'text');
      await page.getByLabel(w.confirm, { exact: true }).fill('s3cret-pass');
      await press(w.finish);
      await expect(page.getByText(w.success).first()).toBeVisible();
      await expect(page.getByRole('button', { name: w.previous })).toHaveCount(0);
      // The end says what applies to this server: nothing about a static copy's configuration.
      await expect(page.locator('main')).not.toContainText('installed: true');
      await snap(page, `installer-${locale}-5-complete`);

      // The owner is signed in and the site is there, for good.
      const session = await (await page.request.get(`${server.url}/api/_auth/session`)).json();
      expect(session.user.username).toBe(`owner-${locale}`);
      clicks++;
      await page.getByRole('link', { name: w.open }).click();
      await expect(page).toHaveURL(`${server.url}/${locale}`);
      expect(clicks).toBeLessThanOrEqual(5);
      await expect(page.getByRole('navigation', { name: locale === 'fa' ? 'فهرست اصلی' : 'Main menu' })).toBeVisible();
      await expect(page.getByRole('heading', { name: w.heading })).toHaveCount(0);
      const retry = await page.request.post(`${server.url}/api/install/migrations-run`, {
        headers: { 'x-setup-token': token ?? '' },
      });
      expect(retry.status()).toBe(403);
    });
  });
}

test('the installed site survives a restart and never shows the installer again', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'daftar-restart-'));
  const first = await startServer({ DATA_DIR: dataDir, SETUP_TOKEN: 'restart-test-token-123456' });
  const headers = { 'x-setup-token': 'restart-test-token-123456', 'content-type': 'application/json' };
  for (const step of ['migrations-run', 'database-loading']) {
    expect((await fetch(`${first.url}/api/install/${step}`, { method: 'POST', headers })).status).toBe(200);
  }
  const admin = { firstName: 'Ali', lastName: 'Rezaei', about: 'Owner here', userName: 'ali', password: 'Rezaei-lantern-77' };
  expect(
    (await fetch(`${first.url}/api/install/admin-loading`, { method: 'POST', headers, body: JSON.stringify(admin) })).status,
  ).toBe(200);
  await first.stop();
  const second = await startServer({ DATA_DIR: dataDir, SETUP_TOKEN: 'restart-test-token-123456' });
  try {
    expect(second.output()).not.toContain('?setup=');
    // Installed: even the installer's status answers 403.
    expect((await fetch(`${second.url}/api/install/status`)).status).toBe(403);
    expect((await fetch(`${second.url}/api/install/migrations-run`, { method: 'POST', headers })).status).toBe(403);
    const html = await (await fetch(`${second.url}/en`)).text();
    expect(html).not.toContain('Daftar Database Installation');
  } finally {
    await second.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the server-rendered installer stays on screen while its code loads on a slow connection (phone, fa)', async ({ page }) => {
  const server = await startServer();
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    // The installer's own chunk arrives 2 s late, as on a slow phone connection.
    await page.route('**/assets/installer-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.goto(`${server.url}/fa`, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: words.fa.heading });
    await expect(heading).toBeVisible();
    // Sampled while the chunk is on its way: the step never disappears.
    for (let sample = 0; sample < 8; sample++) {
      expect(await page.evaluate(() => document.body.innerText.trim().length), `sample ${sample}`).toBeGreaterThan(100);
      await page.waitForTimeout(250);
    }
    await expect(page.locator('[data-testid="theme-switcher"][data-ready]')).toHaveCount(1);
    // On a phone the step sits right under the numbered circles (no blank band between them).
    const circles = await page.getByRole('navigation', { name: 'گام‌های نصب' }).boundingBox();
    const step = await page.getByRole('heading', { level: 2 }).boundingBox();
    expect((step?.y ?? 0) - ((circles?.y ?? 0) + (circles?.height ?? 0))).toBeLessThan(80);
  } finally {
    // The page closes before its server stops: requests still in flight (route discovery, the
    // device identity after idle) would otherwise fail as browser errors.
    await page.context().close();
    await server.stop();
  }
});

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
    run: 'Run Migrations',
    proceed: 'Proceed to Defaults app Database',
    adding: 'Adding Admin User',
    finish: 'Finish Installing',
    previous: 'Previous',
    create: 'Create admin account',
    token: 'Setup token',
    schemaDone: 'Database Schema Initialized',
    ready: 'Database Ready',
    open: 'Open the site',
    mismatch: 'Passwords do not match',
    short: 'Must be at least 2 characters',
    tokenWrong: 'The setup token is missing or wrong',
    heading: 'Daftar Database Installation',
    success: 'User registered successfully',
  },
  fa: {
    ...accountFields.fa,
    start: 'آغاز نصب',
    run: 'اجرای مهاجرت‌ها',
    proceed: 'رفتن به پایگاه دادهٔ پیش‌فرض برنامه',
    adding: 'افزودن کاربر مدیر',
    finish: 'پایان نصب',
    previous: 'قبلی',
    create: 'ساخت حساب مدیر',
    token: 'توکن نصب',
    schemaDone: 'ساختار پایگاه داده راه‌اندازی شد',
    ready: 'پایگاه داده آماده است',
    open: 'رفتن به سایت',
    mismatch: 'گذرواژه‌ها یکسان نیستند',
    short: 'دست‌کم ۲ نویسه لازم است',
    tokenWrong: 'توکن نصب وارد نشده یا نادرست است',
    heading: 'نصب پایگاه دادهٔ دفتر',
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

    test('installs a fresh site through the five steps, surviving a reload', async ({ page }) => {
      const token = server.output().match(/\?setup=([\w-]+)/)?.[1];
      expect(token).toBeTruthy();

      // A wrong token is refused on the first step and nothing moves on.
      await page.goto(`${server.url}/${locale}`);
      await expect(page.getByRole('heading', { level: 1, name: w.heading })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'fa' ? 'rtl' : 'ltr');
      // The installer is lazy-loaded: its own switcher being ready means its buttons respond.
      const ready = page.locator('[aria-label="Theme Switcher"][data-ready]');
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
      await page.getByRole('button', { name: w.start }).click();

      await expect(page.getByRole('button', { name: w.previous })).toBeVisible();
      await snap(page, `installer-${locale}-2-schema`);
      await page.getByRole('button', { name: w.run }).click();
      await expect(page.getByText(w.schemaDone)).toBeVisible();
      await page.getByRole('button', { name: w.proceed }).click();

      // A reload in the middle resumes at the same step, from the server's state.
      await snap(page, `installer-${locale}-3-defaults`);
      await page.reload();
      await expect(ready).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 2 })).toContainText(
        locale === 'fa' ? 'بارگذاری داده‌های پیش‌فرض' : 'Load default data',
      );
      await page.getByRole('button', { name: w.proceed }).click();
      await expect(page.getByText(w.ready)).toBeVisible();
      await page.getByRole('button', { name: w.adding }).click();

      // Step 4: validation in the page's language, then a real owner.
      await expect(page.getByRole('button', { name: w.finish })).toBeDisabled();
      await page.getByLabel(w.firstName, { exact: true }).fill('S');
      await page.getByLabel(w.lastName, { exact: true }).click();
      await expect(page.getByText(w.short)).toBeVisible();
      await page.getByLabel(w.firstName, { exact: true }).fill('Sara');
      await page.getByLabel(w.lastName, { exact: true }).fill('Karimi');
      await page.getByLabel(w.about, { exact: true }).fill('Keeps the notebook');
      await page.getByLabel(w.userName, { exact: true }).fill(`owner-${locale}`);
      await page.getByLabel(w.password, { exact: true }).fill('s3cret-pass');
      await page.getByLabel(w.confirm, { exact: true }).fill('s3cret-pasS');
      await page.getByRole('button', { name: w.create }).click();
      await expect(page.getByText(w.mismatch)).toBeVisible();
      await snap(page, `installer-${locale}-4-admin-invalid`);
      // The show/hide toggle reveals the password.
      await page
        .getByRole('button', { name: locale === 'fa' ? 'نمایش گذرواژه' : 'Show password' })
        .first()
        .click();
      await expect(page.getByLabel(w.password, { exact: true })).toHaveAttribute('type', 'text');
      await page.getByLabel(w.confirm, { exact: true }).fill('s3cret-pass');
      await page.getByRole('button', { name: w.create }).click();
      await expect(page.getByText(w.success).first()).toBeVisible();
      await expect(page.getByRole('button', { name: w.finish })).toBeEnabled();
      await page.getByRole('button', { name: w.finish }).click();
      await expect(page.getByRole('button', { name: w.previous })).toHaveCount(0);
      await snap(page, `installer-${locale}-5-complete`);

      // The owner is signed in and the site is there, for good.
      const session = await (await page.request.get(`${server.url}/api/_auth/session`)).json();
      expect(session.user.username).toBe(`owner-${locale}`);
      await page.getByRole('link', { name: w.open }).click();
      await expect(page).toHaveURL(`${server.url}/${locale}`);
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

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { createSessionCookie, startInstalledServer } from '../support/install';
import { type RunningServer, startServer } from '../support/server';
import { expect, showColorScheme, snap, test } from './fixtures';

/*
 * API keys for integrations (issue 42 §1): Settings → Integrations in both languages, a key used
 * from another origin in a real browser (and a cookie from there refused), and a revoke that a
 * second server process on the same data folder obeys at once.
 */

const words = {
  en: {
    title: 'Integrations',
    menu: 'Integrations',
    empty: 'No API keys yet',
    open: 'New key',
    dialog: 'Make an API key',
    name: 'Name',
    area: 'Dashboard',
    see: 'See',
    submit: 'Make key',
    shown: /The key/,
    done: 'I have stored it',
    never: 'Never',
    revoke: 'Revoke',
    revokeTitle: /Revoke the key/,
    revokeConfirm: 'Revoke key',
    noScopes: 'Choose at least one permission for the key',
  },
  fa: {
    title: 'اتصال‌ها',
    menu: 'اتصال‌ها',
    empty: 'هنوز کلید API‌ای ساخته نشده است',
    open: 'کلید تازه',
    dialog: 'ساختن کلید API',
    name: 'نام',
    area: 'پیشخوان',
    see: 'دیدن',
    submit: 'ساختن کلید',
    shown: /کلید «/,
    done: 'نگهش داشتم',
    never: 'هرگز',
    revoke: 'باطل کردن',
    revokeTitle: /باطل شود/,
    revokeConfirm: 'باطل کردن کلید',
    noScopes: 'دست‌کم یک اجازه برای کلید برگزینید',
  },
} as const;

async function screenshots(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await showColorScheme(page, colorScheme);
    await snap(page, `${name}-${colorScheme}`);
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    expect(serious, `${name} ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });
const page_ = { frontMatter: { title: 'From a key', date: '2026-05-01' }, body: 'Written with an API key.' };

/**
 * The cross-origin test expects the browser to block what CORS refuses, and Chromium reports each
 * block as a console error: those (and only those) are not the application's errors.
 */
const crossOriginTest = test.extend({
  failOnBrowserErrors: async ({ browser }, use) => {
    const errors: string[] = [];
    const watch = (context: BrowserContext) => {
      context.on('weberror', (error) => errors.push(`uncaught: ${error.error().message}`));
      context.on('console', (message) => {
        const text = message.text();
        if (
          message.type() === 'error' &&
          !text.startsWith('Failed to load resource:') &&
          !text.includes('blocked by CORS policy')
        )
          errors.push(`console.error: ${text}`);
      });
    };
    browser.on('context', watch);
    await use(undefined);
    browser.off('context', watch);
    expect(errors, 'errors in the browser').toEqual([]);
  },
});

test.describe('API keys', () => {
  for (const locale of ['fa', 'en'] as const) {
    const w = words[locale];
    test(`the owner makes a key with a last day, copies it once, sees it used, and revokes it (${locale})`, async ({
      page,
      login,
      freshSite,
    }) => {
      test.setTimeout(240_000);
      await login('owner', freshSite);
      await page.goto(`${freshSite.url}/${locale}/manage/integrations`);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'fa' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();
      await expect(page.getByRole('navigation').getByRole('link', { name: w.menu })).toBeVisible();
      await expect(page.getByText(w.empty)).toBeVisible();
      await screenshots(page, `keys-empty-${locale}`);

      // By keyboard: the button opens the dialog.
      await page.getByRole('button', { name: w.open }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: w.dialog });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel(w.name).fill(locale === 'fa' ? 'همگام‌سازی n8n' : 'n8n sync');
      // No scope chosen: refused in the page's language, nothing sent.
      await dialog.getByRole('button', { name: w.submit }).click();
      await expect(dialog.getByText(w.noScopes)).toBeVisible();
      await dialog.getByRole('group', { name: w.area }).getByLabel(w.see).check();
      if (locale === 'fa') {
        // The Jalali picker: a month on, by keyboard.
        await dialog.getByTestId('jalali-date-picker').click();
        await page.keyboard.press('PageDown');
        await page.keyboard.press('Enter');
        await expect(dialog.getByTestId('jalali-date-picker')).toHaveAttribute('data-value', /^\d{4}-\d{2}-\d{2}$/);
      } else {
        const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
        await dialog.locator('input[type="date"]').fill(day);
      }
      await snap(page, `keys-make-${locale}`);
      await dialog.getByRole('button', { name: w.submit }).click();

      const shown = page.getByRole('dialog', { name: w.shown });
      await expect(shown).toBeVisible();
      const key = await shown.getByTestId('api-key-value').inputValue();
      expect(key).toMatch(/^dftr_[A-Za-z0-9_-]{55}$/);
      await screenshots(page, `keys-shown-${locale}`);
      await shown.getByRole('button', { name: w.done }).click();
      await expect(shown).toBeHidden();
      // Shown once: not on the page any more, nor after a reload.
      expect(await page.content()).not.toContain(key);

      const row = page.locator('[data-key-name]');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(key.slice(0, 17));
      await expect(row).toContainText(w.never);
      await screenshots(page, `keys-list-${locale}`);

      // The key reads pages and is refused a write.
      expect((await fetch(`${freshSite.url}/api/pages`, { headers: bearer(key) })).status).toBe(200);
      const write = await fetch(`${freshSite.url}/api/pages/en/logs/by-key-${locale}`, {
        method: 'PUT',
        headers: bearer(key),
        body: JSON.stringify(page_),
      });
      expect(write.status).toBe(403);
      await page.reload();
      await expect(row).not.toContainText(w.never);
      expect(await page.content()).not.toContain(key.slice(17));

      await page.setViewportSize({ width: 390, height: 844 });
      await snap(page, `keys-list-phone-${locale}`);
      await page.setViewportSize({ width: 1280, height: 800 });

      await row.getByRole('button', { name: w.revoke }).click();
      const confirm = page.getByRole('alertdialog', { name: w.revokeTitle });
      await snap(page, `keys-revoke-${locale}`);
      await confirm.getByRole('button', { name: w.revokeConfirm }).click();
      await expect(row).toHaveCount(0);
      await expect(page.getByText(w.empty)).toBeVisible();
      const after = await fetch(`${freshSite.url}/api/pages`, { headers: bearer(key) });
      expect(after.status).toBe(401);
    });
  }

  test('an editor neither sees the menu entry nor opens the screen', async ({ page, login, installedSite }) => {
    await login('editor', installedSite);
    const response = await page.goto(`${installedSite.url}/en/manage/integrations`);
    expect(response?.status()).toBe(403);
    await page.goto(`${installedSite.url}/en/manage`);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Integrations' })).toHaveCount(0);
  });

  crossOriginTest(
    "another origin's page calls the API with a key, but not with the signed-in browser's cookie",
    async ({ page, login, installedSite }) => {
      const { name, value } = await createSessionCookie(installedSite, 'owner');
      const made = await fetch(`${installedSite.url}/api/keys`, {
        method: 'POST',
        headers: { cookie: `${name}=${value}`, 'content-type': 'application/json', origin: installedSite.url },
        body: JSON.stringify({ name: 'cross-origin', scopes: ['dashboard.read', 'commits.create'] }),
      });
      expect(made.status).toBe(201);
      const { key } = (await made.json()) as { key: string };
      // The browser is signed in to the site as the owner too: its cookie would go along with `credentials: 'include'`.
      await login('owner', installedSite);
      const other = createServer((_, response) =>
        response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>other</title>'),
      );
      await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
      try {
        // 127.0.0.1 and localhost are different origins.
        const otherOrigin = `http://localhost:${(other.address() as AddressInfo).port}`;
        await page.goto(otherOrigin);
        const results = await page.evaluate(
          async ({ site, key, body }) => {
            const attempt = async (init: RequestInit, path = '/api/pages/en/logs/cross-origin') => {
              try {
                const response = await fetch(`${site}${path}`, init);
                return { status: response.status, text: await response.text() };
              } catch (error) {
                return { status: 0, text: String(error) };
              }
            };
            return {
              keyWrite: await attempt({
                method: 'PUT',
                headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
                body,
              }),
              keyRead: await attempt({ headers: { authorization: `Bearer ${key}` } }, '/api/pages'),
              cookieWrite: await attempt({
                method: 'PUT',
                credentials: 'include',
                headers: { 'content-type': 'text/plain' },
                body,
              }),
              cookieRead: await attempt({ credentials: 'include' }, '/api/pages'),
              keyWithCookie: await attempt({ credentials: 'include', headers: { authorization: `Bearer ${key}` } }, '/api/pages'),
            };
          },
          { site: installedSite.url, key, body: JSON.stringify(page_) },
        );
        expect(results.keyWrite.status, results.keyWrite.text).toBe(200);
        expect(results.keyRead.status).toBe(200);
        expect(JSON.parse(results.keyRead.text).items.length).toBeGreaterThan(0);
        // The cookie's write is refused by the server (CSRF); its read never reaches the page (no CORS).
        expect([0, 403]).toContain(results.cookieWrite.status);
        expect(results.cookieRead.status).toBe(0);
        // A key with credentials: the browser itself refuses (a key's answers never allow credentials).
        expect(results.keyWithCookie.status).toBe(0);
      } finally {
        await new Promise<void>((resolve) => other.close(() => resolve()));
      }
    },
  );

  test('a key revoked through one server process is refused at once by another on the same data folder', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'daftar-keys-'));
    let first: RunningServer | undefined;
    let second: RunningServer | undefined;
    try {
      const installer = await startInstalledServer({ DATA_DIR: dataDir });
      await installer.stop();
      first = await startServer({ DATA_DIR: dataDir });
      second = await startServer({ DATA_DIR: dataDir });
      const { name, value } = await createSessionCookie(first, 'owner');
      const cookie = `${name}=${value}`;
      const made = await fetch(`${first.url}/api/keys`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: first.url },
        body: JSON.stringify({ name: 'two processes', scopes: ['dashboard.read'] }),
      });
      expect(made.status).toBe(201);
      const { id, key } = (await made.json()) as { id: number; key: string };
      expect((await fetch(`${second.url}/api/pages`, { headers: bearer(key) })).status).toBe(200);
      const revoked = await fetch(`${first.url}/api/keys/${id}`, { method: 'DELETE', headers: { cookie, origin: first.url } });
      expect(revoked.status).toBe(200);
      const refused = await fetch(`${second.url}/api/pages`, { headers: bearer(key) });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ statusCode: 401, message: 'This API key is not valid' });
      // Neither process printed the key.
      expect(first.output() + second.output()).not.toContain(key.slice(5));
    } finally {
      await first?.stop();
      await second?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * Reading pages do not hydrate (decision 0007, issue 12): no React, no React Router, one small
 * module per locale, within the budget for the long sample page: compressed JavaScript ≤ 60 KB
 * (modules loaded after idle included), CSS ≤ 15 KB, HTML ≤ 30 KB.
 */
const LONG = 'logs/a-long-guide-to-bilingual-publishing';
const READING = ['', '/about', `/${LONG}`, '/logs', '/cats/tuts', '/search?q=markdown'];
const KB = 1024;

/** A message of each locale that only its own bundle may carry (app/i18n/locales/{fa,en}/shell.json theme.toDark). */
const OWN_WORDS = { en: 'Switch to dark theme', fa: 'رفتن به پوستهٔ تیره' } as const;

type Loaded = { url: string; type: string; bytes: number; text?: string };

/** Opens a page and records every response with its compressed size, until idle and 3 s more. */
async function load(page: Page, url: string) {
  const loaded: Loaded[] = [];
  const pending: Promise<void>[] = [];
  const record = (request: Request) =>
    pending.push(
      (async () => {
        const response = await request.response();
        const { responseBodySize } = await request.sizes();
        const type = request.resourceType();
        const text = type === 'script' && response ? await response.text() : undefined;
        loaded.push({ url: new URL(request.url()).pathname, type, bytes: responseBodySize, text });
      })(),
    );
  page.on('requestfinished', record);
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.waitForLoadState('networkidle');
  // The device identity loads when the browser is idle: give after-idle modules their time.
  await page.waitForTimeout(3000);
  page.off('requestfinished', record);
  await Promise.all(pending);
  const total = (type: string) => loaded.filter((entry) => entry.type === type).reduce((sum, entry) => sum + entry.bytes, 0);
  return { loaded, js: total('script'), css: total('stylesheet'), html: total('document') };
}

for (const locale of ['en', 'fa'] as const) {
  test(`${locale}: reading pages load no React and only their own locale's words`, async ({ page, installedSite }) => {
    const other = locale === 'en' ? 'fa' : 'en';
    for (const path of READING) {
      const { loaded } = await load(page, `${installedSite.url}/${locale}${path}`);
      const scripts = loaded.filter((entry) => entry.type === 'script');
      expect(scripts.length, path).toBeGreaterThan(0);
      // Only the reading bundle of this locale: never the hydrated app's entry, React or React Router chunks.
      for (const script of scripts) expect(script.url, path).toMatch(new RegExp(`^/assets/reading/${locale}/`));
      expect(await page.evaluate(() => 'reactRouterContext' in window || '__reactRouterContext' in window), path).toBe(false);
      expect(await page.locator('script:not([type]), script[type="module"]').count(), path).toBe(2);
      for (const script of scripts) {
        expect(script.text, `${script.url} on ${path}`).not.toContain(OWN_WORDS[other]);
        expect(script.text, `${script.url} on ${path}`).not.toMatch(/react-dom|__reactRouter/);
      }
    }
    // The header is live: the theme switcher answers, and the signed-out header offers sign-in.
    await expect(page.locator('[data-testid="theme-switcher"][data-ready]')).toHaveCount(1);
    await expect(page.getByRole('link', { name: locale === 'en' ? 'Log in' : 'ورود' }).first()).toBeVisible();
  });

  test(`${locale}: the long page stays within 60 KB of JavaScript, 15 KB of CSS and 30 KB of HTML (compressed)`, async ({
    page,
    installedSite,
  }) => {
    const { js, css, html, loaded } = await load(page, `${installedSite.url}/${locale}/${LONG}`);
    // The comment thread and the device identity (after idle) are part of the count.
    await expect(page.getByTestId('comment-thread')).toBeVisible();
    expect(loaded.some((entry) => /\/comment-thread-/.test(entry.url))).toBe(true);
    expect(loaded.some((entry) => /\/device-/.test(entry.url))).toBe(true);
    test.info().annotations.push({ type: 'bytes', description: `${locale}: js ${js}, css ${css}, html ${html}` });
    expect(js).toBeLessThanOrEqual(60 * KB);
    expect(css).toBeLessThanOrEqual(15 * KB);
    expect(html).toBeLessThanOrEqual(30 * KB);
  });
}

test('a hydrated page reaches a reading page by a document load, and the reading page hydrates nothing', async ({
  page,
  installedSite,
}) => {
  await page.goto(`${installedSite.url}/en/login`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(true);
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'same document';
  });
  await page.getByTestId('wordmark').click();
  await expect(page).toHaveURL(`${installedSite.url}/en`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
  expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
  // And back: the reading page's link to the login page is a plain document load into a hydrated page.
  await page.getByRole('link', { name: 'Log in' }).first().click();
  await expect(page).toHaveURL(/\/en\/login/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(true);
});

test('logging out from a reading page lands on the home page with the logged-out toast', async ({
  page,
  login,
  installedSite,
}) => {
  await login('member');
  await page.goto(`${installedSite.url}/fa/logs`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: 'خروج' }).click();
  await expect(page).toHaveURL(`${installedSite.url}/fa`);
  await expect(page.getByRole('status').filter({ hasText: 'از حساب خود خارج شدید' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ورود' }).first()).toBeVisible();
});

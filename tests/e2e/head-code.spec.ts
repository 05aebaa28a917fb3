import type { Browser } from '@playwright/test';
import { expect, showColorScheme, snap, test } from './fixtures';

/*
 * Settings → Code in both languages (issue 39 §2): the owner is told why an inline script is
 * refused, saves a verification tag and an analytics script by address, and a reader in another
 * browser context gets both on the very next page, cached or not — the script runs, so the policy
 * admitted its origin (a CSP refusal is a console error, which fails the test). The dashboard's
 * policy never names the origin. Plus: a category page links its own feed, in the body and the head.
 */

const STATS = 'https://stats.example.org';
const CODE = `<meta name="google-site-verification" content="verify-123">\n<script defer data-domain="example.org" src="${STATS}/js/script.js"></script>`;

const words = {
  en: {
    save: 'Save code',
    saved: 'Code saved. Every public page carries it now.',
    inline: 'Inline scripts are not accepted',
    policy: 'The security policy (CSP) admits scripts and connections from:',
  },
  fa: {
    save: 'ذخیرهٔ کد',
    saved: 'کد ذخیره شد. اکنون همهٔ صفحه‌های عمومی آن را دارند.',
    inline: 'اسکریپت درون‌خطی پذیرفته نیست',
    policy: 'اسکریپت و ارتباط را از این‌ها می‌پذیرد:',
  },
} as const;

/** A reader in a context of their own, the analytics host answered locally: what the page carries and whether the script ran. */
async function readerSees(browser: Browser, url: string) {
  const context = await browser.newContext();
  await context.route(`${STATS}/**`, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'document.documentElement.dataset.statsRan = document.currentScript.dataset.domain;',
    }),
  );
  const page = await context.newPage();
  const response = await page.request.get(url);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const seen = {
    csp: response.headers()['content-security-policy'] ?? '',
    cache: response.headers()['x-cache'],
    verification: await page
      .locator('head meta[name="google-site-verification"]')
      .getAttribute('content', { timeout: 1000 })
      .catch(() => null),
    ran: await page
      .waitForFunction(() => document.documentElement.dataset.statsRan, undefined, { timeout: 5000 })
      .then((handle) => handle.jsonValue())
      .catch(() => undefined),
  };
  await context.close();
  return seen;
}

for (const locale of ['en', 'fa'] as const) {
  test(`${locale}: the owner adds a verification tag and an analytics script; readers get them at once`, async ({
    page,
    browser,
    freshSite,
    login,
  }) => {
    // Two readers' contexts per step and a fresh site: slow on a busy 2-core machine.
    test.setTimeout(180_000);
    const w = words[locale];
    const about = `${freshSite.url}/${locale}/about`;
    await test.step('before: a cached page without head code', async () => {
      const before = await readerSees(browser, about);
      expect(before.verification).toBeNull();
      expect(before.csp).not.toContain(STATS);
      // Cached now: the save below must still show on the next request.
      expect((await readerSees(browser, about)).cache).toBe('HIT');
    });

    await login('owner', freshSite);
    await page.goto(`${freshSite.url}/${locale}/manage/settings#code`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const code = page.locator('#code-title').locator('xpath=..').getByRole('textbox');
    await expect(code).toBeEnabled();

    await test.step('an inline script is refused, in the screen’s language, and nothing is saved', async () => {
      await code.fill('<script>alert(1)</script>');
      await page.getByRole('button', { name: w.save }).click();
      await expect(page.getByRole('alert').filter({ hasText: w.inline })).toBeVisible();
      await expect(code).toHaveAttribute('aria-invalid', 'true');
    });

    await test.step('a verification tag and a script by address are saved', async () => {
      await code.fill(CODE);
      await page.getByRole('button', { name: w.save }).click();
      // Exact: the toast region's live announcer repeats the words after its own label.
      await expect(page.getByText(w.saved, { exact: true })).toBeVisible();
      await expect(page.getByText(w.policy)).toBeVisible();
      await expect(page.locator('#code-title').locator('xpath=..').getByText(STATS, { exact: true })).toBeVisible();
      for (const scheme of ['light', 'dark'] as const) {
        await showColorScheme(page, scheme);
        await page.locator('#code-title').scrollIntoViewIfNeeded();
        await snap(page, `head-code-${locale}-${scheme}`);
      }
      // The dashboard's own policy does not admit the analytics host.
      const dashboard = await page.request.get(`${freshSite.url}/${locale}/manage/settings`);
      expect(dashboard.headers()['content-security-policy']).not.toContain(STATS);
    });

    await test.step('a reader gets the tag, the script runs, and the policy names exactly its origin', async () => {
      const first = await readerSees(browser, about);
      expect(first.cache).toBe('MISS');
      expect(first.verification).toBe('verify-123');
      expect(first.ran).toBe('example.org');
      const scriptSrc = first.csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
      const connectSrc = first.csp.split(';').find((part) => part.trim().startsWith('connect-src')) ?? '';
      expect(scriptSrc).toContain(` ${STATS}`);
      expect(connectSrc.trim()).toBe(`connect-src 'self' ${STATS}`);
      // The cached copy: no nonce, the same origin, and the script still runs.
      const cached = await readerSees(browser, about);
      expect(cached.cache).toBe('HIT');
      expect(cached.csp).not.toContain("'nonce-");
      expect(cached.csp).toContain(STATS);
      expect(cached.ran).toBe('example.org');
    });
  });
}

test('a category page links its own feed in the body and the head, in both languages', async ({ page, installedSite }) => {
  for (const locale of ['fa', 'en'] as const) {
    await page.goto(`${installedSite.url}/${locale}/cats/notes`);
    const href = `/${locale}/cats/notes/feed.xml`;
    await expect(page.getByTestId('archive-feed')).toHaveAttribute('href', href);
    await expect(page.locator(`head link[rel="alternate"][type="application/atom+xml"][href$="${href}"]`)).toHaveCount(1);
    const feed = await page.request.get(`${installedSite.url}${href}`);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    expect((await page.request.get(`${installedSite.url}/${locale}/cats/nope/feed.xml`)).status()).toBe(404);
    for (const scheme of ['light', 'dark'] as const) {
      await showColorScheme(page, scheme);
      await snap(page, `category-feed-${locale}-${scheme}`);
    }
  }
});

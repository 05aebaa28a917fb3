import type { Request } from '@playwright/test';
import { expect, showColorScheme, snap, test } from './fixtures';

/*
 * The overview (docs/analytics.md): an anonymous reader's visits, made through a real browser
 * (a first page from another site, a client-side navigation, a direct load), show up on the
 * owner's /manage within 5 seconds, counted as one visitor, with the referring host only.
 */
const READER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const cases = [
  { locale: 'fa', about: 'درباره', digits: (n: number) => new Intl.NumberFormat('fa-IR').format(n) },
  { locale: 'en', about: 'About', digits: (n: number) => String(n) },
] as const;

for (const { locale, about, digits } of cases) {
  test(`the overview shows a reader's visits within seconds (${locale})`, async ({ browser, freshSite, login, page }) => {
    const requested: string[] = [];
    await test.step('an anonymous reader visits three pages; no cookie is set', async () => {
      // Headless Chromium says so in its user agent, and bots are not counted: the reader is a desktop Chrome.
      const reader = await browser.newContext({ userAgent: READER });
      const tab = await reader.newPage();
      tab.on('request', (request: Request) => requested.push(request.url()));
      await tab.goto(`${freshSite.url}/${locale}`, { referer: 'https://news.example.org/item?id=42&user=someone' });
      // A client-side navigation: React Router fetches the page's data, not its HTML.
      await tab.locator('header').getByRole('link', { name: about, exact: true }).click();
      await expect(tab).toHaveURL(`${freshSite.url}/${locale}/about`);
      await expect(tab.locator('h1')).toBeVisible();
      await tab.goto(`${freshSite.url}/${locale}/about`);
      // A page that does not exist is not a view.
      await tab.goto(`${freshSite.url}/${locale}/no-such-page`);
      expect(await reader.cookies()).toEqual([]);
      await reader.close();
    });
    // The chart library is the dashboard's alone.
    expect(requested.filter((url) => /uplot/i.test(url))).toEqual([]);

    await test.step('the owner sees them on the overview within 5 seconds', async () => {
      const visitedAt = Date.now();
      await login('owner', freshSite);
      await page.goto(`${freshSite.url}/${locale}/manage`);
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('total-views')).toHaveText(digits(3), { timeout: 500 });
      }).toPass({ timeout: 5000, intervals: [250, 500] });
      expect(Date.now() - visitedAt).toBeLessThan(5000);
      await expect(page.getByTestId('total-visitors')).toHaveText(digits(1));
    });

    await test.step('top pages, referrer host, language split, chart and its table', async () => {
      const topPages = page.getByRole('region', { name: locale === 'fa' ? 'پربازدیدترین صفحه‌ها' : 'Top pages' });
      await expect(topPages.getByRole('listitem').first()).toContainText(`/${locale}/about`);
      await expect(topPages.getByRole('listitem').first()).toContainText(digits(2));
      const referrers = page.getByRole('region', { name: locale === 'fa' ? 'ارجاع‌دهنده‌ها' : 'Referrers' });
      await expect(referrers.getByRole('listitem')).toHaveCount(1);
      await expect(referrers.getByRole('listitem')).toContainText('news.example.org');
      await expect(page.getByText(/user=someone|id=42/)).toHaveCount(0);
      await expect(page.locator('.uplot canvas').first()).toBeVisible();
      await page.getByText(locale === 'fa' ? 'نمایش به‌صورت جدول' : 'Show as a table').click();
      const today = page.getByRole('table').getByRole('row').nth(1);
      await expect(today.getByRole('cell')).toHaveText([digits(1), digits(3)]);
      // Screen readers get the figures in words.
      await expect(page.locator('figcaption')).toContainText(digits(3));
      await snap(page, `overview-${locale}-light`);
      await showColorScheme(page, 'dark');
      await snap(page, `overview-${locale}-dark`);
      await showColorScheme(page, 'light');
    });

    await test.step('the 30-day switch keeps the counts and shows every day', async () => {
      await page.getByRole('link', { name: locale === 'fa' ? '۳۰ روز' : '30 days' }).click();
      await expect(page).toHaveURL(/\?days=30$/);
      await expect(page.getByRole('link', { name: locale === 'fa' ? '۳۰ روز' : '30 days' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.getByTestId('total-views')).toHaveText(digits(3));
      await expect(page.getByRole('table').getByRole('row')).toHaveCount(31);
    });
  });
}

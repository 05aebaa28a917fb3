import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, showColorScheme, test } from './fixtures';

/*
 * The dashboard's one table (app/components/manage/data-table.tsx) on the screens that use it:
 * named, never wider than the page on a 375 px phone (the table scrolls inside its frame, or turns
 * into cards), in both languages. SCREENSHOTS=1 saves each screen light and dark, desktop and phone,
 * under /tmp/shots/data-table/.
 */
/** With SCREENSHOTS=1: the screen, light and dark, under /tmp/shots/data-table/. */
async function shots(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  mkdirSync('/tmp/shots/data-table', { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await showColorScheme(page, scheme);
    await page.screenshot({ path: `/tmp/shots/data-table/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: null });
}

const pagesTable = { fa: 'صفحه‌ها', en: 'Pages' } as const;

const screens = [
  { path: 'pages', table: { fa: 'صفحه‌ها', en: 'Pages' }, row: 'tr[data-page]' },
  { path: 'users', table: { fa: 'کاربران', en: 'Users' }, row: 'tr[data-user]' },
  { path: 'users/roles', table: { fa: 'نقش‌ها', en: 'Roles' }, row: 'tr[data-role]' },
] as const;

for (const locale of ['fa', 'en'] as const)
  test(`dashboard tables are named and stay within a phone's width (${locale})`, async ({ page, login, installedSite }) => {
    await login('owner');
    for (const screen of screens)
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${installedSite.url}/${locale}/manage/${screen.path}`);
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
        const table = page.getByRole('table', { name: screen.table[locale], exact: true });
        await expect(table).toBeVisible();
        expect(await table.locator(screen.row).count()).toBeGreaterThan(0);
        // The page itself never scrolls sideways; a wide table scrolls inside its own frame.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${screen.path} at ${width} px`).toBeLessThanOrEqual(0);
        await shots(page, `${screen.path.replace('/', '-')}-${locale}-${width}`);
      }
  });

const pagesWords = {
  fa: { translate: 'ترجمه نشده: ترجمه به انگلیسی', selected: 'صفحه‌های انتخاب‌شده: ۱', history: 'تاریخچه' },
  en: { translate: 'Missing: translate into Persian', selected: 'Selected pages: 1', history: 'History' },
} as const;

for (const locale of ['fa', 'en'] as const)
  test(`the pages list: one-line translate button at 1366 px; on a 375 px phone cards with every value, box and action on screen (${locale})`, async ({
    page,
    login,
    freshSite,
  }) => {
    await login('owner', freshSite);
    // A page with no translation (its title long, hostile markup in it) beside the sample pages.
    const title = locale === 'fa' ? 'یادداشتی با عنوانی بلند <b>برای</b> آزمودن' : 'A note with a long <b>title</b> to try';
    const saved = await page.request.put(`${freshSite.url}/api/pages/${locale}/logs/untranslated-note`, {
      headers: { 'if-none-match': '*' },
      data: { frontMatter: { title }, body: 'Text.' },
    });
    expect(saved.status()).toBe(200);
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(`${freshSite.url}/${locale}/manage/pages?locale=${locale}`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const translate = page.getByRole('button', { name: pagesWords[locale].translate, exact: true });
    await expect(translate).toHaveCount(1);
    // One line: the button keeps the small button's height (h-8).
    expect((await translate.boundingBox())!.height).toBeLessThanOrEqual(34);
    await shots(page, `pages-${locale}-1366`);

    await page.setViewportSize({ width: 375, height: 800 });
    const table = page.getByRole('table', { name: pagesTable[locale], exact: true });
    const rows = table.locator('tr[data-page]');
    expect(await rows.count()).toBeGreaterThan(1);
    // No cell, link, box or button of the list lies outside the screen, nor needs a sideways scroll.
    const outside = await table.evaluate(
      (element) =>
        [...element.querySelectorAll('tbody td, tbody a, tbody button, tbody input')]
          .map((node) => node.getBoundingClientRect())
          .filter((box) => box.width > 1 && (box.left < 0 || box.right > window.innerWidth)).length,
    );
    expect(outside).toBe(0);
    const frame = await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth);
    expect(frame).toBeLessThanOrEqual(0);
    // The long title takes at most two lines in its card.
    const row = rows.filter({ has: page.getByText(title, { exact: true }) });
    const link = row.getByRole('link', { name: title, exact: true });
    const lineHeight = await link.evaluate((node) => Number.parseFloat(getComputedStyle(node).lineHeight));
    expect((await link.boundingBox())!.height).toBeLessThanOrEqual(lineHeight * 2 + 1);
    // The card's box chooses the page for the bulk toolbar; its actions and translate button are reachable.
    await row.getByRole('checkbox').check();
    await expect(page.getByText(pagesWords[locale].selected)).toBeVisible();
    for (const action of [
      row.getByRole('link', { name: pagesWords[locale].history }),
      row.getByRole('button', { name: pagesWords[locale].translate }),
    ]) {
      await action.scrollIntoViewIfNeeded();
      await expect(action).toBeInViewport({ ratio: 1 });
    }
    await shots(page, `pages-${locale}-375`);
  });

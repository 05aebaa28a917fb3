import { mkdirSync } from 'node:fs';
import { expect, showColorScheme, test } from './fixtures';

/*
 * The dashboard's one table (app/components/manage/data-table.tsx) on the screens that use it:
 * named, never wider than the page on a 375 px phone (the table scrolls inside its frame, or turns
 * into cards), in both languages. SCREENSHOTS=1 saves each screen light and dark, desktop and phone,
 * under /tmp/shots/data-table/.
 */
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
        if (process.env.SCREENSHOTS) {
          mkdirSync('/tmp/shots/data-table', { recursive: true });
          for (const scheme of ['light', 'dark'] as const) {
            await showColorScheme(page, scheme);
            await page.screenshot({
              path: `/tmp/shots/data-table/${screen.path.replace('/', '-')}-${locale}-${scheme}-${width}.png`,
              fullPage: true,
            });
          }
          await page.emulateMedia({ colorScheme: null });
        }
      }
  });

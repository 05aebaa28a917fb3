import { mkdirSync } from 'node:fs';
import { createSessionCookie } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, test } from './fixtures';

/*
 * Bulk actions on the pages list (issue 26 item 9), in both languages: two rows chosen (one by
 * keyboard), their category changed after a confirmation naming the count, the summary and the
 * pending changes seen; then one page deleted the same way. With SCREENSHOTS=1: the selection bar
 * and the dialog, fa/en, light/dark, in /tmp/shots/pages-bulk.
 */

async function openChanges(site: RunningServer) {
  const { name, value } = await createSessionCookie(site, 'owner');
  const answer = await fetch(`${site.url}/api/builds/open`, { headers: { cookie: `${name}=${value}` } });
  const body = (await answer.json()) as { changes?: { kind: string; path: string }[] };
  return (body.changes ?? []).map((change) => `${change.kind} ${change.path}`).sort();
}

const words = {
  fa: {
    selected: 'صفحه‌های انتخاب‌شده: ۲',
    title: 'دستهٔ ۲ صفحه تغییر کند؟',
    changed: '۲ صفحه به دستهٔ «یادداشت‌ها» رفت',
    deleteTitle: '۱ صفحه حذف شود؟',
    deleted: '۱ صفحه حذف شد',
    setCategory: 'تغییر دسته',
    delete: 'حذف',
    pending: 'در انتظار: ویرایش',
  },
  en: {
    selected: 'Selected pages: 2',
    title: 'Change the category of 2 pages?',
    changed: '2 pages moved to “Notes”',
    deleteTitle: 'Delete 1 page?',
    deleted: '1 page deleted',
    setCategory: 'Change category',
    delete: 'Delete',
    pending: 'Pending: update',
  },
} as const;

test('choose pages, change their category and delete one, each after a confirmation, in fa and en', async ({
  page,
  browser,
  freshSite,
  login,
}) => {
  await login('owner', freshSite);
  const expected: string[] = [];
  for (const ui of ['fa', 'en'] as const) {
    await test.step(`bulk actions (${ui})`, async () => {
      const w = words[ui];
      await page.goto(`${freshSite.url}/${ui}/manage/pages?locale=${ui}`);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      const box = (path: string) => page.locator(`tr[data-page="${ui}/${path}"] input[type="checkbox"]`);
      await expect(page.getByRole('toolbar')).toHaveCount(0);
      // Select all on this page, then clear: the count follows.
      await page.locator('thead input[type="checkbox"]').check();
      await expect(page.getByRole('toolbar')).toContainText(ui === 'fa' ? '۷' : '7');
      await page.locator('thead input[type="checkbox"]').uncheck();
      await expect(page.getByRole('toolbar')).toHaveCount(0);

      await box('logs/building-this-site').check();
      // The second by keyboard.
      await box('logs/reading-list').focus();
      await page.keyboard.press('Space');
      await expect(page.getByRole('toolbar')).toContainText(w.selected);
      await page.getByRole('toolbar').locator('select').selectOption('notes');
      await page.getByRole('toolbar').getByRole('button', { name: w.setCategory }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toContainText(w.title);
      // A category change can be undone: its confirmation is neutral (the primary colour), not red.
      expect(await confirmIsRed(dialog, ui === 'fa' ? '۲' : '2')).toBe(false);
      if (process.env.SCREENSHOTS && ui === 'en') await shots(browser, freshSite);
      await dialog
        .getByRole('button')
        .filter({ hasText: ui === 'fa' ? '۲' : '2' })
        .click();
      await expect(page.getByTestId('bulk-summary')).toContainText(w.changed);
      for (const path of ['logs/building-this-site', 'logs/reading-list']) {
        await expect(page.locator(`tr[data-page="${ui}/${path}"]`)).toContainText(w.pending);
        expected.push(`update content/${ui}/${path}.md`);
      }
      expect(await openChanges(freshSite)).toEqual([...expected].sort());

      await box('logs/writing-in-markdown').check();
      await page.getByRole('toolbar').getByRole('button', { name: w.delete, exact: true }).click();
      await expect(dialog).toContainText(w.deleteTitle);
      expect(await confirmIsRed(dialog, ui === 'fa' ? '۱' : '1')).toBe(true);
      await dialog
        .getByRole('button')
        .filter({ hasText: ui === 'fa' ? '۱' : '1' })
        .click();
      await expect(page.getByTestId('bulk-summary')).toContainText(w.deleted);
      expected.push(`delete content/${ui}/logs/writing-in-markdown.md`);
      expect(await openChanges(freshSite)).toEqual([...expected].sort());
    });
  }
});

/** Whether the dialog's confirm button (the one naming the count) is filled red, as a destructive action's is. */
async function confirmIsRed(dialog: import('@playwright/test').Locator, count: string) {
  const fill = await dialog
    .getByRole('button')
    .filter({ hasText: count })
    .evaluate((button) => getComputedStyle(button).backgroundColor);
  // Chromium reports Tailwind 4's fills as lab(L a b): red has a strongly positive a (red-600 ≈ 77,
  // the primary green a negative one); rgb() as a fallback.
  const [first = 0, second = 0, third = 0] = (fill.match(/-?[\d.]+/g) ?? []).map(Number);
  return fill.startsWith('lab(') ? second > 40 : first > second + 60 && first > third + 60;
}

/** The selection bar and the category dialog, fa/en, light/dark (another browser context, same site). */
async function shots(browser: import('@playwright/test').Browser, site: RunningServer) {
  mkdirSync('/tmp/shots/pages-bulk', { recursive: true });
  const { name, value } = await createSessionCookie(site, 'owner');
  for (const ui of ['fa', 'en'] as const)
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: theme });
      await context.addCookies([{ name, value, url: site.url }]);
      const shot = await context.newPage();
      await shot.goto(`${site.url}/${ui}/manage/pages?locale=${ui}`);
      await expect(shot.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await shot.locator(`tr[data-page="${ui}/about"] input[type="checkbox"]`).check();
      await shot.locator(`tr[data-page="${ui}/index"] input[type="checkbox"]`).check();
      await shot.evaluate(() => window.scrollTo(0, 0));
      await shot.screenshot({ path: `/tmp/shots/pages-bulk/bar-${ui}-${theme}.png` });
      await shot.getByRole('toolbar').getByRole('button').nth(0).click();
      await expect(shot.getByRole('alertdialog')).toBeVisible();
      await shot.screenshot({ path: `/tmp/shots/pages-bulk/dialog-${ui}-${theme}.png` });
      await context.close();
    }
}

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { startInstalledServer } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, showColorScheme, snap, test } from './fixtures';

const words = {
  en: {
    title: 'Redirects',
    menu: 'Redirects',
    empty: 'No redirects yet',
    add: 'Add redirect',
    createTitle: 'Add a redirect',
    from: 'From',
    to: 'To',
    type: 'Type',
    edit: 'Edit',
    save: 'Save',
    del: 'Delete the redirect from',
    delTitle: 'Delete this redirect?',
    delConfirm: 'Delete',
    logTab: '404 log',
    listTab: 'Redirects',
    addFromLog: 'Add a redirect',
    logDialog: 'Redirect a missing address',
    refusedTarget: 'cannot be a target',
    chain: 'itself redirects to',
    importOpen: 'Import CSV',
    importTitle: 'Import redirects from CSV',
    importSubmit: 'Import',
    imported: 'Added: 2, changed: 0, already there: 0',
    importRefused: 'The file was not imported',
    line2: 'Line 2 (From):',
    siteRoute: 'one of the site’s own addresses',
  },
  fa: {
    title: 'تغییر مسیرها',
    menu: 'تغییر مسیرها',
    empty: 'هنوز تغییر مسیری نیست',
    add: 'افزودن تغییر مسیر',
    createTitle: 'افزودن تغییر مسیر',
    from: 'از',
    to: 'به',
    type: 'نوع',
    edit: 'ویرایش',
    save: 'ذخیره',
    del: 'حذف تغییر مسیر از',
    delTitle: 'این تغییر مسیر حذف شود؟',
    delConfirm: 'حذف',
    logTab: 'گزارش ۴۰۴',
    listTab: 'تغییر مسیرها',
    addFromLog: 'افزودن تغییر مسیر',
    logDialog: 'تغییر مسیر برای نشانی پیدانشده',
    refusedTarget: 'نمی‌تواند مقصد باشد',
    chain: 'خودش به',
    importOpen: 'درون‌ریزی CSV',
    importTitle: 'درون‌ریزی تغییر مسیرها از CSV',
    importSubmit: 'درون‌ریزی',
    imported: 'افزوده: ۲، تغییرکرده: ۰، از پیش موجود: ۰',
    importRefused: 'فایل درون‌ریزی نشد',
    line2: 'سطر ۲ (از):',
    siteRoute: 'از نشانی‌های خود سایت است',
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

test.describe('redirects and the 404 log', () => {
  let site: RunningServer;
  test.beforeAll(async () => {
    site = await startInstalledServer();
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  /** What the site answers a visitor for `path`, without following a redirect. */
  const answerOf = async (page: Page, path: string) => {
    const response = await page.request.get(`${site.url}${path}`, { maxRedirects: 0 });
    return { status: response.status(), location: response.headers().location ?? null };
  };

  for (const locale of ['fa', 'en'] as const) {
    const w = words[locale];
    test(`the owner adds, edits and deletes a redirect, and mends a 404 from the log (${locale})`, async ({
      page,
      login,
      browser,
    }) => {
      // A long scenario on a machine shared with other builds: each step waits on its cause.
      test.setTimeout(300_000);
      const missing = `/${locale}/old-post-${locale}`;
      // An old site's file: files outside the locales reach the pages unprefixed, and are logged so.
      const alsoMissing = `/wp-content/uploads/${locale === 'fa' ? 'عکس' : 'photo'}-${locale}.jpg`;

      await test.step('a visitor asks for addresses that are not there', async () => {
        const visitor = await browser.newContext();
        const visit = await visitor.newPage();
        expect((await visit.goto(`${site.url}${missing}`))?.status()).toBe(404);
        expect((await visit.goto(`${site.url}${missing}`))?.status()).toBe(404);
        expect((await visit.goto(`${site.url}${encodeURI(alsoMissing)}`))?.status()).toBe(404);
        await visitor.close();
      });

      await login('owner', site);
      await test.step('the screen, from the dashboard menu', async () => {
        await page.goto(`${site.url}/${locale}/manage`);
        await page.getByRole('navigation').getByRole('link', { name: w.menu }).click();
        await expect(page).toHaveURL(`${site.url}/${locale}/manage/redirects`);
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'fa' ? 'rtl' : 'ltr');
        await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();
        if (locale === 'fa') await expect(page.getByText(w.empty)).toBeVisible();
        await screenshots(page, `redirects-list-${locale}`);
      });

      const from = `/old-${locale}`;
      await test.step('a target on the site’s own routes is refused on its field; a good one is added', async () => {
        await page.getByRole('button', { name: w.add }).click();
        const dialog = page.getByRole('dialog', { name: w.createTitle });
        await dialog.getByLabel(w.from, { exact: true }).fill(from);
        await dialog.getByLabel(w.to, { exact: true }).fill(`/${locale}/login`);
        await dialog.getByRole('button', { name: w.add }).click();
        await expect(dialog.getByText(w.refusedTarget)).toBeVisible();
        await snap(page, `redirects-refused-${locale}`);
        await dialog.getByLabel(w.to, { exact: true }).fill(`/${locale}/about`);
        await dialog.getByRole('button', { name: w.add }).click();
        await expect(dialog).toBeHidden();
        const row = page.getByTestId('redirect-row').filter({ hasText: from });
        await expect(row).toContainText(`/${locale}/about`);
        expect(await answerOf(page, from)).toEqual({ status: 301, location: `/${locale}/about` });
      });

      await test.step('a chain is refused with its reason', async () => {
        await page.getByRole('button', { name: w.add }).click();
        const dialog = page.getByRole('dialog', { name: w.createTitle });
        await dialog.getByLabel(w.from, { exact: true }).fill(`/another-${locale}`);
        await dialog.getByLabel(w.to, { exact: true }).fill(`/${locale}/x-${locale}`);
        await dialog.getByRole('button', { name: w.add }).click();
        await expect(dialog).toBeHidden();
        await page.getByRole('button', { name: w.add }).click();
        await dialog.getByLabel(w.from, { exact: true }).fill(`/${locale}/x-${locale}`);
        await dialog.getByLabel(w.to, { exact: true }).fill(`/${locale}/y`);
        await dialog.getByRole('button', { name: w.add }).click();
        await expect(dialog.getByText(`/another-${locale}`)).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });

      await test.step('edit to a 302, then delete after confirming', async () => {
        const row = page.getByTestId('redirect-row').filter({ hasText: from });
        await row.getByRole('button', { name: w.edit }).click();
        const dialog = page.getByRole('dialog', { name: w.edit });
        await dialog.getByLabel(w.type, { exact: true }).selectOption('302');
        await dialog.getByRole('button', { name: w.save }).click();
        await expect(dialog).toBeHidden();
        await expect(row).toContainText(locale === 'fa' ? '۳۰۲' : '302');
        expect(await answerOf(page, from)).toEqual({ status: 302, location: `/${locale}/about` });

        await row.getByRole('button', { name: w.del }).click();
        const confirm = page.getByRole('alertdialog', { name: w.delTitle });
        await expect(confirm).toContainText(from);
        await confirm.getByRole('button', { name: w.delConfirm, exact: true }).click();
        await expect(row).toHaveCount(0);
        // Gone: the old address is again an unprefixed path, sent to its locale like any other.
        const after = await answerOf(page, from);
        expect(after.status).toBe(302);
        expect(after.location).toMatch(new RegExp(`^/(fa|en)${from}$`));
      });

      await test.step('the 404 log lists what was asked for, and "add a redirect" mends it', async () => {
        await page.getByRole('tab', { name: w.logTab }).click();
        await expect(page).toHaveURL(`${site.url}/${locale}/manage/redirects/not-found`);
        // The log is written a second after the requests: reload until the rows are there.
        const row = page.getByTestId('not-found-row').filter({ hasText: missing });
        await expect(async () => {
          await page.reload();
          await expect(row).toBeVisible({ timeout: 1000 });
        }).toPass({ timeout: 15_000 });
        await expect(page.getByTestId('not-found-row').filter({ hasText: alsoMissing })).toBeVisible();
        await screenshots(page, `redirects-404-log-${locale}`);

        await row.getByRole('button', { name: w.addFromLog }).click();
        const dialog = page.getByRole('dialog', { name: w.logDialog });
        await expect(dialog.getByLabel(w.from, { exact: true })).toHaveValue(missing);
        await dialog.getByLabel(w.to, { exact: true }).fill(`https://example.com/${locale}`);
        await dialog.getByRole('button', { name: w.add }).click();
        await expect(dialog).toBeHidden();
        await expect(row).toHaveCount(0);
        expect(await answerOf(page, missing)).toEqual({ status: 301, location: `https://example.com/${locale}` });
      });

      await test.step('import a CSV file: a bad one changes nothing and names its lines, a good one is added', async () => {
        await page.getByRole('tab', { name: w.listTab }).click();
        await page.getByRole('button', { name: w.importOpen }).click();
        const dialog = page.getByRole('dialog', { name: w.importTitle });
        const file = (text: string) => ({ name: 'redirects.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
        await dialog
          .locator('input[type="file"]')
          .setInputFiles(file(`/csv-a-${locale},/${locale}/a\n/${locale}/login,/${locale}/b\n`));
        await dialog.getByRole('button', { name: w.importSubmit, exact: true }).click();
        await expect(dialog.getByText(w.importRefused)).toBeVisible();
        await expect(dialog.getByTestId('import-problems')).toContainText(w.line2);
        await expect(dialog.getByTestId('import-problems')).toContainText(w.siteRoute);
        await snap(page, `redirects-import-refused-${locale}`);
        // Nothing was imported: the address is still an unprefixed path, sent to a locale.
        expect((await answerOf(page, `/csv-a-${locale}`)).status).toBe(302);

        await dialog
          .locator('input[type="file"]')
          .setInputFiles(file(`from,to,status\n/csv-a-${locale},/${locale}/a\n/csv-b-${locale},/${locale}/b,302\n`));
        await dialog.getByRole('button', { name: w.importSubmit, exact: true }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByText(w.imported, { exact: true })).toBeVisible();
        await expect(page.getByTestId('redirect-row').filter({ hasText: `/csv-b-${locale}` })).toBeVisible();
        expect(await answerOf(page, `/csv-b-${locale}`)).toEqual({ status: 302, location: `/${locale}/b` });
      });

      await test.step('on a phone the rows are cards', async () => {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.reload();
        await expect(page.getByTestId('redirect-row').first()).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshots(page, `redirects-phone-${locale}`);
        await page.setViewportSize({ width: 1280, height: 720 });
      });
    });
  }

  test('an editor neither sees the menu entry nor opens the screen', async ({ page, login }) => {
    await login('editor', site);
    const response = await page.goto(`${site.url}/en/manage/redirects`);
    expect(response?.status()).toBe(403);
    await page.goto(`${site.url}/en/manage`);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Redirects' })).toHaveCount(0);
  });
});

import type { Browser, Page } from '@playwright/test';
import { imageBytes } from '../support/images';
import { expect, snap, test } from './fixtures';

/*
 * The settings screen in both languages: the owner renames the site and a menu entry, moves the
 * entry with the keyboard and saves; an anonymous reader in another browser context sees both on
 * the next page. Plus: unsaved-changes warning, browser-side validation of hostile targets,
 * categories in use, the indexable switch, and a reader without settings.read.
 */

const words = {
  en: {
    siteName: 'Site name (English)',
    otherSiteName: 'Site name (Persian)',
    newName: 'Field Notes',
    entry3: 'Menu entry 3',
    label: 'Label (English)',
    newLabel: 'About us',
    target: 'Link',
    moveUp: 'Move entry 3 up',
    moved: 'Entry moved to position 2 of 3',
    save: 'Save settings',
    saved: 'Settings saved',
    unsaved: 'You have unsaved changes',
    leaveTitle: 'Leave without saving?',
    stay: 'Stay',
    badTarget: 'Must be a path on this site (/about) or an http(s) address',
    fix: 'Some fields need attention',
    pagesLink: 'Pages',
  },
  fa: {
    siteName: 'نام سایت (فارسی)',
    otherSiteName: 'نام سایت (انگلیسی)',
    newName: 'یادداشت‌های میدانی',
    entry3: 'مورد ۳ فهرست',
    label: 'برچسب (فارسی)',
    newLabel: 'دربارهٔ ما',
    target: 'پیوند',
    moveUp: 'بردن مورد ۳ به بالا',
    moved: 'مورد به جایگاه ۲ از ۳ رفت',
    save: 'ذخیرهٔ تنظیمات',
    saved: 'تنظیمات ذخیره شد',
    unsaved: 'تغییرهای ذخیره‌نشده دارید',
    leaveTitle: 'بدون ذخیره بیرون می‌روید؟',
    stay: 'ماندن',
    // The paths are bidi-isolated (U+2066…U+2069) so they read left to right inside Persian.
    badTarget: 'باید مسیری در همین سایت (\u2066/about\u2069) یا نشانی \u2066http(s)\u2069 باشد',
    fix: 'چند خانه نیاز به اصلاح دارد',
    pagesLink: 'صفحه‌ها',
  },
} as const;

async function openSettings(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/** What an anonymous reader in a context of their own sees in the header of a page. */
async function readerHeader(browser: Browser, url: string) {
  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.goto(url);
  const header = reader.locator('header');
  const result = {
    name: await header.getByTestId('wordmark').innerText(),
    menu: await header.locator('nav').first().getByRole('link').allInnerTexts(),
  };
  await context.close();
  return result;
}

for (const locale of ['en', 'fa'] as const) {
  const w = words[locale];

  test(`${locale}: the owner renames the site and a menu entry; an anonymous reader sees both at once`, async ({
    page,
    browser,
    freshSite,
    login,
  }) => {
    const settingsUrl = `${freshSite.url}/${locale}/manage/settings`;
    const before = await readerHeader(browser, `${freshSite.url}/${locale}/about`);
    expect(before.menu).toHaveLength(3);
    expect(before.name).not.toContain(w.newName);

    await login('owner', freshSite);
    await openSettings(page, settingsUrl);
    const save = page.getByRole('button', { name: w.save });
    await expect(save).toBeDisabled();

    await test.step('each language field keeps its own direction', async () => {
      await expect(page.getByLabel(w.siteName)).toHaveAttribute('dir', locale === 'fa' ? 'rtl' : 'ltr');
      await expect(page.getByLabel(w.otherSiteName)).toHaveAttribute('dir', locale === 'fa' ? 'ltr' : 'rtl');
    });

    await test.step('a hostile menu target is refused in the browser', async () => {
      const entry = page.getByRole('listitem').filter({ hasText: w.entry3 });
      const target = entry.getByLabel(w.target);
      await target.fill('javascript:alert(1)');
      await target.blur();
      await expect(entry.getByText(w.badTarget)).toBeVisible();
      await save.click();
      await expect(page.getByRole('alert').filter({ hasText: w.fix })).toBeVisible();
      await target.fill('/about');
    });

    await test.step('rename the site and the third entry, then move it up with the keyboard', async () => {
      await page.getByLabel(w.siteName).fill(w.newName);
      const entry = page.getByRole('listitem').filter({ hasText: w.entry3 });
      await entry.getByLabel(w.label).fill(w.newLabel);
      await page.getByRole('button', { name: w.moveUp }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText(w.moved)).toBeAttached();
      // The focus follows the entry to its new place.
      await expect(page.locator(':focus')).toHaveAttribute('data-action', 'up');
      await expect(page.getByText(w.unsaved)).toBeVisible();
    });

    await test.step('leaving asks first', async () => {
      await page.getByRole('navigation').getByRole('link', { name: w.pagesLink, exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: w.leaveTitle });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: w.stay }).click();
      await expect(page).toHaveURL(settingsUrl);
    });

    await save.click();
    await expect(page.getByText(w.saved).first()).toBeVisible();
    await expect(save).toBeDisabled();
    // The owner's own header follows at once too.
    await expect(page.getByTestId('wordmark')).toContainText(w.newName);
    await snap(page, `settings-saved-${locale}`);

    const after = await readerHeader(browser, `${freshSite.url}/${locale}/about`);
    expect(after.name).toContain(w.newName);
    expect(after.menu).toEqual([before.menu[0], w.newLabel, before.menu[1]]);
  });
}

test('en: categories in use cannot be removed, a new one can be added; indexing off reaches readers and robots.txt', async ({
  page,
  browser,
  freshSite,
  login,
}) => {
  await login('owner', freshSite);
  await openSettings(page, `${freshSite.url}/en/manage/settings`);

  const tuts = page.getByTestId('category-row').filter({ hasText: 'tuts' });
  await expect(tuts).toContainText('Pages using it: 4');
  await expect(tuts.getByRole('button', { name: 'Remove category Tutorials' })).toBeDisabled();

  const newCategory = page.getByRole('group', { name: 'New category' });
  await newCategory.getByLabel('Name in addresses').fill('2poems');
  await newCategory.getByRole('button', { name: 'Add category' }).click();
  await expect(newCategory.getByText('Must start with a letter')).toBeVisible();
  await newCategory.getByLabel('Name in addresses').fill('poems');
  await newCategory.getByLabel('Name (Persian)').fill('شعرها');
  await newCategory.getByLabel('Name (English)').fill('Poems');
  await newCategory.getByLabel('Name (English)').press('Enter');
  await expect(page.getByTestId('category-row').filter({ hasText: 'poems' })).toContainText('Not used by any page');

  // A banner uploaded through the media endpoint: its address fills the field, the preview loads it.
  const banner = page.getByTestId('image-defaultBanner');
  await banner
    .locator('input[type="file"]')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from(imageBytes('png')) });
  await expect(banner.getByLabel('Image address')).toHaveValue(/^\/media\/.+\.png$/);
  const preview = page.getByRole('img', { name: 'Preview of the Default banner' });
  await expect(preview).toHaveAttribute('src', /^\/media\//);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // The default avatar: shown for people without a picture of their own.
  await page.getByTestId('image-defaultAvatar').getByLabel('Image address').fill('/icon.png');
  await expect(page.getByRole('img', { name: 'Preview of the Default avatar' })).toHaveAttribute('src', '/icon.png');

  // The switch works from the keyboard.
  const indexable = page.getByRole('switch', { name: 'Let search engines index this site' });
  await indexable.focus();
  await page.keyboard.press('Space');
  await expect(indexable).not.toBeChecked();
  await expect(page.getByText('robots.txt disallows the whole site')).toBeVisible();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved').first()).toBeVisible();

  const context = await browser.newContext();
  const reader = await context.newPage();
  const response = await reader.goto(`${freshSite.url}/en/cats/poems`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Category: Poems');
  expect(await (await reader.request.get(`${freshSite.url}/robots.txt`)).text()).toBe('User-agent: *\nDisallow: /\n');
  await context.close();

  await page.goto(`${freshSite.url}/en/profile`);
  await expect(page.locator('img[alt="Owner Person"]')).toHaveAttribute('src', '/icon.png');
});

test('fa: an editor (no settings.read) is not offered the settings, and its address says why in words', async ({
  page,
  installedSite,
  login,
}) => {
  await login('editor');
  await page.goto(`${installedSite.url}/fa/manage`);
  await expect(page.getByRole('navigation', { name: 'فهرست پیشخوان' }).getByRole('link', { name: 'تنظیمات' })).toHaveCount(0);
  const response = await page.goto(`${installedSite.url}/fa/manage/settings`);
  expect(response?.status()).toBe(403);
  await expect(page.getByText('شما اجازهٔ دیدن این صفحه را ندارید. اگر به آن نیاز دارید، از مالک سایت بخواهید.')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('settings.read');
  await expect(page.getByRole('button', { name: 'ذخیرهٔ تنظیمات' })).toHaveCount(0);
});

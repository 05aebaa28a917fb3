import type { Page } from '@playwright/test';
import type { RunningServer } from '../support/server';
import { expect, test } from './fixtures';

/*
 * Issue 26 items 3, 4, 5 and 9 through the real screens, in Persian and English: the media library
 * lists an upload with the page that uses it and refuses (409, shown) to delete it; a page's
 * history shows two published versions and restores the older one; a preview link opened in a
 * fresh browser context shows the pending text and a pending image under a banner, with noindex;
 * the pages list filters by status. Screenshots of each screen, light and dark, go to test-results/issue-26/.
 */

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const words = {
  fa: {
    path: 'logs/سفر-با-تصویر',
    title: 'سفری با یک تصویر',
    first: 'نسخهٔ نخست این نوشته.',
    second: 'نسخهٔ دوم این نوشته.',
    pending: 'متن در انتظار که هنوز منتشر نشده است.',
    media: 'رسانه',
    inUse: 'این پرونده در این صفحه‌ها به کار رفته است',
    delete: 'حذف',
    deleteTitle: 'این پرونده حذف شود؟',
    history: 'تاریخچهٔ',
    restore: 'بازگرداندن این نسخه',
    restoreTitle: 'این نسخه بازگردانده شود؟',
    restoreConfirm: 'بازگرداندن',
    share: 'همرسانی پیش‌نمایش',
    banner: 'پیش‌نمایش: هنوز منتشر نشده است',
    status: 'وضعیت',
    draftOption: 'پیش‌نویس',
  },
  en: {
    path: 'logs/a-trip-with-a-picture',
    title: 'A trip with a picture',
    first: 'The first version of this piece.',
    second: 'The second version of this piece.',
    pending: 'Pending text that is not published yet.',
    media: 'Media',
    inUse: 'This file is used by these pages',
    delete: 'Delete',
    deleteTitle: 'Delete this file?',
    history: 'History of',
    restore: 'Restore this version',
    restoreTitle: 'Restore this version?',
    restoreConfirm: 'Restore',
    share: 'Share a preview',
    banner: 'Preview: not published yet',
    status: 'Status',
    draftOption: 'Draft',
  },
} as const;

type Locale = keyof typeof words;
const encoded = (path: string) => path.split('/').map(encodeURIComponent).join('/');

async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `test-results/issue-26/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function savePage(page: Page, site: RunningServer, locale: Locale, path: string, title: string, body: string, extra = {}) {
  const response = await page.request.put(`${site.url}/api/pages/${locale}/${encoded(path)}`, {
    data: { frontMatter: { title, ...extra }, body },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function publish(page: Page, site: RunningServer, title: string) {
  const response = await page.request.post(`${site.url}/api/builds/publish`, { data: { title } });
  expect(response.status(), await response.text()).toBe(200);
}

for (const locale of ['fa', 'en'] as const) {
  const w = words[locale];

  test(`${locale}: the media library lists an upload with its page and refuses deleting it`, async ({
    page,
    freshSite,
    login,
  }) => {
    await login('owner', freshSite);
    const uploaded = await page.request.post(`${freshSite.url}/api/media`, {
      multipart: { file: { name: 'sea.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(uploaded.status()).toBe(201);
    const { url } = await uploaded.json();
    await savePage(page, freshSite, locale, w.path, w.title, `![](${url})\n\n${w.first}\n`);
    await savePage(page, freshSite, locale, `${w.path}-2`, `${w.title} 2`, `![](${url})\n`);
    await publish(page, freshSite, 'media');

    await page.goto(`${freshSite.url}/${locale}/manage/media`);
    await expect(page.getByRole('heading', { level: 1, name: w.media })).toBeVisible();
    const item = page.getByTestId('media-item').filter({ hasText: 'sea-' });
    await expect(item).toContainText(w.title);
    await expect(item).toContainText('image/png');
    await expect(item.locator('img')).toHaveJSProperty('naturalWidth', 1);
    // The size in the page's digits and units; the pages that use it as separate isolated titles,
    // with the page's comma between them.
    await expect(item).toContainText(locale === 'fa' ? /[۰-۹]+ بایت/ : /\d+ B/);
    const uses = item.getByRole('link', { name: w.title });
    await expect(uses).toHaveCount(2);
    await expect(uses.locator('bdi')).toHaveCount(2);
    const commas = await item.locator('li').evaluateAll((all) => all.map((li) => getComputedStyle(li, '::after').content));
    expect(commas).toEqual([locale === 'fa' ? '"، "' : '", "', 'none']);
    await page.waitForLoadState('networkidle');
    await shoot(page, `media-${locale}`);

    await item.getByRole('button', { name: new RegExp(w.delete) }).click();
    const dialog = page.getByRole('alertdialog', { name: w.deleteTitle });
    const refused = page.waitForResponse((response) => response.request().method() === 'DELETE');
    await dialog.getByRole('button', { name: w.delete, exact: true }).click();
    expect((await refused).status()).toBe(409);
    const alert = page.getByTestId('media-refusal');
    await expect(alert).toContainText(w.inUse);
    await expect(alert.getByRole('link', { name: w.title, exact: true })).toBeVisible();
    await shoot(page, `media-refused-${locale}`);
    // Still there, still published.
    expect((await page.request.get(`${freshSite.url}${url}`)).status()).toBe(200);
  });

  test(`${locale}: a history of two published versions, one restored as a pending change`, async ({ page, freshSite, login }) => {
    await login('owner', freshSite);
    await savePage(page, freshSite, locale, w.path, w.title, `${w.first}\n`);
    // Untitled: the server names it in English (`Create fa/logs/…`), the history reads it in the dashboard's language.
    await publish(page, freshSite, '');
    await savePage(page, freshSite, locale, w.path, w.title, `${w.second}\n`);
    await publish(page, freshSite, `${w.title} 2`);

    await page.goto(`${freshSite.url}/${locale}/manage/pages`);
    await page
      .locator(`tr[data-page="${locale}/${w.path}"]`)
      .getByRole('link', { name: locale === 'fa' ? 'تاریخچه' : 'History' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(w.history);
    const versions = page.getByTestId('history-version');
    await expect(versions).toHaveCount(2);
    await expect(versions.first()).toContainText(`${w.title} 2`);
    if (locale === 'fa') await expect(versions.first()).toContainText(/[۰-۹]/);
    await expect(versions.last()).toContainText(`${locale === 'fa' ? 'ساخت' : 'Create'} \u2068${locale}/${w.path}\u2069`);
    if (locale === 'fa') await expect(versions.last()).not.toContainText('Create');
    await versions.last().click();
    const view = page.getByTestId('version-view');
    await expect(view.getByTestId('diff')).toContainText(w.first);
    await expect(view.getByTestId('diff')).toContainText(w.second);
    await shoot(page, `history-${locale}`);

    await view.getByRole('button', { name: w.restore }).click();
    await page
      .getByRole('alertdialog', { name: w.restoreTitle })
      .getByRole('button', { name: w.restoreConfirm, exact: true })
      .click();
    await page.waitForURL(/\/manage\/editor\//);
    const open = await (await page.request.get(`${freshSite.url}/api/builds/open`)).json();
    expect(open.changes).toHaveLength(1);
    expect(open.changes[0].kind).toBe('update');
    expect(open.changes[0].diff).toContain(`+${w.first}`);
    // Nothing public changed: readers still get the second version.
    await page.waitForLoadState('networkidle');
  });

  test(`${locale}: a preview link opened in a fresh context shows the pending text and image with noindex`, async ({
    page,
    browser,
    freshSite,
    login,
  }) => {
    await login('owner', freshSite);
    await savePage(page, freshSite, locale, w.path, w.title, `${w.first}\n`);
    await publish(page, freshSite, 'one');
    // An image uploaded but not published: the preview shows it, at the link's own address.
    const uploaded = await page.request.post(`${freshSite.url}/api/media`, {
      multipart: { file: { name: 'pending.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(uploaded.status()).toBe(201);
    const image = (await uploaded.json()).url as string;
    await savePage(page, freshSite, locale, w.path, w.title, `${w.pending}\n\n![](${image})\n`);

    await page.goto(`${freshSite.url}/${locale}/manage/history/${locale}/${encoded(w.path)}`);
    await page.getByRole('button', { name: w.share }).click();
    const url = await page.getByTestId('preview-url').inputValue();
    expect(url).toMatch(new RegExp(`/${locale}/preview/[A-Za-z0-9_-]{59}$`));
    await page.waitForLoadState('networkidle');

    const stranger = await browser.newContext();
    const reader = await stranger.newPage();
    const failed: string[] = [];
    reader.on('response', (answer) => {
      if (answer.status() >= 400) failed.push(`${answer.status()} ${answer.url()}`);
    });
    const response = await reader.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    expect(response?.headers()['cache-control']).toBe('no-store');
    await expect(reader.getByTestId('preview-banner')).toContainText(w.banner);
    await expect(reader.locator('article')).toContainText(w.pending);
    await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    const shown = reader.locator(`article img[src$="${image}"]`);
    await expect(shown).toHaveAttribute('src', `${new URL(url).pathname}${image}`);
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await reader.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    // Still private at its own address.
    expect((await reader.request.get(`${freshSite.url}${image}`)).status()).toBe(404);
    await shoot(reader, `preview-${locale}`);
    // The published page is untouched, and a wrong token is a 404.
    const published = await reader.goto(`${freshSite.url}/${locale}/${encoded(w.path)}`);
    expect(published?.status()).toBe(200);
    await expect(reader.locator('article')).toContainText(w.first);
    expect((await reader.goto(`${url.slice(0, -1)}${url.endsWith('A') ? 'B' : 'A'}`))?.status()).toBe(404);
    await stranger.close();
  });

  test(`${locale}: the pages list filters by status, in the URL`, async ({ page, freshSite, login }) => {
    await login('owner', freshSite);
    await savePage(page, freshSite, locale, w.path, w.title, `${w.first}\n`, { draft: true });
    await page.goto(`${freshSite.url}/${locale}/manage/pages?locale=${locale}`);
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(1);
    await page.getByLabel(w.status).selectOption('draft');
    await page.waitForURL(/status=draft/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(w.title);
    await shoot(page, `pages-filtered-${locale}`);
    await page.getByLabel(w.status).selectOption('pending');
    await page.waitForURL(/status=pending/);
    await expect(rows).toHaveCount(1);
    await page.getByLabel(w.status).selectOption('published');
    await page.waitForURL(/status=published/);
    await expect(page.locator(`tr[data-page="${locale}/${w.path}"]`)).toHaveCount(0);
    await expect(rows.first()).toBeVisible();
    // A reload keeps the filter.
    await page.reload();
    await expect(page.getByLabel(w.status)).toHaveValue('published');
  });
}

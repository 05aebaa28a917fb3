import type { Page, Route } from '@playwright/test';
import { formatDate } from '../../app/lib/format';
import type { OpenBuild } from '../../common/authoring';
import { addDays, addJalaliMonths, fromJalali, toJalali } from '../../common/jalali';
import { expect, snap, test } from './fixtures';

/*
 * The page editor in both languages: a new page, mixed-direction text, a pasted image uploaded
 * to /api/media, a reload that offers the unsaved draft back from IndexedDB, a save into the open
 * build.
 */

/** A 1×1 PNG, pasted as a file the way a screenshot tool puts one on the clipboard. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** Full-page screenshots from the top, so the sticky site header covers nothing. */
async function shoot(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

async function pasteImage(page: Page, name: string) {
  await page.locator('.ProseMirror').evaluate(
    (element, { base64, fileName }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], fileName, { type: 'image/png' }));
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { base64: PNG_BASE64, fileName: name },
  );
}

/** Today on the browser's clock (the test machine's), as ISO. */
function localToday() {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * The Persian date picker: open it (on today's month), go to the next month, pick day 10 with
 * the mouse, then reopen and move one day on with the keyboard (← is "next" in right-to-left).
 * Returns the ISO date the field now holds.
 */
async function pickJalaliDate(page: Page) {
  const field = page.getByLabel('تاریخ', { exact: true });
  await expect(field).toHaveText('تاریخی انتخاب نشده');
  await field.click();
  const picker = page.getByRole('dialog', { name: 'انتخاب تاریخ' });
  await expect(picker).toBeVisible();
  const today = localToday();
  const { year, month } = toJalali(today);
  // «آبان ۱۴۰۵»: the month's name, then the year (D23).
  const monthTitle = (iso: string) =>
    `${formatDate('fa', iso, { dateStyle: undefined, month: 'long' })} ${formatDate('fa', iso, { dateStyle: undefined, year: 'numeric' })}`;
  await expect(picker.getByTestId('jalali-month')).toHaveText(monthTitle(today));
  await expect(picker.getByTestId('jalali-month')).toHaveText(/^[^\d۰-۹]+ [۰-۹]{4}$/);
  await expect(picker.locator('[aria-current="date"]')).toHaveAttribute('data-day', today);
  await expect(picker.locator('thead')).toHaveText('شیدسچپج');

  // "Today" picks today; "clear" empties the field again.
  await picker.getByRole('button', { name: 'امروز', exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(field).toHaveText(formatDate('fa', today));
  await field.click();
  await picker.getByRole('button', { name: 'پاک کردن تاریخ' }).click();
  await expect(picker).toBeHidden();
  await expect(field).toHaveText('تاریخی انتخاب نشده');
  await field.click();
  await expect(picker.getByTestId('jalali-month')).toHaveText(monthTitle(today));

  await picker.getByRole('button', { name: 'ماه بعد' }).click();
  const next = addJalaliMonths(year, month, 1);
  const tenth = fromJalali({ ...next, day: 10 });
  await expect(picker.getByTestId('jalali-month')).toHaveText(monthTitle(tenth));
  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: 'test-results/screens/editor-fa-date-picker-light.png' });
    await picker.screenshot({ path: 'test-results/screens/editor-fa-date-picker-light-close.png' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: 'test-results/screens/editor-fa-date-picker-dark.png' });
    await picker.screenshot({ path: 'test-results/screens/editor-fa-date-picker-dark-close.png' });
    await page.emulateMedia({ colorScheme: 'light' });
  }
  await picker.getByRole('button', { name: formatDate('fa', tenth), exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(field).toHaveText(formatDate('fa', tenth));

  // The keyboard: the chosen day has focus on opening, arrows move, Enter picks, Escape closes.
  await field.click();
  await expect(picker.getByRole('button', { name: formatDate('fa', tenth), exact: true })).toBeFocused();
  await expect(picker.getByRole('button', { name: formatDate('fa', tenth), exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('ArrowLeft');
  const eleventh = addDays(tenth, 1);
  await expect(picker.getByRole('button', { name: formatDate('fa', eleventh), exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(field).toHaveText(formatDate('fa', eleventh));
  await field.click();
  await expect(picker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(field).toBeFocused();
  await expect(field).toHaveText(formatDate('fa', eleventh));
  return eleventh;
}

const words = {
  fa: {
    title: 'یادداشت آزمایشی ویرایشگر',
    text: 'این متن فارسی با چند English words در میانه است.',
    restore: 'بازگرداندن',
    save: 'ذخیره',
  },
  en: { title: 'Editor test note', text: 'An English line with فارسی in the middle.', restore: 'Restore', save: 'Save' },
} as const;

for (const locale of ['fa', 'en'] as const) {
  test(`${locale}: write a new page, paste an image, reload, restore the draft, save into the open build`, async ({
    page,
    login,
    installedSite,
  }) => {
    await login('editor');
    const path = `logs/editor-test-${locale}`;
    await page.goto(`${installedSite.url}/${locale}/manage/editor/${locale}/${path}`);
    const editor = page.locator('.ProseMirror');
    await expect(editor).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'fa' ? 'rtl' : 'ltr');

    await page.getByLabel(locale === 'fa' ? 'عنوان' : 'Title', { exact: true }).fill(words[locale].title);
    // Dates are stored as ISO; Persian picks them in the Jalali calendar, English in the browser's input.
    const date = locale === 'fa' ? await pickJalaliDate(page) : '2026-03-08';
    if (locale === 'en') await page.getByLabel('Date', { exact: true }).fill(date);
    await editor.click();
    await page.keyboard.type(words[locale].text);
    await page.keyboard.press('Enter');
    // A mixed paragraph takes the page's direction, as published (common/text-direction.ts).
    expect(
      await editor
        .locator('p')
        .first()
        .evaluate((p) => getComputedStyle(p).direction),
    ).toBe(locale === 'fa' ? 'rtl' : 'ltr');

    // Offline for saves (the upload goes through): autosave cannot reach the server, so the edits
    // live only in IndexedDB, which is what the reload below offers back.
    const offline = (route: Route) => (route.request().method() === 'PUT' ? route.abort() : route.fallback());
    await page.route('**/api/pages/**', offline);
    await pasteImage(page, 'pasted-shot.png');
    const image = editor.locator('img[src^="/media/"]');
    await expect(image).toBeVisible();
    await expect(page.getByTestId('save-state')).toHaveText(locale === 'fa' ? 'تغییرات ذخیره‌نشده' : 'Unsaved changes');
    await shoot(page, `editor-${locale}-light`);

    // The draft is written to IndexedDB shortly after typing; a reload offers it back.
    await page.waitForTimeout(1_000);
    page.once('dialog', (dialog) => dialog.accept());
    await page.reload();
    const offer = page.getByTestId('restore-offer');
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: words[locale].restore }).click();
    await expect(offer).toBeHidden();
    await expect(page.locator('.ProseMirror')).toContainText(words[locale].text);
    await expect(page.locator('.ProseMirror img[src^="/media/"]')).toBeVisible();
    await expect(page.getByLabel(locale === 'fa' ? 'عنوان' : 'Title', { exact: true })).toHaveValue(words[locale].title);

    // Source mode shows the Markdown: the image as ![alt](url#WxH), its alt text empty until the author writes one (never the file name, D14).
    await page.getByRole('tab', { name: locale === 'fa' ? 'مارک‌داون' : 'Markdown' }).click();
    const source = page.getByLabel(locale === 'fa' ? 'متن صفحه به مارک‌داون' : 'Page text in Markdown');
    await expect(source).toHaveValue(/!\[\]\(\/media\/[^)]+#1x1\)/);
    await expect(source).toHaveValue(new RegExp(words[locale].text));

    await page.unroute('**/api/pages/**', offline);
    await page.keyboard.press('Control+s');
    await expect(page.getByTestId('save-state')).toHaveText(
      locale === 'fa' ? /^ذخیره شد در [۰-۹]{2}:[۰-۹]{2}$/ : /^Saved · \d{2}:\d{2}$/,
    );

    const open = (await (await page.request.get(`${installedSite.url}/api/builds/open`)).json()) as OpenBuild;
    const change = open.changes.find((item) => item.path === `content/${locale}/${path}.md`);
    expect(change?.kind).toBe('create');
    expect(change?.diff).toContain(words[locale].text);
    expect(change?.diff).toContain(`date: ${date}`);

    // Saved: the draft is gone, so a reload offers nothing and shows the saved page.
    await page.reload();
    await expect(page.locator('.ProseMirror')).toContainText(words[locale].text);
    await expect(page.getByTestId('restore-offer')).toBeHidden();

    if (process.env.SCREENSHOTS) {
      await page.emulateMedia({ colorScheme: 'dark' });
      await shoot(page, `editor-${locale}-dark`);
      await page.setViewportSize({ width: 390, height: 844 });
      await shoot(page, `editor-${locale}-dark-phone`);
      await page.emulateMedia({ colorScheme: 'light' });
      await shoot(page, `editor-${locale}-light-phone`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('tab', { name: locale === 'fa' ? 'پیش‌نمایش' : 'Preview' }).click();
      await expect(page.getByTestId('editor-preview')).toBeVisible();
      await shoot(page, `editor-${locale}-preview`);
    }
  });
}

test('the preview renders with the real renderer, widgets included', async ({ page, login, installedSite }) => {
  await login('editor');
  await page.goto(`${installedSite.url}/en/manage/editor/en/about`);
  await expect(page.locator('.ProseMirror')).toBeVisible();
  await page.getByRole('tab', { name: 'Markdown' }).click();
  await page.getByLabel('Page text in Markdown').fill('## A heading\n\n::latest-logs{limit=2}\n\n```ts\nconst x = 1;\n```');
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByTestId('editor-preview');
  await expect(preview.locator('h2#a-heading')).toHaveText('A heading');
  await expect(preview.getByTestId('widget-latest-logs')).toBeVisible();
  await expect(preview.locator('pre[dir="ltr"]')).toBeVisible();
  // Back to the visual editor: the widget is kept as its source line.
  await page.getByRole('tab', { name: 'Visual' }).click();
  await expect(page.locator('.ProseMirror [data-directive]')).toHaveText('::latest-logs{limit=2}');
});

test("a translation starts from the original page; a refused save marks the field in the reader's language", async ({
  page,
  login,
  installedSite,
}) => {
  await login('editor');
  await page.goto(`${installedSite.url}/fa/manage/editor/en/translated-about?from=fa/about`);
  const title = page.getByLabel('عنوان', { exact: true });
  await expect(title).not.toHaveValue('');
  // The notice names the original, and the original is shown beside the text (issue 37 §3).
  await expect(page.getByText(/^مشخصات از .*\/fa\/about.* برای ترجمه رونویسی شد\.$/)).toBeVisible();
  await expect(page.getByTestId('translation-source').locator('bdi')).toHaveText('/fa/about');
  await title.fill('');
  await page.getByRole('button', { name: 'ذخیره' }).click();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('الزامی است')).toBeVisible();
  await expect(page.getByText('چند فیلد نیاز به اصلاح دارد')).toBeVisible();
});

test('Persian in the editor (issue 25): list markers on the right of Persian items, Markdown lines each in their own direction and the reading font', async ({
  page,
  login,
  installedSite,
}) => {
  await login('editor');
  // A Persian page edited from the English dashboard (the editor's frame is left-to-right).
  await page.goto(`${installedSite.url}/en/manage/editor/fa/logs/persian-list-test`);
  await expect(page.locator('.ProseMirror')).toBeVisible();
  await page.getByRole('tab', { name: 'Markdown' }).click();
  const source = page.getByTestId('markdown-source');
  await source.fill('- یک مورد فارسی\n- دومی\n\n1. English item\n2. second\n\n```js\nconst x = 1;\n```');
  const style = await source.evaluate((element) => {
    const css = getComputedStyle(element);
    return { bidi: css.unicodeBidi, font: css.fontFamily };
  });
  expect(style.bidi).toBe('plaintext');
  expect(style.font).toMatch(/^"?Vazirmatn/);
  await page.getByRole('tab', { name: 'Visual' }).click();
  const side = (selector: string) =>
    page
      .locator(`.ProseMirror ${selector}`)
      .first()
      .evaluate((li) => {
        // Where the marker sits: the list item's text box against its list's padding.
        const list = li.parentElement!.getBoundingClientRect();
        const item = li.getBoundingClientRect();
        return { direction: getComputedStyle(li).direction, right: list.right - item.right, left: item.left - list.left };
      });
  const persian = await side('ul > li');
  expect(persian.direction).toBe('rtl');
  // The list's indent (where the marker sits) is on the right of a Persian list, on the left of an English one.
  expect(persian.right).toBeGreaterThan(persian.left);
  const english = await side('ol > li');
  expect(english.direction).toBe('ltr');
  expect(english.left).toBeGreaterThan(english.right);
});

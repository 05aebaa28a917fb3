import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * Issue 14's whole authoring flow, chained, once per language, through the real screens: write a
 * new page in the editor with mixed-direction text and a pasted image → a reload offers the
 * unsaved draft back from IndexedDB → save into the open build → publish on the builds screen →
 * an anonymous visitor reads the text and loads the image → a reader's tab that was open before
 * publishing does a full page load on its next navigation → revert the build with confirmation →
 * the page is gone. The pieces have their own tests (editor, authoring and content specs); this
 * one checks they hold together.
 */

/** A 1×1 PNG, pasted as a file the way a screenshot tool puts one on the clipboard. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

const words = {
  fa: {
    path: 'logs/گردش-کامل-نوشتن',
    title: 'گردش کامل نوشتن در داشبورد',
    text: 'این پاراگراف فارسی چند English words و عدد 2027 را در میانه دارد.',
    restore: 'بازگرداندن',
    unsaved: 'تغییرات ذخیره‌نشده',
    // After a save: when it was saved (issue 26), Persian digits in Persian.
    saved: /^ذخیره شد در [۰-۹]{2}:[۰-۹]{2}$/,
    titleLabel: 'عنوان',
    buildTitleLabel: 'عنوان ساخت (اختیاری)',
    buildTitle: 'انتشار گردش کامل',
    publish: 'انتشار',
    live: 'ساخت روی سایت است',
    mainMenu: 'فهرست اصلی',
    revert: 'بازگرداندن',
    revertTitle: 'این ساخت بازگردانده شود؟',
    revertConfirm: 'بازگرداندن ساخت',
    reverted: 'بازگردانده‌شده',
    notFound: 'صفحه پیدا نشد',
  },
  en: {
    path: 'logs/the-whole-flow',
    title: 'The whole authoring flow',
    text: 'An English paragraph with فارسی و عربی words and 2027 in the middle.',
    restore: 'Restore',
    unsaved: 'Unsaved changes',
    saved: /^Saved · \d{2}:\d{2}$/,
    titleLabel: 'Title',
    buildTitleLabel: 'Build title (optional)',
    buildTitle: 'Publish the whole flow',
    publish: 'Publish',
    live: 'The build is live',
    mainMenu: 'Main menu',
    revert: 'Revert',
    revertTitle: 'Revert this build?',
    revertConfirm: 'Revert build',
    reverted: 'Reverted',
    notFound: 'Page not found',
  },
} as const;

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

/** The editor's unsaved draft of one page as IndexedDB holds it (app/components/manage/editor/drafts.ts), or null. */
function storedDraft(page: Page, key: string) {
  return page.evaluate(
    (draftKey) =>
      new Promise<{ body: string; frontMatter: { title?: string } } | null>((resolve, reject) => {
        const open = indexedDB.open('editor-drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('drafts')) {
            db.close();
            resolve(null);
            return;
          }
          const get = db.transaction('drafts', 'readonly').objectStore('drafts').get(draftKey);
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            db.close();
            resolve(get.result ?? null);
          };
        };
      }),
    key,
  );
}

for (const locale of ['fa', 'en'] as const) {
  const w = words[locale];
  const file = `content/${locale}/${w.path}.md`;
  const address = `/${locale}/${w.path.split('/').map(encodeURIComponent).join('/')}`;

  test(`${locale}: editor → draft restored → save → publish → visitor reads it → open tab reloads → revert → gone`, async ({
    page,
    browser,
    freshSite,
    login,
  }) => {
    test.setTimeout(120_000);
    await login('owner', freshSite);
    const editorUrl = `${freshSite.url}/${locale}/manage/editor/${locale}/${w.path.split('/').map(encodeURIComponent).join('/')}`;
    const editor = page.locator('.ProseMirror');
    let mediaUrl = '';
    let buildId = '';

    await test.step('write a new page with mixed-direction text and a pasted image', async () => {
      await page.goto(editorUrl);
      await expect(editor).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'fa' ? 'rtl' : 'ltr');
      await page.getByLabel(w.titleLabel, { exact: true }).fill(w.title);
      await editor.click();
      await page.keyboard.type(w.text);
      await page.keyboard.press('Enter');
      // A mixed paragraph takes the page's direction, as published (common/text-direction.ts).
      expect(
        await editor
          .locator('p')
          .first()
          .evaluate((p) => getComputedStyle(p).direction),
      ).toBe(locale === 'fa' ? 'rtl' : 'ltr');
      await pasteImage(page, 'flow-shot.png');
      const image = editor.locator('img[src^="/media/"]');
      await expect(image).toBeVisible();
      mediaUrl = (await image.getAttribute('src'))!;
      await expect(page.getByTestId('save-state')).toHaveText(w.unsaved);
    });

    // Drafts are kept per account (app/components/manage/editor/drafts.ts).
    let draftKey = '';
    await test.step('a reload offers the unsaved draft back, and restoring it brings everything back', async () => {
      const session = await page.evaluate(() => fetch('/api/_auth/session').then((response) => response.json()));
      draftKey = `${(session as { user: { id: string } }).user.id}/${locale}/${w.path}`;
      // The draft reaches IndexedDB shortly after the last edit: wait for it there, not for a time.
      await expect.poll(async () => (await storedDraft(page, draftKey))?.body ?? '').toContain(mediaUrl.replace(/#.*$/, ''));
      expect((await storedDraft(page, draftKey))?.body).toContain(w.text);
      // Unsaved changes: the browser asks before leaving.
      page.once('dialog', (dialog) => dialog.accept());
      await page.reload();
      const offer = page.getByTestId('restore-offer');
      await offer.getByRole('button', { name: w.restore }).click();
      await expect(offer).toBeHidden();
      await expect(editor).toContainText(w.text);
      await expect(editor.locator('img[src^="/media/"]')).toBeVisible();
      await expect(page.getByLabel(w.titleLabel, { exact: true })).toHaveValue(w.title);
    });

    await test.step('save into the open build', async () => {
      await page.keyboard.press('Control+s');
      await expect(page.getByTestId('save-state')).toHaveText(w.saved);
      // Saved: the draft is deleted (the cause of "no offer" on the next visit).
      await expect.poll(() => storedDraft(page, draftKey)).toBeNull();
    });

    // A reader's tab, open on the home page before anything is published.
    const readerContext = await browser.newContext();
    const reader = await readerContext.newPage();
    await test.step('an anonymous reader opens the site in another tab', async () => {
      await reader.goto(`${freshSite.url}/${locale}`);
      await expect(reader.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await reader.evaluate(() => {
        (window as unknown as { marker: string }).marker = 'same document';
      });
      // Not public yet.
      expect((await reader.request.get(`${freshSite.url}${address}`)).status()).toBe(404);
    });

    await test.step('publish on the builds screen', async () => {
      await page.goto(`${freshSite.url}/${locale}/manage/builds`);
      const change = page.locator(`li[data-change="${file}"]`);
      await expect(change.locator('[data-pending="create"]')).toBeVisible();
      await expect(change.getByTestId('diff').locator('tr[data-line="add"]').filter({ hasText: w.text })).toHaveCount(1);
      await page.getByLabel(w.buildTitleLabel).fill(w.buildTitle);
      await page.getByRole('button', { name: w.publish, exact: true }).click();
      await expect(page.getByText(w.live)).toBeVisible();
      await expect(page.getByRole('link', { name: decodeURI(address) })).toHaveAttribute('href', address);
      const latest = page.locator('tr[data-build]').first();
      await expect(latest).toContainText(w.buildTitle);
      buildId = (await latest.getAttribute('data-build'))!;
    });

    await test.step('an anonymous visitor reads the mixed-direction text and sees the pasted image', async () => {
      const context = await browser.newContext();
      const visitor = await context.newPage();
      const response = await visitor.goto(`${freshSite.url}${address}`);
      expect(response?.status()).toBe(200);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(w.title);
      const body = visitor.getByTestId('content-body');
      // The paragraph takes the page's direction (docs/content.md: only code gets its own).
      const paragraph = body.locator('p', { hasText: w.text });
      await expect(paragraph).toHaveText(w.text);
      expect(await paragraph.evaluate((p) => getComputedStyle(p).direction)).toBe(locale === 'fa' ? 'rtl' : 'ltr');
      const image = body.locator(`img[src="${mediaUrl.replace(/#.*$/, '')}"]`);
      await expect(image).toHaveCount(1);
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
      const media = await visitor.request.get(`${freshSite.url}${mediaUrl.replace(/#.*$/, '')}`);
      expect(media.status()).toBe(200);
      expect(media.headers()['content-type']).toMatch(/^image\//);
      await context.close();
    });

    await test.step('the open tab reloads on its next navigation', async () => {
      // The tab notices the new build when it gets focus…
      await reader.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(reader.locator('html')).toHaveAttribute('data-build-stale', 'true');
      // …and its next navigation is a full document load (the window marker is gone).
      await reader.getByRole('navigation', { name: w.mainMenu }).locator(`a[href="/${locale}/logs"]`).click();
      await expect(reader).toHaveURL(`${freshSite.url}/${locale}/logs`);
      await expect(reader.locator('html')).toHaveAttribute('data-hydrated', 'true');
      expect(await reader.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
      await readerContext.close();
    });

    await test.step('revert the build with confirmation: the page is gone', async () => {
      const build = page.locator(`tr[data-build="${buildId}"]`);
      await build.getByRole('button', { name: w.revert }).click();
      await page.getByRole('alertdialog', { name: w.revertTitle }).getByRole('button', { name: w.revertConfirm }).click();
      await expect(build).toContainText(w.reverted);
      // The revert is a new published build, listed first.
      const revertBuild = page.locator('tr[data-build]').first();
      await expect(revertBuild).not.toHaveAttribute('data-build', buildId);
      await expect(revertBuild).toContainText(w.buildTitle);

      const context = await browser.newContext();
      const visitor = await context.newPage();
      const response = await visitor.goto(`${freshSite.url}${address}`);
      expect(response?.status()).toBe(404);
      await expect(visitor.getByTestId('error-message')).toContainText(w.notFound);
      // The image the build added is taken out with it.
      expect((await visitor.request.get(`${freshSite.url}${mediaUrl.replace(/#.*$/, '')}`)).status()).toBe(404);
      await context.close();
    });
  });
}

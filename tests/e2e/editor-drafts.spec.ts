import type { Page } from '@playwright/test';
import { expect, showColorScheme, snap, test } from './fixtures';

/*
 * The editor's unsaved text in this browser (app/components/manage/editor/drafts.ts):
 * - a save the server cannot take (the disk full: 507) keeps the text here and says so, and a
 *   reload offers it back (review 2026-12-07 scale-out F-10);
 * - on a shared browser, drafts belong to the account that typed them: another account is never
 *   offered them, signing out removes them, and a session that merely ended keeps them for the
 *   same account's next sign-in (security review 2026-12-07 F-54).
 */

const words = {
  fa: {
    title: 'عنوان',
    diskFull: 'دیسک سرور پر است: چیزی ذخیره نشد.',
    kept: 'متن شما در همین مرورگر نگه داشته شده',
    restore: 'بازگرداندن',
    logout: 'خروج',
    saved: /^ذخیره شد در [۰-۹]{2}:[۰-۹]{2}$/,
  },
  en: {
    title: 'Title',
    diskFull: 'The server’s disk is full: nothing was saved.',
    kept: 'Your text is kept in this browser',
    restore: 'Restore',
    logout: 'Log out',
    saved: /^Saved · \d{2}:\d{2}$/,
  },
} as const;

/** Every draft this browser keeps for the site (IndexedDB `editor-drafts`), as stored. */
function storedDrafts(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ key: string; userId?: string; body: string }[]>((resolve, reject) => {
        const open = indexedDB.open('editor-drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('drafts')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('drafts', 'readonly').objectStore('drafts').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            resolve(all.result);
          };
        };
      }),
  );
}

/**
 * Types into the editor and waits until the draft is in IndexedDB: the editor read the page's kept
 * draft when it opened, before this write (IndexedDB runs one store's transactions in order), so
 * any offer it was going to make has been made by then.
 */
async function typeUntilKept(page: Page, userId: string, text: string) {
  await page.locator('.ProseMirror').click();
  await page.keyboard.type(text);
  await expect.poll(async () => (await storedDrafts(page)).find((draft) => draft.userId === userId)?.body ?? '').toContain(text);
}

/** The signed-in account's id, as the browser learns it. */
async function accountId(page: Page) {
  const session = await page.evaluate(() => fetch('/api/_auth/session').then((response) => response.json()));
  return (session as { user: { id: string } }).user.id;
}

for (const locale of ['fa', 'en'] as const) {
  const w = words[locale];

  test(`${locale}: a save refused because the disk is full keeps the text in the browser, says so, and offers it back`, async ({
    page,
    login,
    installedSite,
  }) => {
    test.setTimeout(90_000);
    await login('editor');
    const path = `notes/disk-full-${locale}-${Date.now()}`;
    const text = locale === 'fa' ? 'نوشته‌ای که نباید گم شود، with English inside.' : 'Words that must not be lost, با کمی فارسی.';
    // The server's answer when its disk is full (server/http/errors.ts), faked for this page's saves.
    let full = true;
    await page.route(`**/api/pages/${locale}/${path}`, async (route) => {
      if (route.request().method() !== 'PUT' || !full) return route.fallback();
      const message =
        locale === 'fa'
          ? 'دیسک سرور پر است: چیزی ذخیره نشد. از گردانندهٔ سایت بخواهید کمی فضا آزاد کند و سپس دوباره امتحان کنید.'
          : 'The server’s disk is full: nothing was saved. Ask the site’s operator to free some space, then try again.';
      await route.fulfill({ status: 507, contentType: 'application/json', body: JSON.stringify({ statusCode: 507, message }) });
    });
    await page.goto(`${installedSite.url}/${locale}/manage/editor/${locale}/${path}`);
    const editor = page.locator('.ProseMirror');
    await expect(editor).toBeVisible();
    await page.getByLabel(w.title, { exact: true }).fill(`${path} title`);
    await editor.click();
    await page.keyboard.type(text);
    await page.keyboard.press('Control+s');

    const alert = page.getByRole('alert').filter({ hasText: w.diskFull });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(w.kept);
    const key = `${await accountId(page)}/${locale}/${path}`;
    const kept = (await storedDrafts(page)).find((draft) => draft.key === key);
    expect(kept?.body).toContain(text);
    await snap(page, `editor-disk-full-${locale}`);
    await showColorScheme(page, 'dark');
    await snap(page, `editor-disk-full-${locale}-dark`);
    await showColorScheme(page, 'light');

    // Closed and opened again: the text is offered back, and saves once there is room.
    page.once('dialog', (dialog) => dialog.accept());
    await page.reload();
    const offer = page.getByTestId('restore-offer');
    await offer.getByRole('button', { name: w.restore }).click();
    await expect(editor).toContainText(text);
    full = false;
    await page.keyboard.press('Control+s');
    await expect(page.getByTestId('save-state')).toHaveText(w.saved);
    await expect.poll(async () => (await storedDrafts(page)).some((draft) => draft.key === key)).toBe(false);
  });
}

test('on a shared browser: drafts are the account’s own, kept across an ended session, gone at sign-out', async ({
  page,
  context,
  login,
  installedSite,
}) => {
  test.setTimeout(120_000);
  const w = words.en;
  const path = `notes/shared-browser-${Date.now()}`;
  const editorUrl = `${installedSite.url}/en/manage/editor/en/${path}`;
  const editor = page.locator('.ProseMirror');
  const offer = page.getByTestId('restore-offer');
  const secret = 'The editor’s unsaved words, not for the next person.';

  // The editor types and leaves without saving (no title: the automatic save waits for one).
  await login('editor');
  await page.goto(editorUrl);
  await editor.click();
  await page.keyboard.type(secret);
  const editorId = await accountId(page);
  await expect
    .poll(async () => (await storedDrafts(page)).find((draft) => draft.userId === editorId)?.body ?? '')
    .toContain(secret);

  // The session ends (expired, revoked): no sign-out, so the draft waits for the same account.
  await context.clearCookies();
  page.once('dialog', (dialog) => dialog.accept());
  await page.goto(`${installedSite.url}/en`);
  await login('editor');
  await page.goto(editorUrl);
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: w.restore }).click();
  await expect(editor).toContainText(secret);

  // Another account on the same browser is not offered it, and never sees its text.
  page.once('dialog', (dialog) => dialog.accept());
  await page.goto(`${installedSite.url}/en`);
  await context.clearCookies();
  await login('owner');
  await page.goto(editorUrl);
  const ownerId = await accountId(page);
  expect(ownerId).not.toBe(editorId);
  await typeUntilKept(page, ownerId, 'The owner’s own words.');
  await expect(offer).toBeHidden();
  await expect(editor).not.toContainText(secret);

  // The editor again, who signs out: the draft leaves this browser.
  page.once('dialog', (dialog) => dialog.accept());
  await page.goto(`${installedSite.url}/en`);
  await context.clearCookies();
  await login('editor');
  await page.goto(editorUrl);
  await expect(offer).toBeVisible();
  await page.getByRole('button', { name: w.logout }).click();
  // Signed out, the dashboard goes to the home page; the drafts are read there.
  await page.waitForURL(/\/en$/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // Only the owner's draft is left: the owner did not sign out on this browser.
  await expect.poll(async () => (await storedDrafts(page)).map((draft) => draft.userId)).toEqual([ownerId]);
  await login('editor');
  await page.goto(editorUrl);
  await typeUntilKept(page, editorId, 'A fresh start.');
  await expect(offer).toBeHidden();
  await expect(editor).not.toContainText(secret);
  await snap(page, 'editor-drafts-after-sign-out');
});

import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { createNodeDatabase } from '../../platforms/node/database';
import { users } from '../../server/db/schema';
import { createRole } from '../../server/services/roles';
import { setUserRoles } from '../../server/services/users';
import { commitFiles } from '../support/content-repo';
import { ACCOUNTS, createSessionCookie } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, snap, test } from './fixtures';

/*
 * Authoring from the dashboard, in both languages: create a page in the pages screen → pending
 * "create" → listed on the builds screen → publish → an anonymous visitor reads it → delete with
 * confirmation → publish → 404. With SCREENSHOTS=1 both screens are saved in light and dark, on
 * a desktop and a phone (test-results/screens/authoring-…).
 */

const words = {
  en: {
    newPage: 'New page',
    title: 'Title',
    path: 'Path',
    create: 'Create and edit',
    pageTitle: 'Notes on Bilingual Writing',
    suggested: 'notes-on-bilingual-writing',
    pendingCreate: 'Pending: create',
    pendingDelete: 'Pending: delete',
    translate: 'Missing: translate into Persian',
    buildTitle: 'Notes page',
    publish: 'Publish',
    live: 'The build is live',
    delete: 'Delete',
    confirmDelete: 'Delete page',
    deleteTitle: 'Delete this page?',
    search: 'Search pages',
    noMatch: 'No page matches',
    published: 'Published',
  },
  fa: {
    newPage: 'صفحهٔ تازه',
    title: 'عنوان',
    path: 'مسیر',
    create: 'ساخت و ویرایش',
    pageTitle: 'یادداشت‌هایی دربارهٔ نوشتن دوزبانه',
    suggested: 'یادداشت‌هایی-دربارهٔ-نوشتن-دوزبانه',
    pendingCreate: 'در انتظار: ساخت',
    pendingDelete: 'در انتظار: حذف',
    translate: 'ترجمه نشده: ترجمه به انگلیسی',
    buildTitle: 'صفحهٔ یادداشت‌ها',
    publish: 'انتشار',
    live: 'ساخت روی سایت است',
    delete: 'حذف',
    confirmDelete: 'حذف صفحه',
    deleteTitle: 'این صفحه حذف شود؟',
    search: 'جست‌وجوی صفحه‌ها',
    noMatch: 'هیچ صفحه‌ای با',
    published: 'منتشرشده',
  },
} as const;

/** Both themes on a desktop and a phone, when SCREENSHOTS=1 (the theme follows the system when none is stored). */
async function shots(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.reload();
      await snap(page, `${name}-${device}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.reload();
}

async function anonymousStatus(browser: Browser, url: string, text?: string) {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  const response = await visitor.goto(url);
  if (text) await expect(visitor.getByRole('heading', { level: 1, name: text })).toBeVisible();
  const status = response?.status();
  await context.close();
  return status;
}

async function publish(page: Page, site: RunningServer, locale: 'fa' | 'en', buildTitle?: string) {
  const w = words[locale];
  await page.goto(`${site.url}/${locale}/manage/builds`);
  if (buildTitle) await page.getByLabel(locale === 'en' ? 'Build title (optional)' : 'عنوان ساخت (اختیاری)').fill(buildTitle);
  await page.getByRole('button', { name: w.publish, exact: true }).click();
  await expect(page.getByText(w.live)).toBeVisible();
}

for (const locale of ['en', 'fa'] as const) {
  const w = words[locale];
  const file = `content/${locale}/${w.suggested}.md`;
  const address = `/${locale}/${encodeURIComponent(w.suggested)}`;

  test(`${locale}: create a page, publish it, read it, delete it, publish → 404`, async ({ page, browser, freshSite, login }) => {
    await login('owner', freshSite);
    await page.goto(`${freshSite.url}/${locale}/manage/pages`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Create: the path follows the title, in the title's script.
    await page.getByRole('button', { name: w.newPage }).click();
    const dialog = page.getByRole('dialog', { name: w.newPage });
    await dialog.getByLabel(w.title).fill(w.pageTitle);
    await expect(dialog.getByLabel(w.path)).toHaveValue(w.suggested);
    await snap(page, `authoring-create-dialog-${locale}`);
    await dialog.getByRole('button', { name: w.create }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/manage/editor/${locale}/${encodeURIComponent(w.suggested)}$`));

    // The pages table lists it with its pending creation and a way to translate it.
    await page.goto(`${freshSite.url}/${locale}/manage/pages`);
    const row = page.locator(`tr[data-page="${locale}/${w.suggested}"]`);
    await expect(row).toContainText(w.pageTitle);
    await expect(row.locator('[data-pending="create"]')).toHaveText(w.pendingCreate);
    // (Translating asks for the translation's own address: tests/e2e/persian-equal.spec.ts.)
    await expect(row.getByRole('button', { name: w.translate })).toBeVisible();

    // Search narrows the list through the URL.
    await page.getByLabel(w.search).fill('zzz-nothing');
    await expect(page).toHaveURL(/query=zzz-nothing/);
    await expect(page.getByText(w.noMatch)).toBeVisible();
    await page.getByLabel(w.search).fill('');
    await expect(page).not.toHaveURL(/query=/);
    await shots(page, `authoring-pages-${locale}`);

    // The builds screen lists the change with its diff; publish it.
    await page.goto(`${freshSite.url}/${locale}/manage/builds`);
    const change = page.locator(`li[data-change="${file}"]`);
    await expect(change.locator('[data-pending="create"]')).toBeVisible();
    await expect(change.getByTestId('diff').locator('tr[data-line="add"]').filter({ hasText: w.pageTitle })).toHaveCount(1);
    await shots(page, `authoring-builds-${locale}`);
    await publish(page, freshSite, locale, w.buildTitle);
    await expect(page.getByRole('link', { name: decodeURI(address) })).toHaveAttribute('href', address);
    await expect(page.locator('tr[data-build]').first()).toContainText(w.buildTitle);

    // An anonymous visitor reads it.
    expect(await anonymousStatus(browser, `${freshSite.url}${address}`, w.pageTitle)).toBe(200);

    // Delete with confirmation: pending until published.
    await page.goto(`${freshSite.url}/${locale}/manage/pages`);
    await expect(row.locator('[data-pending]')).toHaveCount(0);
    await expect(row).toContainText(w.published);
    await row.getByRole('button', { name: w.delete }).click();
    const confirm = page.getByRole('alertdialog', { name: w.deleteTitle });
    await confirm.getByRole('button', { name: w.confirmDelete }).click();
    await expect(confirm).toBeHidden();
    await expect(row.locator('[data-pending="delete"]')).toHaveText(w.pendingDelete);

    await publish(page, freshSite, locale);
    await shots(page, `authoring-builds-history-${locale}`);
    expect(await anonymousStatus(browser, `${freshSite.url}${address}`)).toBe(404);
  });
}

test('en: move a page, then a conflicting commit elsewhere: publish shows the paths and what to do; discarding resolves it', async ({
  page,
  freshSite,
  login,
}) => {
  await login('owner', freshSite);
  await page.goto(`${freshSite.url}/en/manage/pages`);
  const row = page.locator('tr[data-page="en/about"]');
  await row.getByRole('button', { name: 'Move' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move or rename' });
  await dialog.getByLabel('Path').fill('about-daftar');
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('tr[data-page="en/about-daftar"] [data-pending="move"]')).toHaveText('Pending: move');

  // Someone changes the same file in the content repository meanwhile.
  commitFiles(
    path.join(freshSite.dataDir, 'repo'),
    { 'content/en/about.md': '---\ntitle: About Daftar\n---\n\nChanged in git.\n' },
    'Edit about elsewhere',
  );

  await page.goto(`${freshSite.url}/en/manage/builds`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const conflicts = page.getByTestId('conflicts');
  await expect(conflicts).toContainText('content/en/about.md');
  await expect(page.getByText('To keep the other version: discard the pending change')).toBeVisible();
  await snap(page, 'authoring-builds-conflict-en');

  // Keep the other version: discard the pending move.
  const change = page.locator('li[data-change="content/en/about-daftar.md"]');
  await change.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard change' }).click();
  await expect(page.getByText('Nothing is waiting to be published')).toBeVisible();
});

test('fa: revert a published build with confirmation: the page is gone again', async ({ page, browser, freshSite, login }) => {
  await login('owner', freshSite);
  const saved = await page.request.put(`${freshSite.url}/api/pages/fa/${encodeURIComponent('برگشت')}`, {
    headers: { 'if-none-match': '*' },
    data: { frontMatter: { title: 'صفحه‌ای برای بازگرداندن' }, body: 'متن آزمایشی.' },
  });
  expect(saved.status()).toBe(200);
  await publish(page, freshSite, 'fa', 'ساخت برای بازگرداندن');
  const address = `${freshSite.url}/fa/${encodeURIComponent('برگشت')}`;
  expect(await anonymousStatus(browser, address, 'صفحه‌ای برای بازگرداندن')).toBe(200);

  const build = page.locator('tr[data-build="1"]');
  await expect(build).toContainText('ساخت برای بازگرداندن');
  await build.getByRole('button', { name: 'بازگرداندن' }).click();
  await page
    .getByRole('alertdialog', { name: 'این ساخت بازگردانده شود؟' })
    .getByRole('button', { name: 'بازگرداندن ساخت' })
    .click();
  await expect(build).toContainText('بازگردانده‌شده');
  // The revert build reads in the screen's language, the reverted title inside (D20).
  await expect(page.locator('tr[data-build]').first()).toContainText('بازگرداندن «\u2068ساخت برای بازگرداندن\u2069»');
  expect(await anonymousStatus(browser, address)).toBe(404);
});

test('en: the pages list pages by ?page= and keeps the locale tab in the URL', async ({ page, freshSite, login }) => {
  await login('owner', freshSite);
  // The sample site has 7 English pages; 14 more make two pages of 20.
  for (let n = 1; n <= 14; n++) {
    const saved = await page.request.put(`${freshSite.url}/api/pages/en/extra/page-${n}`, {
      headers: { 'if-none-match': '*' },
      data: { frontMatter: { title: `Extra page ${n}` }, body: 'Text.' },
    });
    expect(saved.status()).toBe(200);
  }
  await page.goto(`${freshSite.url}/en/manage/pages?locale=en`);
  await expect(page.getByText('Pages found: 21')).toBeVisible();
  await expect(page.locator('tr[data-page]')).toHaveCount(20);
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.locator('tr[data-page]')).toHaveCount(1);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();

  // The other locale's tab, by keyboard: the list and the URL follow.
  await page.getByRole('tab', { name: 'English' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/[?&]locale=fa/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.locator('tr[data-page^="fa/"]').first()).toBeVisible();
});

test('fa: the create dialog refuses a taken path with the API message in Persian, and a reserved one before sending', async ({
  page,
  freshSite,
  login,
}) => {
  await login('owner', freshSite);
  await page.goto(`${freshSite.url}/fa/manage/pages`);
  await page.getByRole('button', { name: 'صفحهٔ تازه' }).click();
  const dialog = page.getByRole('dialog', { name: 'صفحهٔ تازه' });
  await dialog.getByLabel('عنوان').fill('درباره');
  await dialog.getByLabel('مسیر').fill('manage');
  await dialog.getByRole('button', { name: 'ساخت و ویرایش' }).click();
  await expect(dialog.getByText('نشانی /fa/manage از آنِ خود سایت است؛ مسیر دیگری برگزینید')).toBeVisible();

  await dialog.getByLabel('مسیر').fill('about');
  await dialog.getByRole('button', { name: 'ساخت و ویرایش' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('در /fa/about صفحه‌ای وجود دارد');
  await expect(page).toHaveURL(/\/fa\/manage\/pages$/);
});

test('en: a reader (dashboard and builds, no edits) sees the lists without the buttons; the API refuses edits', async ({
  page,
  freshSite,
  login,
}) => {
  // The member becomes a reader: a role with dashboard.read and builds.read only.
  const { db, close } = await createNodeDatabase(`file:${path.join(freshSite.dataDir, 'daftar.db')}`);
  try {
    // Done as the owner would: the grant rule (server/services/grants.ts) checks the actor.
    const owner = { id: 'owner', roles: ['owner'], permissions: [] };
    await createRole(db, owner, { name: 'reader', permissions: ['dashboard.read', 'builds.read'] });
    const member = await db.select({ id: users.id }).from(users).where(eq(users.username, ACCOUNTS.member.userName)).get();
    await setUserRoles(db, owner, member!.id, ['reader']);
  } finally {
    close();
  }
  // One pending change, made by the owner.
  const owner = await createSessionCookie(freshSite, 'owner');
  const saved = await fetch(`${freshSite.url}/api/pages/en/pending-one`, {
    method: 'PUT',
    headers: { cookie: `${owner.name}=${owner.value}`, 'content-type': 'application/json', 'if-none-match': '*' },
    body: JSON.stringify({ frontMatter: { title: 'Pending one' }, body: 'Text.' }),
  });
  expect(saved.status).toBe(200);

  await login('member', freshSite);
  await page.goto(`${freshSite.url}/en/manage/pages`);
  const row = page.locator('tr[data-page="en/pending-one"]');
  await expect(row).toContainText('Pending one');
  await expect(page.getByRole('button', { name: 'New page' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Move' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(row.getByRole('link', { name: 'Pending one' })).toHaveCount(0);
  await expect(row).toContainText('No Persian version');

  await page.goto(`${freshSite.url}/en/manage/builds`);
  await expect(page.locator('li[data-change="content/en/pending-one.md"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Discard' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);

  // Let the page finish its own start-up requests before the test (and its browser) ends.
  await page.waitForLoadState('networkidle');
  const refused = await page.request.delete(`${freshSite.url}/api/pages/en/pending-one`);
  expect(refused.status()).toBe(403);
  const publish = await page.request.post(`${freshSite.url}/api/builds/publish`);
  expect(publish.status()).toBe(403);
});

test('en: after a conflict, "Keep my version" saves it over the other one and the next publish wins', async ({
  page,
  browser,
  freshSite,
  login,
}) => {
  await login('owner', freshSite);
  const saved = await page.request.put(`${freshSite.url}/api/pages/en/about`, {
    data: { frontMatter: { title: 'About Daftar, my version' }, body: 'Mine.' },
  });
  expect(saved.status()).toBe(200);
  commitFiles(
    path.join(freshSite.dataDir, 'repo'),
    { 'content/en/about.md': '---\ntitle: About Daftar, their version\n---\n\nTheirs.\n' },
    'Edit about elsewhere',
  );

  await page.goto(`${freshSite.url}/en/manage/builds`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByTestId('conflicts')).toContainText('content/en/about.md');
  const change = page.locator('li[data-change="content/en/about.md"]');
  // The diff now compares mine with theirs.
  await expect(change.locator('tr[data-line="remove"]').filter({ hasText: 'their version' })).toHaveCount(1);
  await change.getByRole('button', { name: 'Keep my version' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Keep my version' }).click();
  await expect(page.getByText('Your version is kept; publish to apply it', { exact: true })).toBeVisible();

  await publish(page, freshSite, 'en');
  expect(await anonymousStatus(browser, `${freshSite.url}/en/about`, 'About Daftar, my version')).toBe(200);
});

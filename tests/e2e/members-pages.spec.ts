import { createSessionCookie } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, showColorScheme, snap, test } from './fixtures';
import { accountFields } from './words';

/**
 * Members-only pages in the browser (issue 40 §3, docs/content.md "Members-only pages"): the editor's
 * switch, the first block and the sign-in note for a visitor, and the whole page after signing in
 * through the note's link, which comes back to the page — in both languages. SCREENSHOTS=1 keeps
 * the note in light and dark, on a phone too, and the editor's switch.
 */
const HIDDEN = { en: 'Zanzibarhidden words for members', fa: 'واژه‌های پنهانِ ویژهٔ اعضا' };
const W = {
  en: {
    title: 'Club notes',
    first: 'The opening paragraph, for everyone.',
    note: 'The rest of this page is for members.',
    signIn: 'Sign in to read it all',
    login: 'Log in',
    badge: 'For members',
    switch: 'For members only (the first paragraph is public; the rest only for signed-in readers)',
  },
  fa: {
    title: 'یادداشت‌های باشگاه',
    first: 'بند آغازین، برای همه.',
    note: 'ادامهٔ این صفحه ویژهٔ اعضاست.',
    signIn: 'برای خواندن همهٔ آن وارد شوید',
    login: 'ورود',
    badge: 'ویژهٔ اعضا',
    switch: 'ویژهٔ اعضا (بند نخست برای همه؛ ادامه فقط برای خوانندگانِ واردشده)',
  },
} as const;

async function ownerApi(site: RunningServer) {
  const { name, value } = await createSessionCookie(site, 'owner');
  return (method: string, path: string, body?: unknown) =>
    fetch(`${site.url}${path}`, {
      method,
      headers: { cookie: `${name}=${value}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

test('a members page: the first block and a sign-in note for visitors, all of it after signing in (fa, en)', async ({
  freshSite,
  page,
  login,
}) => {
  test.setTimeout(240_000);
  const api = await ownerApi(freshSite);
  for (const locale of ['en', 'fa'] as const) {
    const saved = await api('PUT', `/api/pages/${locale}/club`, {
      frontMatter: { title: W[locale].title, date: '2026-05-01', comments: true },
      body: `${W[locale].first}\n\n## ${locale === 'en' ? 'More' : 'بیشتر'}\n\n${HIDDEN[locale]}\n`,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
  // The switch in the editor's page details writes `visibility: members`.
  await login('editor', freshSite);
  for (const locale of ['en', 'fa'] as const) {
    await page.goto(`${freshSite.url}/${locale}/manage/editor/${locale}/club`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const toggle = page.getByLabel(W[locale].switch);
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    if (process.env.SCREENSHOTS)
      await page.getByTestId('front-matter').screenshot({ path: `test-results/screens/members-switch-${locale}.png` });
    await page.getByRole('button', { name: locale === 'en' ? 'Save' : 'ذخیره', exact: true }).click();
    await expect(page.getByTestId('save-state')).toHaveText(locale === 'en' ? /^Saved ·/ : /^ذخیره شد/);
    const doc = (await (await api('GET', `/api/pages/${locale}/club`)).json()) as { frontMatter: Record<string, unknown> };
    expect(doc.frontMatter.visibility).toBe('members');
  }
  expect((await api('POST', '/api/builds/publish', { title: 'Members pages' })).status).toBe(200);
  await page.context().clearCookies();

  for (const locale of ['en', 'fa'] as const) {
    const w = W[locale];
    await page.goto(`${freshSite.url}/${locale}/club`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.locator('h1')).toHaveText(w.title);
    await expect(page.getByTestId('article')).toContainText(w.first);
    await expect(page.getByTestId('article')).not.toContainText(HIDDEN[locale]);
    await expect(page.getByTestId('members-note')).toContainText(w.note);
    await expect(page.getByTestId('members-badge')).toHaveText(w.badge);
    // No comment thread for a visitor who may not read the page.
    await expect(page.getByTestId('comment-sign-in')).toHaveCount(0);
    // The note follows the page's direction.
    const align = await page.getByTestId('members-note').evaluate((node) => getComputedStyle(node).direction);
    expect(align).toBe(locale === 'fa' ? 'rtl' : 'ltr');
    for (const scheme of ['light', 'dark'] as const) {
      await showColorScheme(page, scheme);
      await page.getByTestId('members-note').scrollIntoViewIfNeeded();
      await snap(page, `members-note-${locale}-${scheme}`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, `members-note-${locale}-phone`);
    await page.setViewportSize({ width: 1280, height: 720 });
    await showColorScheme(page, 'light');

    // Signing in through the note comes back to the page, which is then whole.
    await page.getByTestId('members-sign-in').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/login\\?redirectTo=%2F${locale}%2Fclub$`));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.getByLabel(accountFields[locale].userName, { exact: true }).fill('member');
    await page.getByLabel(accountFields[locale].password, { exact: true }).fill('member-pass-1');
    await page.getByRole('button', { name: w.login, exact: true }).click();
    await expect(page).toHaveURL(`${freshSite.url}/${locale}/club`);
    await expect(page.getByTestId('article')).toContainText(HIDDEN[locale]);
    await expect(page.getByTestId('members-note')).toHaveCount(0);
    await snap(page, `members-open-${locale}`);
    await page.context().clearCookies();
  }
});

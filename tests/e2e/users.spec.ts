import enShell from '../../app/i18n/locales/en/shell.json' with { type: 'json' };
import en from '../../app/i18n/locales/en/users.json' with { type: 'json' };
import faShell from '../../app/i18n/locales/fa/shell.json' with { type: 'json' };
import fa from '../../app/i18n/locales/fa/users.json' with { type: 'json' };
import type { Locale } from '../../common/locales';
import { expect, test } from './fixtures';

/*
 * The users screen (issue 10): the owner creates an editor, who may open pages and builds but not
 * users; the owner copies a one-time reset link, and it works once. In both languages.
 */
const words = { en: en.users, fa: fa.users } as const;
const errors = { en: enShell.errors, fa: faShell.errors } as const;
const STRONG = 'violet harbour lantern 42';

for (const locale of ['en', 'fa'] as const satisfies Locale[]) {
  const t = words[locale];

  test(`${locale}: the owner creates an editor, who opens pages and builds but is refused users`, async ({
    page,
    browser,
    freshSite,
    login,
  }) => {
    const userName = `writer-${locale}`;
    await test.step('the owner creates the account with the editor role', async () => {
      await login('owner', freshSite);
      await page.goto(`${freshSite.url}/${locale}/manage/users`);
      await page.getByRole('button', { name: t.create.open }).click();
      const dialog = page.getByRole('dialog', { name: t.create.title });
      // Hostile input first: the form refuses it before anything is sent.
      await dialog.getByLabel(t.fields.userName, { exact: true }).fill('no spaces allowed');
      await dialog.getByLabel(t.fields.password, { exact: true }).fill('short');
      await dialog.getByRole('button', { name: t.create.submit }).click();
      await expect(dialog.getByLabel(t.fields.userName, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await dialog.getByLabel(t.fields.firstName, { exact: true }).fill('Nika');
      await dialog.getByLabel(t.fields.lastName, { exact: true }).fill('Samadi');
      await dialog.getByLabel(t.fields.userName, { exact: true }).fill(userName);
      await dialog.getByLabel(t.fields.password, { exact: true }).fill(STRONG);
      await dialog.getByLabel(t.fields.confirmPassword, { exact: true }).fill(STRONG);
      // The default roles read in the page's language (issue 30, D16).
      const role = locale === 'fa' ? { member: 'عضو', editor: 'ویراستار' } : { member: 'Member', editor: 'Editor' };
      await dialog.getByRole('checkbox', { name: new RegExp(`^${role.member}\\s`) }).uncheck();
      await dialog.getByRole('checkbox', { name: new RegExp(`^${role.editor}\\s`) }).check();
      await dialog.getByRole('button', { name: t.create.submit }).click();
      await expect(dialog).toBeHidden();
      const row = page.locator(`tr[data-user="${userName}"]`);
      await expect(row).toContainText('Nika Samadi');
      await expect(row.getByRole('listitem')).toHaveText([role.editor]);
    });

    await test.step('the new editor signs in: pages and builds open, users is 403', async () => {
      const context = await browser.newContext();
      const editor = await context.newPage();
      const signIn = await editor.request.post(`${freshSite.url}/api/auth/login`, { data: { userName, password: STRONG } });
      expect(signIn.status()).toBe(200);
      for (const section of ['pages', 'builds']) {
        const response = await editor.goto(`${freshSite.url}/${locale}/manage/${section}`);
        expect(response?.status(), section).toBe(200);
      }
      const refused = await editor.goto(`${freshSite.url}/${locale}/manage/users`);
      expect(refused?.status()).toBe(403);
      await expect(editor.getByRole('heading', { name: errors[locale].forbiddenTitle })).toBeVisible();
      await context.close();
    });
  });

  test(`${locale}: the owner copies a password reset link; it sets a new password once`, async ({
    page,
    browser,
    context,
    freshSite,
    login,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: freshSite.url });
    await login('owner', freshSite);
    await page.goto(`${freshSite.url}/${locale}/manage/users`);
    const row = page.locator('tr[data-user="member"]');
    await row.getByRole('button', { name: t.reset.open }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(t.reset.title.replace('{{name}}', '.+')) });
    await dialog.getByRole('button', { name: t.reset.create }).click();
    await dialog.getByRole('button', { name: t.reset.copy }).click();
    // The clipboard holds the link once the copy went through.
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('/reset-password?token=');
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(new RegExp(`^${freshSite.url}/${locale}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
    await expect(dialog.getByTestId('reset-link')).toHaveValue(url);

    const anonymous = await browser.newContext();
    const visitor = await anonymous.newPage();
    await test.step('the link opens the form; a weak password is refused without spending it', async () => {
      await visitor.goto(url);
      await expect(visitor.getByRole('heading', { name: t.resetPage.title })).toBeVisible();
      await visitor.getByLabel(t.fields.password, { exact: true }).fill('password');
      await visitor.getByLabel(t.fields.confirmPassword, { exact: true }).fill('password');
      await visitor.getByRole('button', { name: t.resetPage.submit }).click();
      await expect(visitor.getByLabel(t.fields.password, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    });
    await test.step('a strong password is set; the new password signs in', async () => {
      await visitor.getByLabel(t.fields.password, { exact: true }).fill(STRONG);
      await visitor.getByLabel(t.fields.confirmPassword, { exact: true }).fill(STRONG);
      await visitor.getByRole('button', { name: t.resetPage.submit }).click();
      await expect(visitor.getByText(t.resetPage.success)).toBeVisible();
      const signIn = await visitor.request.post(`${freshSite.url}/api/auth/login`, {
        data: { userName: 'member', password: STRONG },
      });
      expect(signIn.status()).toBe(200);
    });
    await test.step('the same link a second time says it was used', async () => {
      await visitor.goto(url);
      await expect(visitor.getByRole('heading', { name: t.resetPage.unusable })).toBeVisible();
      await expect(visitor.getByRole('alert')).toContainText(locale === 'en' ? 'already been used' : 'پیش‌تر به کار رفته است');
      await expect(visitor.getByLabel(t.fields.password, { exact: true })).toHaveCount(0);
    });
    await anonymous.close();
  });
}

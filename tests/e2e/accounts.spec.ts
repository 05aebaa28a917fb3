import { OWNER } from '../support/install';
import { expect, snap, test } from './fixtures';
import { accountFields } from './words';

const words = {
  en: {
    ...accountFields.en,
    register: 'Register',
    login: 'Log in',
    logout: 'Log out',
    invalid: 'Invalid username or password',
    forbidden: 'Access denied',
    short: 'Must be at least 2 characters',
    show: 'Show password',
    hide: 'Hide password',
  },
  fa: {
    ...accountFields.fa,
    register: 'ثبت‌نام',
    login: 'ورود',
    logout: 'خروج',
    invalid: 'نام کاربری یا گذرواژه نادرست است',
    forbidden: 'دسترسی ممنوع',
    short: 'دست‌کم ۲ نویسه لازم است',
    show: 'نمایش گذرواژه',
    hide: 'پنهان کردن گذرواژه',
  },
} as const;

for (const locale of ['fa', 'en'] as const) {
  const w = words[locale];
  test(`register, log out, log in and the redirects that follow (${locale})`, async ({ page, installedSite }) => {
    const site = installedSite.url;
    const userName = `reader-${locale}`;
    await test.step('register, with the shared rules checked in the browser', async () => {
      await page.goto(`${site}/${locale}/register`);
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      // A first name needs 2 characters; a last name of one (Wu, «لو») is a real name (issue 30).
      await page.getByLabel(w.firstName, { exact: true }).fill('R');
      await page.getByLabel(w.lastName, { exact: true }).fill('Wu');
      await page.getByLabel(w.about, { exact: true }).click();
      await expect(page.getByText(w.short)).toBeVisible();
      await page.getByLabel(w.firstName, { exact: true }).fill('Reza');
      await page.getByLabel(w.lastName, { exact: true }).fill('Amini');
      await page.getByLabel(w.about, { exact: true }).fill('Reads the logs');
      await page.getByLabel(w.userName, { exact: true }).fill(userName);
      await page.getByLabel(w.password, { exact: true }).fill('reader-pass');
      await page.getByLabel(w.confirm, { exact: true }).fill('reader-pass');
      // Both are new passwords for password managers, written left to right, hidden until asked.
      for (const label of [w.password, w.confirm]) {
        const field = page.getByLabel(label, { exact: true });
        await expect(field).toHaveAttribute('autocomplete', 'new-password');
        await expect(field).toHaveAttribute('dir', 'ltr');
        await expect(field).toHaveAttribute('type', 'password');
      }
      const password = page.getByLabel(w.password, { exact: true });
      const toggle = page.getByRole('button', { name: w.show }).first();
      await toggle.click();
      await expect(password).toHaveAttribute('type', 'text');
      await expect(page.getByRole('button', { name: w.hide })).toHaveAttribute('aria-pressed', 'true');
      await page.getByRole('button', { name: w.hide }).click();
      await expect(password).toHaveAttribute('type', 'password');
      await expect(password).toHaveValue('reader-pass');
      await snap(page, `register-${locale}`);
      await page.getByRole('button', { name: w.register, exact: true }).click();
    });

    await test.step('a member lands on the profile; login and register send it on; the users page is a 403', async () => {
      await expect(page).toHaveURL(`${site}/${locale}/profile`);
      await expect(page.getByRole('button', { name: w.logout })).toBeVisible();
      await page.goto(`${site}/${locale}/login`);
      await expect(page).toHaveURL(`${site}/${locale}/profile`);
      await page.goto(`${site}/${locale === 'fa' ? 'en' : 'fa'}/register`);
      await expect(page).toHaveURL(/\/profile$/);

      const refused = await page.goto(`${site}/${locale}/manage/users`);
      expect(refused?.status()).toBe(403);
      await expect(page.getByRole('heading', { name: w.forbidden })).toBeVisible();
      await snap(page, `forbidden-${locale}`);
    });

    await test.step('log out', async () => {
      await page.goto(`${site}/${locale}`);
      // Signing out runs in the browser: click once the page is hydrated.
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      await page.getByRole('button', { name: w.logout }).click();
      await expect(page.getByRole('link', { name: w.login, exact: true })).toBeVisible();
      expect((await (await page.request.get(`${site}/api/_auth/session`)).json()).loggedIn).toBe(false);
    });

    await test.step('a wrong password gets one generic message; then the right one signs in', async () => {
      await page.goto(`${site}/${locale}/login`);
      await page.getByLabel(w.userName, { exact: true }).fill(userName);
      await expect(page.getByLabel(w.password, { exact: true })).toHaveAttribute('autocomplete', 'current-password');
      await page.getByLabel(w.password, { exact: true }).fill('not-it');
      await page.getByRole('button', { name: w.login, exact: true }).click();
      await expect(page.getByText(w.invalid)).toBeVisible();
      await snap(page, `login-${locale}`);
      await page.getByLabel(w.password, { exact: true }).fill('reader-pass');
      await page.getByRole('button', { name: w.login, exact: true }).click();
      await expect(page).toHaveURL(`${site}/${locale}/profile`);
    });
  });

  test(`an anonymous visitor of the dashboard goes to login and comes back (${locale})`, async ({ page, installedSite }) => {
    await page.goto(`${installedSite.url}/${locale}/manage`);
    await expect(page).toHaveURL(`${installedSite.url}/${locale}/login?redirectTo=${encodeURIComponent(`/${locale}/manage`)}`);
    await page.getByLabel(w.userName, { exact: true }).fill(OWNER.userName);
    await page.getByLabel(w.password, { exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: w.login, exact: true }).click();
    await expect(page).toHaveURL(`${installedSite.url}/${locale}/manage`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale === 'fa' ? 'نمای کلی' : 'Overview');
    // The owner is sent from /login to the dashboard, and may open every section.
    await page.goto(`${installedSite.url}/${locale}/login`);
    await expect(page).toHaveURL(`${installedSite.url}/${locale}/manage`);
    for (const section of ['users', 'builds', 'comments', 'settings']) {
      expect((await page.goto(`${installedSite.url}/${locale}/manage/${section}`))?.status()).toBe(200);
    }
  });
}

test('a taken user name is reported once, beside its field; the toast only points there', async ({ page, installedSite }) => {
  const w = words.en;
  await page.goto(`${installedSite.url}/en/register`);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.getByLabel(w.firstName, { exact: true }).fill('Reza');
  await page.getByLabel(w.lastName, { exact: true }).fill('Amini');
  await page.getByLabel(w.about, { exact: true }).fill('Reads the logs');
  await page.getByLabel(w.userName, { exact: true }).fill('member');
  await page.getByLabel(w.password, { exact: true }).fill('reader-pass');
  await page.getByLabel(w.confirm, { exact: true }).fill('reader-pass');
  await page.getByRole('button', { name: w.register, exact: true }).click();
  await expect(page.getByText('Please correct the highlighted fields', { exact: true })).toBeVisible();
  await expect(page.getByText('This user name is already taken')).toHaveCount(1);
});

test('a return path to another site is ignored', async ({ page, installedSite }) => {
  await page.goto(`${installedSite.url}/en/login?redirectTo=${encodeURIComponent('//evil.example/x')}`);
  await page.getByLabel('User name', { exact: true }).fill(OWNER.userName);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(`${installedSite.url}/en`);
});

test('an editor signed in by role reaches the builds page but not the users page', async ({ page, login, installedSite }) => {
  const editor = await login('editor');
  const session = await (await page.request.get(`${installedSite.url}/api/_auth/session`)).json();
  expect(session.user.username).toBe(editor.userName);
  expect((await page.goto(`${installedSite.url}/en/manage/builds`))?.status()).toBe(200);
  expect((await page.goto(`${installedSite.url}/en/manage/users`))?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: words.en.forbidden })).toBeVisible();
});

test('a member signed in by role is refused the dashboard', async ({ page, login, installedSite }) => {
  await login('member');
  expect((await page.goto(`${installedSite.url}/fa/manage`))?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: words.fa.forbidden })).toBeVisible();
});

import { OWNER, startInstalledServer } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, snap, test } from './fixtures';

const words = {
  en: {
    register: 'Register',
    login: 'Log in',
    logout: 'Log out',
    firstName: 'First name',
    lastName: 'Last name',
    about: 'About',
    userName: 'User name',
    password: 'Password',
    confirm: 'Confirm Password',
    invalid: 'Invalid username or password',
    forbidden: 'Access denied',
    short: 'Must be at least 3 characters',
  },
  fa: {
    register: 'ثبت‌نام',
    login: 'ورود',
    logout: 'خروج',
    firstName: 'نام',
    lastName: 'نام خانوادگی',
    about: 'درباره',
    userName: 'نام کاربری',
    password: 'گذرواژه',
    confirm: 'تکرار گذرواژه',
    invalid: 'نام کاربری یا گذرواژه نادرست است',
    forbidden: 'دسترسی ممنوع',
    short: 'دست‌کم ۳ نویسه لازم است',
  },
} as const;

let server: RunningServer;
test.beforeAll(async () => {
  server = await startInstalledServer();
});
test.afterAll(async () => {
  await server.stop();
});

for (const locale of ['fa', 'en'] as const) {
  const w = words[locale];
  test(`register, log out, log in and the redirects that follow (${locale})`, async ({ page }) => {
    const userName = `reader-${locale}`;
    await page.goto(`${server.url}/${locale}/register`);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await page.getByLabel(w.firstName, { exact: true }).fill('Reza');
    await page.getByLabel(w.lastName, { exact: true }).fill('Am');
    await page.getByLabel(w.about, { exact: true }).click();
    await expect(page.getByText(w.short)).toBeVisible();
    await page.getByLabel(w.lastName, { exact: true }).fill('Amini');
    await page.getByLabel(w.about, { exact: true }).fill('Reads the logs');
    await page.getByLabel(w.userName, { exact: true }).fill(userName);
    await page.getByLabel(w.password, { exact: true }).fill('reader-pass');
    await page.getByLabel(w.confirm, { exact: true }).fill('reader-pass');
    await snap(page, `register-${locale}`);
    await page.getByRole('button', { name: w.register, exact: true }).click();

    // A member lands on the profile.
    await expect(page).toHaveURL(`${server.url}/${locale}/profile`);
    await expect(page.getByRole('button', { name: w.logout })).toBeVisible();
    // Login and register now send the member on.
    await page.goto(`${server.url}/${locale}/login`);
    await expect(page).toHaveURL(`${server.url}/${locale}/profile`);
    await page.goto(`${server.url}/${locale === 'fa' ? 'en' : 'fa'}/register`);
    await expect(page).toHaveURL(/\/profile$/);

    // A member is refused the users page with the 403 page.
    const refused = await page.goto(`${server.url}/${locale}/manage/users`);
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: w.forbidden })).toBeVisible();
    await snap(page, `forbidden-${locale}`);

    await page.goto(`${server.url}/${locale}`);
    await page.getByRole('button', { name: w.logout }).click();
    await expect(page.getByRole('link', { name: w.login, exact: true })).toBeVisible();
    expect((await (await page.request.get(`${server.url}/api/_auth/session`)).json()).loggedIn).toBe(false);

    // Wrong password: one generic message; then the right one.
    await page.goto(`${server.url}/${locale}/login`);
    await page.getByLabel(w.userName, { exact: true }).fill(userName);
    await page.getByLabel(w.password, { exact: true }).fill('not-it');
    await page.getByRole('button', { name: w.login, exact: true }).click();
    await expect(page.getByText(w.invalid)).toBeVisible();
    await snap(page, `login-${locale}`);
    await page.getByLabel(w.password, { exact: true }).fill('reader-pass');
    await page.getByRole('button', { name: w.login, exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/${locale}/profile`);
  });

  test(`an anonymous visitor of the dashboard goes to login and comes back (${locale})`, async ({ page }) => {
    await page.goto(`${server.url}/${locale}/manage`);
    await expect(page).toHaveURL(`${server.url}/${locale}/login?redirectTo=${encodeURIComponent(`/${locale}/manage`)}`);
    await page.getByLabel(w.userName, { exact: true }).fill(OWNER.userName);
    await page.getByLabel(w.password, { exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: w.login, exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/${locale}/manage`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale === 'fa' ? 'پیشخوان' : 'Dashboard');
    // The owner is sent from /login to the dashboard, and may open every section.
    await page.goto(`${server.url}/${locale}/login`);
    await expect(page).toHaveURL(`${server.url}/${locale}/manage`);
    for (const section of ['users', 'builds', 'comments', 'settings']) {
      expect((await page.goto(`${server.url}/${locale}/manage/${section}`))?.status()).toBe(200);
    }
  });
}

test('a return path to another site is ignored', async ({ page }) => {
  await page.goto(`${server.url}/en/login?redirectTo=${encodeURIComponent('//evil.example/x')}`);
  await page.getByLabel('User name', { exact: true }).fill(OWNER.userName);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/en`);
});

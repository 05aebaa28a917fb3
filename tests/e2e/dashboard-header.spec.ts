import { expect, test } from './fixtures';

/*
 * The dashboard's header is rendered on the server with the signed-in links (Dashboard, Profile,
 * Log out), not only after hydration fetched the session (issue 30, D26). Scripts are refused
 * here, so what shows is the server's HTML alone.
 */
for (const [locale, words] of [
  ['fa', { dashboard: 'پیشخوان', profile: 'نمایه', logout: 'خروج', login: 'ورود' }],
  ['en', { dashboard: 'Dashboard', profile: 'Profile', logout: 'Log out', login: 'Log in' }],
] as const) {
  test(`the dashboard header has its signed-in links before any script runs (${locale})`, async ({
    page,
    login,
    installedSite,
  }) => {
    await login('owner');
    await page.route(/\.m?js(\?|$)/, (route) => route.abort());
    await page.goto(`${installedSite.url}/${locale}/manage`);
    const header = page.locator('header').first();
    await expect(header.getByRole('link', { name: words.dashboard, exact: true })).toHaveAttribute('href', `/${locale}/manage`);
    await expect(header.getByRole('link', { name: words.profile, exact: true })).toHaveAttribute('href', `/${locale}/profile`);
    await expect(header.getByRole('button', { name: words.logout })).toBeVisible();
    await expect(header.getByRole('link', { name: words.login })).toHaveCount(0);
  });
}

import { createSessionCookie } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, test } from './fixtures';

/*
 * The dashboard guard decides on the route React Router matched, so no spelling of a URL reaches
 * a page under a weaker rule (security report F-03: an editor opened /en/manage/%75sers with 200).
 */
async function editorStatus(installedSite: RunningServer, path: string) {
  const cookie = await createSessionCookie(installedSite, 'editor');
  const response = await fetch(`${installedSite.url}${path}`, {
    headers: { cookie: `${cookie.name}=${cookie.value}` },
    redirect: 'manual',
  });
  return response.status;
}

test('an editor is refused the users page however its address is spelled', async ({ installedSite }) => {
  for (const path of [
    '/en/manage/users',
    '/en/manage/%75sers',
    '/en/manage/%75%73%65%72%73',
    '/en/manage/USERS',
    '/en/manage/Users/roles',
    '/en/manage/users/',
    '/fa/manage/%75sers',
  ])
    expect(await editorStatus(installedSite, path), path).toBe(403);
});

test('the data requests of client navigations are refused too', async ({ installedSite }) => {
  for (const path of ['/en/manage/users.data', '/en/manage/%75sers.data'])
    expect(await editorStatus(installedSite, path), path).toBe(403);
});

test('an editor still opens the pages an editor may, in any spelling', async ({ installedSite, login, page }) => {
  for (const path of ['/en/manage', '/en/manage/pages', '/en/manage/%70ages', '/en/manage/builds', '/fa/manage/comments'])
    expect(await editorStatus(installedSite, path), path).toBe(200);
  // And the refusal is the 403 page inside the site shell, in the visitor's language.
  await login('editor');
  const response = await page.goto(`${installedSite.url}/fa/manage/%75sers`);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'دسترسی ممنوع' })).toBeVisible();
  // The tab names the refusal too (it was empty on thrown errors).
  await expect(page).toHaveTitle(/^دسترسی ممنوع - /);
});

import { expect, test } from './fixtures';

/*
 * The API reference (/manage/api, docs/api.md): the OpenAPI document as a dashboard screen, in both
 * languages; and the headless content API read by a page of another origin in a real browser.
 */

test('the API reference lists every call with who may make it, and filters (en)', async ({
  installedSite,
  login,
  page,
  request,
}) => {
  await login('editor');
  await page.goto(`${installedSite.url}/en/manage/api`);
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  // The dashboard menu leads here.
  await expect(
    page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'API reference' }),
  ).toHaveAttribute('aria-current', 'page');

  const document = await (await request.get(`${installedSite.url}/api/openapi.json`)).json();
  const operations = Object.values(document.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
  await expect(page.getByText(`${operations} calls`)).toBeVisible();
  await expect(page.locator('article')).toHaveCount(operations);

  const list = page.getByRole('article', { name: 'GET /api/public/pages', exact: true });
  await expect(list).toContainText('Published pages of a language');
  await expect(list).toContainText('Everyone');
  const fields = list.getByRole('table');
  await expect(fields.getByRole('rowheader').locator('code')).toHaveText(['locale', 'cat', 'page']);
  await expect(fields.getByRole('row', { name: /^locale/ })).toContainText('fa | en');
  await expect(fields.getByRole('row', { name: /^page/ })).toContainText('1–10000');
  await expect(list).toContainText('304');

  const createUser = page.getByRole('article', { name: 'POST /api/users', exact: true });
  await expect(createUser).toContainText('Users · Create');
  await expect(createUser).toContainText('users.create');
  await expect(createUser.getByRole('rowheader').first().locator('code')).toHaveText('firstName');
  // Required fields say so beside their name.
  await expect(createUser.getByRole('rowheader').first()).toContainText('required');
  await expect(fields.getByRole('rowheader').nth(0)).toContainText('required');
  await expect(fields.getByRole('rowheader').nth(1)).not.toContainText('required');
  // Field notes come from the schemas, in English.
  await expect(fields.getByRole('row', { name: /^cat/ })).toContainText('Only pages of this category');

  await test.step('the filter narrows the list and says when nothing matches', async () => {
    // The public API: pages, one page, and the tags in use.
    await page.getByLabel('Filter calls').fill('/api/public');
    await expect(page.locator('article')).toHaveCount(3);
    await expect(page.getByText('3 calls')).toBeVisible();
    await page.getByLabel('Filter calls').fill('no such call anywhere');
    await expect(page.getByText('No call matches this filter')).toBeVisible();
    await page.getByLabel('Filter calls').fill('');
    await expect(page.locator('article')).toHaveCount(operations);
  });

  await test.step('section links jump to their group', async () => {
    await page
      .getByRole('navigation', { name: 'API sections' })
      .getByRole('link', { name: /Headless content API/ })
      .click();
    await expect(page).toHaveURL(/#api-public$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Headless content API' })).toBeInViewport();
  });
});

test('the API reference reads right to left in Persian, with Persian digits in its text', async ({
  installedSite,
  login,
  page,
}) => {
  await login('owner');
  await page.goto(`${installedSite.url}/fa/manage/api`);
  await expect(page.getByRole('heading', { level: 1, name: 'راهنمای API' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(/^[۰-۹]+ فراخوانی$/)).toBeVisible();
  const list = page.getByRole('article', { name: 'GET /api/public/pages', exact: true });
  await expect(list).toContainText('صفحه‌های منتشرشدهٔ یک زبان');
  await expect(list).toContainText('همه');
  // Paths stay left to right inside the right-to-left page.
  await expect(list.locator('h3 > span')).toHaveAttribute('dir', 'ltr');
  const backup = page.getByRole('article', { name: 'GET /api/backup', exact: true });
  if (await backup.count()) await expect(backup).toContainText('فقط مالکان');
});

test('a member without the dashboard permission is refused the API reference', async ({ installedSite, login, page }) => {
  await login('member');
  const response = await page.goto(`${installedSite.url}/en/manage/api`);
  expect(response?.status()).toBe(403);
});

test('a page of another origin reads the headless API with fetch, ETag and a conditional request', async ({
  browser,
  installedSite,
}) => {
  // The site's own page under another name (localhost, not 127.0.0.1) is another origin of the same
  // address space; its CSP (connect-src 'self') is set aside so the page may call out at all.
  const reader = await browser.newContext({ bypassCSP: true });
  const page = await reader.newPage();
  const other = installedSite.url.replace('127.0.0.1', 'localhost');
  expect(other).not.toBe(installedSite.url);
  await page.goto(`${other}/en/about`);
  const result = await page.evaluate(async (origin) => {
    const list = await fetch(`${origin}/api/public/pages?locale=en`);
    const body = (await list.json()) as { items: { href: string }[]; total: number };
    const etag = list.headers.get('etag');
    const one = await fetch(`${origin}${body.items[0]?.href}`);
    // A custom If-None-Match makes the browser send a preflight first.
    const again = await fetch(`${origin}/api/public/pages?locale=en`, {
      headers: { 'If-None-Match': etag ?? '' },
      cache: 'no-store',
    });
    return {
      status: list.status,
      total: body.total,
      etag,
      page: ((await one.json()) as { title: string }).title,
      again: again.status,
    };
  }, installedSite.url);
  expect(result.status).toBe(200);
  expect(result.total).toBeGreaterThan(0);
  expect(result.etag).toMatch(/^(W\/)?"api2-/);
  expect(result.page).toBeTruthy();
  expect(result.again).toBe(304);
  await reader.close();
});

import path from 'node:path';
import type { Page } from '@playwright/test';
import { commitFiles } from '../support/content-repo';
import { createSessionCookie } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, showColorScheme, snap, test } from './fixtures';
import { accountFields } from './words';

/*
 * Issue 25 in the browser: the language switcher lands on a 200 from every public route type in
 * both directions; search finds the other spelling; a Persian user name registers, its Arabic
 * spelling is refused as taken, and it signs in.
 */

const ZWNJ = '\u200c';
const md = (title: string, body: string, extra = '') => `---\ntitle: "${title}"\n${extra}---\n\n${body}\n`;

async function publish(site: RunningServer, files: Record<string, string>) {
  commitFiles(path.join(site.dataDir, 'repo'), files, 'Issue 25 pages');
  const { name, value } = await createSessionCookie(site, 'owner');
  const sync = await fetch(`${site.url}/api/content/sync`, { method: 'POST', headers: { cookie: `${name}=${value}` } });
  expect(sync.status).toBe(200);
}

/** The switcher's link to the other language, once the page is live (reading pages: its island mounted). */
async function switchHref(page: Page, other: 'fa' | 'en') {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return page.locator(`header a[hreflang="${other}"]`).first().getAttribute('href');
}

test('the language switcher never leads to a 404, from every public route type in both directions', async ({
  page,
  freshSite,
  login,
}) => {
  const files: Record<string, string> = {
    'content/en/only-english.md': md('Only English', 'Text.'),
    'content/fa/only-persian.md': md('فقط فارسی', 'متن.'),
  };
  // English gets a second archive page and a second «notes» page (ten a page); Persian keeps one.
  for (let n = 1; n <= 10; n++)
    files[`content/en/logs/extra-${n}.md`] = md(
      `Extra ${n}`,
      'Text.',
      `date: 2025-02-${String(n).padStart(2, '0')}\ncat: notes\n`,
    );
  await publish(freshSite, files);
  const cases: [from: string, to: string][] = [
    ['/en/only-english', '/fa'],
    ['/fa/only-persian', '/en'],
    ['/en/about', '/fa/about'],
    ['/fa/about', '/en/about'],
    ['/en/logs?page=2', '/fa/logs'],
    ['/fa/logs', '/en/logs'],
    ['/en/cats/notes?page=2', '/fa/cats/notes'],
    ['/fa/cats/tuts', '/en/cats/tuts'],
    ['/en/search?q=extra&page=2', '/fa/search?q=extra'],
    ['/fa/search?q=%D8%AF%D9%81%D8%AA%D8%B1', '/en/search?q=%D8%AF%D9%81%D8%AA%D8%B1'],
    ['/en/no-such-page', '/fa'],
    ['/fa/no-such-page', '/en'],
  ];
  for (const [from, to] of cases) {
    await page.goto(`${freshSite.url}${from}`);
    const other = to.split('/')[1] as 'fa' | 'en';
    expect(await switchHref(page, other), from).toBe(to);
    // The untranslated page names no alternate in the missing language.
    if (from.startsWith('/en/only-')) await expect(page.locator('link[rel="alternate"][hreflang="fa"]')).toHaveCount(0);
    const response = await page.goto(`${freshSite.url}${to}`);
    expect(response?.status(), `${from} → ${to}`).toBe(200);
  }
  // Clicking it (a reading page's island) goes there.
  await page.goto(`${freshSite.url}/en/only-english`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.locator('header a[hreflang="fa"]').first().click();
  await expect(page).toHaveURL(`${freshSite.url}/fa`);
  // The profile exists in both languages (a hydrated page).
  await login('member', freshSite);
  for (const [from, to] of [
    ['/en/profile', '/fa/profile'],
    ['/fa/profile', '/en/profile'],
  ] as const) {
    await page.goto(`${freshSite.url}${from}`);
    expect(await switchHref(page, to.split('/')[1] as 'fa' | 'en')).toBe(to);
    expect((await page.goto(`${freshSite.url}${to}`))?.status()).toBe(200);
  }
});

test('search finds «جست وجو», «مساله»/«مسئله» and «آب»/«اب» written the other way', async ({ page, freshSite }) => {
  await publish(freshSite, {
    'content/fa/zwnj.md': md('یادداشت یک', `موتور جست${ZWNJ}وجو در سایت.`),
    'content/fa/hamza.md': md('یادداشت دو', 'این مسئله را حل کنید.'),
    'content/fa/alef.md': md('یادداشت سه', 'آن مساله دشوار بود.'),
    'content/fa/madda.md': md('آب و هوا', 'گزارش امروز.'),
    'content/fa/plain.md': md('یادداشت چهار', 'اب سرد و گوارا.'),
  });
  const found = async (q: string) => {
    await page.goto(`${freshSite.url}/fa/search?${new URLSearchParams({ q })}`);
    return page.locator('main a[href^="/fa/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  };
  expect(await found('جست وجو')).toContain('/fa/zwnj');
  expect(await found('مساله')).toEqual(expect.arrayContaining(['/fa/hamza', '/fa/alef']));
  expect(await found('مسئله')).toEqual(expect.arrayContaining(['/fa/hamza', '/fa/alef']));
  expect(await found('اب')).toEqual(expect.arrayContaining(['/fa/madda', '/fa/plain']));
  expect(await found('آب')).toEqual(expect.arrayContaining(['/fa/madda', '/fa/plain']));
});

test('registers «علی_رضایی», refuses «علي_رضایی» as taken, and signs in with either spelling', async ({
  page,
  browser,
  freshSite,
}) => {
  const w = { ...accountFields.fa, register: 'ثبت‌نام', login: 'ورود' };
  const register = async (target: Page, userName: string) => {
    await target.goto(`${freshSite.url}/fa/register`);
    await expect(target.locator('html[data-hydrated]')).toHaveCount(1);
    await target.getByLabel(w.firstName, { exact: true }).fill('علی');
    await target.getByLabel(w.lastName, { exact: true }).fill('رضایی');
    await target.getByLabel(w.about, { exact: true }).fill('خوانندهٔ یادداشت‌ها');
    await target.getByLabel(w.userName, { exact: true }).fill(userName);
    await target.getByLabel(w.password, { exact: true }).fill('reader-pass');
    await target.getByLabel(w.confirm, { exact: true }).fill('reader-pass');
    await target.getByRole('button', { name: w.register, exact: true }).click();
  };
  await register(page, 'علی_رضایی');
  await expect(page).toHaveURL(`${freshSite.url}/fa/profile`);
  // Isolated in its own direction: «@» first, on the right.
  await expect(page.locator('bdi[dir="auto"]', { hasText: '@علی_رضایی' })).toBeVisible();

  const other = await browser.newContext();
  const second = await other.newPage();
  await register(second, 'علي_رضایی');
  await expect(second.getByText('این نام کاربری پیش‌تر گرفته شده است')).toHaveCount(1);
  await second.goto(`${freshSite.url}/fa/login`);
  await expect(second.locator('html[data-hydrated]')).toHaveCount(1);
  await second.getByLabel(w.userName, { exact: true }).fill('علي_رضايي');
  await second.getByLabel(w.password, { exact: true }).fill('reader-pass');
  await second.getByRole('button', { name: w.login, exact: true }).click();
  await expect(second).toHaveURL(`${freshSite.url}/fa/profile`);
  const session = await (await second.request.get(`${freshSite.url}/api/_auth/session`)).json();
  expect(session.user.username).toBe('علی_رضایی');
  await other.close();
});

test('a Persian page and its English translation at their own addresses, made with "translate", are linked both ways', async ({
  page,
  freshSite,
  login,
}) => {
  const fa = 'سفر-به-اصفهان';
  const faPath = `/fa/${encodeURIComponent(fa)}`;
  await publish(freshSite, { [`content/fa/${fa}.md`]: md('سفر به اصفهان', 'متن سفر.') });
  await login('owner', freshSite);
  await page.goto(`${freshSite.url}/en/manage/pages?locale=fa`);
  const row = page.locator(`tr[data-page="fa/${fa}"]`);
  await row.getByRole('button', { name: 'Missing: translate into English' }).click();
  const dialog = page.getByRole('dialog', { name: 'Translate into English' });
  await dialog.getByLabel('Title').fill('A trip to Isfahan');
  // Its own address, suggested from its own title.
  await expect(dialog.getByLabel('Path')).toHaveValue('a-trip-to-isfahan');
  await dialog.getByRole('button', { name: 'Create and open' }).click();
  await expect(page).toHaveURL(/\/en\/manage\/editor\/en\/a-trip-to-isfahan/);

  const { name, value } = await createSessionCookie(freshSite, 'owner');
  const published = await fetch(`${freshSite.url}/api/builds/publish`, {
    method: 'POST',
    headers: { cookie: `${name}=${value}`, 'content-type': 'application/json', origin: freshSite.url },
    body: JSON.stringify({ title: 'Translation' }),
  });
  expect(published.status).toBe(200);

  await page.goto(`${freshSite.url}/en/a-trip-to-isfahan`);
  await expect(page.locator('link[rel="alternate"][hreflang="fa"]')).toHaveAttribute('href', new RegExp(`${faPath}$`));
  await expect(page.getByTestId('translation-link')).toHaveAttribute('href', faPath);
  await page.getByTestId('translation-link').click();
  await expect(page).toHaveURL(new RegExp(`${faPath}$`));
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/en\/a-trip-to-isfahan$/);
  await expect(page.getByTestId('translation-link')).toHaveAttribute('href', '/en/a-trip-to-isfahan');
  expect(await switchHref(page, 'en')).toBe('/en/a-trip-to-isfahan');
});

test('one fold everywhere (issue 37): the dashboard finds «كتابهاي», addresses typed another way lead to the page and the tag', async ({
  page,
  freshSite,
  login,
}) => {
  await publish(freshSite, {
    [`content/fa/logs/کتاب${ZWNJ}های-سفر.md`]: md(
      `کتاب${ZWNJ}های سفر`,
      'گل ها را می نویسم.',
      `date: 2026-01-10\ntags: [کتاب${ZWNJ}خوانی]\n`,
    ),
  });
  // Public: an address without the half-space and with Arabic letters, a tag with its half-space typed.
  const typed = await page.goto(`${freshSite.url}/fa/logs/${encodeURIComponent('كتابهاي-سفر')}`);
  expect(typed?.status()).toBe(200);
  expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/fa/logs/کتاب${ZWNJ}های-سفر`);
  // A tag with its half-space typed, or joined: one tag, at its first spelling's address.
  for (const spelling of [`کتاب${ZWNJ}خوانی`, 'کتابخوانی', 'كتابخواني']) {
    const tag = await page.goto(`${freshSite.url}/fa/tags/${encodeURIComponent(spelling)}`);
    expect(tag?.status(), spelling).toBe(200);
    expect(decodeURIComponent(new URL(page.url()).pathname), spelling).toBe('/fa/tags/کتاب-خوانی');
  }
  // Search by the tag and by the joined word.
  for (const q of ['کتابخوانی', 'گلها']) {
    await page.goto(`${freshSite.url}/fa/search?q=${encodeURIComponent(q)}`);
    await expect(page.locator('main').getByRole('link', { name: `کتاب${ZWNJ}های سفر` })).toBeVisible();
  }
  await snap(page, 'fold-search-fa');

  // The dashboard's pages list, in both languages and both colour schemes.
  await login('owner', freshSite);
  for (const locale of ['fa', 'en'] as const) {
    await page.goto(`${freshSite.url}/${locale}/manage/pages?locale=fa&query=${encodeURIComponent('كتابهاي')}`);
    await expect(page.locator(`tr[data-page="fa/logs/کتاب${ZWNJ}های-سفر"]`)).toBeVisible();
    // By its tag, typed joined.
    await page.goto(`${freshSite.url}/${locale}/manage/pages?locale=fa&query=${encodeURIComponent('کتابخوانی')}`);
    await expect(page.locator(`tr[data-page="fa/logs/کتاب${ZWNJ}های-سفر"]`)).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await showColorScheme(page, scheme);
      await snap(page, `fold-pages-list-${locale}-${scheme}`);
    }
  }
});

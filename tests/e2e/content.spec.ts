import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { OWNER, startInstalledServer } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, snap, test } from './fixtures';

const words = {
  en: {
    home: 'Daftar',
    latest: 'Latest logs',
    guide: 'A Long Guide to Bilingual Publishing',
    readIn: 'Read this page in فارسی',
    older: 'Older',
    newer: 'Newer',
    tuts: 'Category: Tutorials',
    toc: 'On this page',
  },
  fa: {
    home: 'دفتر',
    latest: 'تازه‌ترین نوشته‌ها',
    guide: 'راهنمای مفصل انتشار دوزبانه',
    readIn: 'خواندن این صفحه به English',
    older: 'قدیمی‌تر',
    newer: 'تازه‌تر',
    tuts: 'دسته: آموزش‌ها',
    toc: 'در این صفحه',
  },
} as const;

const GUIDE = 'logs/a-long-guide-to-bilingual-publishing';

/** Commits files to the site's content repository with plain git, then re-indexes through the API. */
async function publish(server: RunningServer, files: Record<string, string>, message = 'Add pages') {
  const repo = path.join(server.dataDir, 'repo');
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), content);
  }
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=E2E', '-c', 'user.email=e2e@example.com', ...args], { cwd: repo });
  git('add', '.');
  git('commit', '-qm', message);
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: OWNER.userName, password: OWNER.password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const sync = await fetch(`${server.url}/api/content/sync`, { method: 'POST', headers: { cookie } });
  expect(sync.status).toBe(200);
  return (await sync.json()) as { buildId: string; added: string[]; problems: unknown[] };
}

const extraLog = (locale: 'fa' | 'en', n: number) =>
  `---\ntitle: "${locale === 'fa' ? 'یادداشت کوتاه' : 'Short note'} ${n}"\ndescription: "${locale === 'fa' ? 'نوشته‌ای برای آزمودن بایگانی' : 'A note for the archive'}"\ndate: 2025-01-${String(n).padStart(2, '0')}\ncat: notes\n---\n\n${locale === 'fa' ? 'متن' : 'Text'} ${n}.\n`;

let server: RunningServer;
test.beforeAll(async () => {
  server = await startInstalledServer();
  // Eight more dated pages per locale, so the logs archive (ten per page) has a second page.
  const files: Record<string, string> = {};
  for (const locale of ['fa', 'en'] as const)
    for (let n = 1; n <= 8; n++) files[`content/${locale}/logs/note-${n}.md`] = extraLog(locale, n);
  await publish(server, files, 'More notes');
});
test.afterAll(async () => {
  await server.stop();
});

async function open(page: Page, url: string) {
  const response = await page.goto(`${server.url}${url}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return response;
}

for (const locale of ['fa', 'en'] as const) {
  const w = words[locale];
  test.describe(`public content in ${locale}`, () => {
    test('home shows the intro page and the latest logs', async ({ page }) => {
      await open(page, `/${locale}`);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'fa' ? 'rtl' : 'ltr');
      await expect(page.getByTestId('home-intro').getByRole('heading', { level: 1 })).toHaveText(w.home);
      await expect(page.getByRole('heading', { name: w.latest })).toBeVisible();
      const items = page.getByTestId('log-list').first().locator('li');
      await expect(items).toHaveCount(5);
      await expect(items.first()).toContainText(w.guide);
      if (locale === 'fa') {
        expect(await page.locator('body').evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Vazirmatn');
        // Jalali date with Persian digits.
        await expect(items.first().locator('time')).toHaveText(/۱۴۰۵/);
      }
      await expect(page).toHaveTitle(locale === 'fa' ? 'دفتر • دفترچهٔ دوزبانه' : 'Daftar • A bilingual notebook');
      await snap(page, `content-home-${locale}-light`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await open(page, `/${locale}`);
      await expect(page.locator('html')).toHaveClass(/dark/);
      await snap(page, `content-home-${locale}-dark`);
    });

    test('a long page: table of contents scrolls below the header, and links to its translation', async ({ page }) => {
      await open(page, `/${locale}/${GUIDE}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.guide);
      await expect(page).toHaveTitle(new RegExp(`^${w.guide} - `));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${server.url}/${locale}/${GUIDE}`);
      await expect(page.locator('link[rel="alternate"][hreflang="fa"]')).toHaveAttribute('href', `${server.url}/fa/${GUIDE}`);
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${server.url}/en/${GUIDE}`);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', w.guide);
      await snap(page, `content-toc-${locale}-light`);

      const toc = page.getByTestId('toc');
      await expect(toc.getByRole('heading', { name: w.toc })).toBeVisible();
      const entry = toc.getByRole('link').nth(3);
      const target = decodeURIComponent((await entry.getAttribute('href'))!.slice(1));
      await entry.click();
      await expect(page).toHaveURL(new RegExp(`#${encodeURIComponent(target)}$`));
      const heading = page.locator(`[id="${target}"]`);
      await expect(heading).toBeInViewport();
      // Lands 81px from the top: below the 65px sticky header, not hidden under it.
      await expect.poll(async () => Math.round((await heading.boundingBox())!.y)).toBe(81);

      await page.emulateMedia({ colorScheme: 'dark' });
      await open(page, `/${locale}/${GUIDE}`);
      await snap(page, `content-toc-${locale}-dark`);

      const other = locale === 'fa' ? 'en' : 'fa';
      await page.getByTestId('translation-link').click();
      await expect(page).toHaveURL(`${server.url}/${other}/${GUIDE}`);
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words[other].guide);
    });

    test('logs archive paginates, newest first', async ({ page }) => {
      await open(page, `/${locale}/logs`);
      const items = page.getByTestId('log-list').locator('li');
      await expect(items).toHaveCount(10);
      await expect(items.first()).toContainText(w.guide);
      await snap(page, `content-logs-${locale}-light`);
      await page.getByRole('link', { name: w.older }).click();
      await expect(page).toHaveURL(`${server.url}/${locale}/logs?page=2`);
      await expect(items).toHaveCount(3);
      await expect(items.last()).toContainText(locale === 'fa' ? 'یادداشت کوتاه 1' : 'Short note 1');
      await page.getByRole('link', { name: w.newer }).click();
      await expect(page).toHaveURL(`${server.url}/${locale}/logs`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await open(page, `/${locale}/logs`);
      await snap(page, `content-logs-${locale}-dark`);
      expect((await page.request.get(`${server.url}/${locale}/logs?page=9`)).status()).toBe(404);
    });

    test('a category page lists only that category, and its link comes from a page', async ({ page }) => {
      await open(page, `/${locale}/logs/writing-in-markdown`);
      await page.getByTestId('article').getByTestId('category-link').click();
      await expect(page).toHaveURL(`${server.url}/${locale}/cats/tuts`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.tuts);
      const items = page.getByTestId('log-list').locator('li');
      await expect(items).toHaveCount(2);
      await snap(page, `content-category-${locale}-light`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await open(page, `/${locale}/cats/tuts`);
      await snap(page, `content-category-${locale}-dark`);
      expect((await page.request.get(`${server.url}/${locale}/cats/unknown`)).status()).toBe(404);
    });

    test('a missing slug is a 404 naming the path', async ({ page }) => {
      const response = await open(page, `/${locale}/no/such-page`);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId('error-message')).toHaveText(
        locale === 'fa' ? 'صفحه پیدا نشد: /fa/no/such-page' : 'Page not found: /en/no/such-page',
      );
    });
  });
}

test('the sitemaps list every public page with absolute URLs, and the feeds parse', async ({ page }) => {
  await page.goto(`${server.url}/en`);
  const parse = (url: string) =>
    page.evaluate(async (u) => {
      const text = await (await fetch(u)).text();
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.querySelector('parsererror')) return { error: text.slice(0, 200), locs: [] as string[], entries: 0 };
      return {
        error: null,
        locs: [...doc.getElementsByTagName('loc')].map((el) => el.textContent ?? ''),
        entries: doc.getElementsByTagName('entry').length,
      };
    }, url);
  const index = await parse('/sitemap.xml');
  expect(index.error).toBeNull();
  expect(index.locs).toEqual([`${server.url}/fa/sitemap.xml`, `${server.url}/en/sitemap.xml`]);
  for (const locale of ['fa', 'en']) {
    const sitemap = await parse(`/${locale}/sitemap.xml`);
    expect(sitemap.error).toBeNull();
    // 7 sample pages + 8 notes, the logs archive and 4 categories.
    expect(sitemap.locs).toHaveLength(15 + 1 + 4);
    expect(sitemap.locs).toContain(`${server.url}/${locale}`);
    expect(sitemap.locs).toContain(`${server.url}/${locale}/${GUIDE}`);
    expect(sitemap.locs.every((loc) => loc.startsWith(`${server.url}/${locale}`))).toBe(true);
    const feed = await parse(`/${locale}/feed.xml`);
    expect(feed.error).toBeNull();
    expect(feed.entries).toBe(13);
  }
  const robots = await (await page.request.get(`${server.url}/robots.txt`)).text();
  expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
});

test('a page committed with git and synced is served, listed and announced; open pages reload on their next navigation', async ({
  page,
}) => {
  // Its own site: the new page would otherwise change what the other tests of this worker see.
  const shared = server;
  server = await startInstalledServer();
  test.info().annotations.push({ type: 'site', description: server.url });
  try {
    await publishedFlow(page);
  } finally {
    await server.stop();
    server = shared;
  }
});

async function publishedFlow(page: Page) {
  await open(page, '/en/about');
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'same document';
  });
  const before = (await (await page.request.get(`${server.url}/builds/latest.json`)).json()) as { id: string };

  const result = await publish(server, {
    'content/en/logs/fresh-from-git.md':
      '---\ntitle: "Fresh from git"\ndescription: "Committed with plain git"\ndate: 2027-01-01\ncat: projects\n---\n\n## Part one\n\nHello <img src=x onerror="window.pwned=1">\n\n[bad](javascript:window.pwned=2)\n',
  });
  expect(result.added).toEqual(['en/logs/fresh-from-git']);
  const after = (await (await page.request.get(`${server.url}/builds/latest.json?t=1`)).json()) as { id: string };
  expect(after.id).not.toBe(before.id);
  expect(after.id).toBe(result.buildId);

  // The open page notices the new build when the tab gets focus…
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.locator('html')).toHaveAttribute('data-build-stale', 'true');
  // …and its next navigation is a full page load, which shows the new page in the archive.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Logs' }).click();
  await expect(page).toHaveURL(`${server.url}/en/logs`);
  await expect(page.getByTestId('log-list').locator('li').first()).toContainText('Fresh from git');
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();

  await page.getByRole('link', { name: 'Fresh from git' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fresh from git');
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  expect(await page.locator('[data-testid="content-body"] a', { hasText: 'bad' }).getAttribute('href')).toBeNull();

  const sitemap = await (await page.request.get(`${server.url}/en/sitemap.xml`)).text();
  expect(sitemap).toContain(`${server.url}/en/logs/fresh-from-git`);
  const feed = await (await page.request.get(`${server.url}/en/feed.xml`)).text();
  expect(feed).toContain('<title>Fresh from git</title>');
}

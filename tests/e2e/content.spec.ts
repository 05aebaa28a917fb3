import path from 'node:path';
import type { Page } from '@playwright/test';
import { commitFiles } from '../support/content-repo';
import { createSessionCookie } from '../support/install';
import type { RunningServer } from '../support/server';
import { test as base, expect, snap } from './fixtures';

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
    byline: 'By Daftar',
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
    byline: 'نوشتهٔ دفتر',
  },
} as const;

const GUIDE = 'logs/a-long-guide-to-bilingual-publishing';

/** Commits files to the site's content repository with plain git, then re-indexes as the owner through the API. */
async function publish(site: RunningServer, files: Record<string, string>, message = 'Add pages') {
  commitFiles(path.join(site.dataDir, 'repo'), files, message);
  const { name, value } = await createSessionCookie(site, 'owner');
  const sync = await fetch(`${site.url}/api/content/sync`, { method: 'POST', headers: { cookie: `${name}=${value}` } });
  expect(sync.status, await sync.clone().text()).toBe(200);
  return (await sync.json()) as { buildId: string; added: string[]; problems: unknown[] };
}

const extraLog = (locale: 'fa' | 'en', n: number) =>
  `---\ntitle: "${locale === 'fa' ? 'یادداشت کوتاه' : 'Short note'} ${n}"\ndescription: "${locale === 'fa' ? 'نوشته‌ای برای آزمودن بایگانی' : 'A note for the archive'}"\ndate: 2025-01-${String(n).padStart(2, '0')}\ncat: notes\n---\n\n${locale === 'fa' ? 'متن' : 'Text'} ${n}.\n`;

const test = base.extend<object, { contentSite: RunningServer }>({
  /** The worker's installed site with eight more dated pages per locale, so the logs archive (ten per page) has a second page. */
  contentSite: [
    async ({ installedSite }, use) => {
      const files: Record<string, string> = {};
      for (const locale of ['fa', 'en'] as const)
        for (let n = 1; n <= 8; n++) files[`content/${locale}/logs/note-${n}.md`] = extraLog(locale, n);
      await publish(installedSite, files, 'More notes');
      await use(installedSite);
    },
    { scope: 'worker' },
  ],
});

async function open(page: Page, site: RunningServer, url: string) {
  const response = await page.goto(`${site.url}${url}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return response;
}

for (const locale of ['fa', 'en'] as const) {
  const w = words[locale];
  test.describe(`public content in ${locale}`, () => {
    test('home shows the intro page and the latest logs', async ({ page, contentSite }) => {
      await open(page, contentSite, `/${locale}`);
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
      await open(page, contentSite, `/${locale}`);
      await expect(page.locator('html')).toHaveClass(/dark/);
      await snap(page, `content-home-${locale}-dark`);
    });

    test('a long page: table of contents scrolls below the header, and links to its translation', async ({
      page,
      contentSite,
    }) => {
      await open(page, contentSite, `/${locale}/${GUIDE}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.guide);
      await expect(page).toHaveTitle(new RegExp(`^${w.guide} - `));
      await expect(page.getByText(w.byline, { exact: true })).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${contentSite.url}/${locale}/${GUIDE}`);
      await expect(page.locator('link[rel="alternate"][hreflang="fa"]')).toHaveAttribute(
        'href',
        `${contentSite.url}/fa/${GUIDE}`,
      );
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
        'href',
        `${contentSite.url}/en/${GUIDE}`,
      );
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
      await open(page, contentSite, `/${locale}/${GUIDE}`);
      await snap(page, `content-toc-${locale}-dark`);

      const other = locale === 'fa' ? 'en' : 'fa';
      await page.getByTestId('translation-link').click();
      await expect(page).toHaveURL(`${contentSite.url}/${other}/${GUIDE}`);
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words[other].guide);
    });

    test('logs archive paginates, newest first', async ({ page, contentSite }) => {
      await open(page, contentSite, `/${locale}/logs`);
      const items = page.getByTestId('log-list').locator('li');
      await expect(items).toHaveCount(10);
      await expect(items.first()).toContainText(w.guide);
      await snap(page, `content-logs-${locale}-light`);
      await page.getByRole('link', { name: w.older }).click();
      await expect(page).toHaveURL(`${contentSite.url}/${locale}/logs?page=2`);
      await expect(items).toHaveCount(3);
      await expect(items.last()).toContainText(locale === 'fa' ? 'یادداشت کوتاه 1' : 'Short note 1');
      await page.getByRole('link', { name: w.newer }).click();
      await expect(page).toHaveURL(`${contentSite.url}/${locale}/logs`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await open(page, contentSite, `/${locale}/logs`);
      await snap(page, `content-logs-${locale}-dark`);
      expect((await page.request.get(`${contentSite.url}/${locale}/logs?page=9`)).status()).toBe(404);
    });

    test('a category page lists only that category, and its link comes from a page', async ({ page, contentSite }) => {
      await open(page, contentSite, `/${locale}/logs/writing-in-markdown`);
      await page.getByTestId('article').getByTestId('category-link').click();
      await expect(page).toHaveURL(`${contentSite.url}/${locale}/cats/tuts`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.tuts);
      const items = page.getByTestId('log-list').locator('li');
      await expect(items).toHaveCount(2);
      await snap(page, `content-category-${locale}-light`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await open(page, contentSite, `/${locale}/cats/tuts`);
      await snap(page, `content-category-${locale}-dark`);
      expect((await page.request.get(`${contentSite.url}/${locale}/cats/unknown`)).status()).toBe(404);
    });

    test('a missing slug is a 404 naming the path', async ({ page, contentSite }) => {
      const response = await open(page, contentSite, `/${locale}/no/such-page`);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId('error-message')).toHaveText(
        locale === 'fa' ? 'صفحه پیدا نشد: /fa/no/such-page' : 'Page not found: /en/no/such-page',
      );
      await expect(page).toHaveTitle(locale === 'fa' ? /^صفحه پیدا نشد - دفتر/ : /^Page Not Found - Daftar/);
      // A Persian slug is named as it reads, not percent-encoded (issue 30, D17).
      expect((await open(page, contentSite, `/${locale}/آزمون-نیست`))?.status()).toBe(404);
      await expect(page.getByTestId('error-message')).toContainText(`/${locale}/آزمون-نیست`);
      await expect(page.getByTestId('error-message')).not.toContainText('%D8');
    });
  });
}

test('the sitemaps list every public page with absolute URLs, and the feeds parse', async ({ page, contentSite }) => {
  await page.goto(`${contentSite.url}/en`);
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
  expect(index.locs).toEqual([`${contentSite.url}/fa/sitemap.xml`, `${contentSite.url}/en/sitemap.xml`]);
  for (const locale of ['fa', 'en']) {
    const sitemap = await parse(`/${locale}/sitemap.xml`);
    expect(sitemap.error).toBeNull();
    // 7 sample pages + 8 notes, the logs archive, 4 categories and the sample pages' 2 tags.
    expect(sitemap.locs).toHaveLength(15 + 1 + 4 + 2);
    expect(sitemap.locs).toContain(`${contentSite.url}/${locale}/tags/markdown`);
    expect(sitemap.locs).toContain(`${contentSite.url}/${locale}`);
    expect(sitemap.locs).toContain(`${contentSite.url}/${locale}/${GUIDE}`);
    expect(sitemap.locs.every((loc) => loc.startsWith(`${contentSite.url}/${locale}`))).toBe(true);
    const feed = await parse(`/${locale}/feed.xml`);
    expect(feed.error).toBeNull();
    expect(feed.entries).toBe(13);
  }
  const robots = await (await page.request.get(`${contentSite.url}/robots.txt`)).text();
  expect(robots).toContain(`Sitemap: ${contentSite.url}/sitemap.xml`);
});

test('a page committed with git and synced is served, listed and announced; open pages reload on their next navigation', async ({
  page,
  freshSite,
}) => {
  // Its own site: the new page would otherwise change what the other tests of this worker see.
  await publishedFlow(page, freshSite);
});

async function publishedFlow(page: Page, site: RunningServer) {
  await open(page, site, '/en/about');
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'same document';
  });
  const before = (await (await page.request.get(`${site.url}/builds/latest.json`)).json()) as { id: string };

  const result = await publish(site, {
    'content/en/logs/fresh-from-git.md':
      '---\ntitle: "Fresh from git"\ndescription: "Committed with plain git"\ndate: 2027-01-01\ncat: projects\n---\n\n## Part one\n\nHello <img src=x onerror="window.pwned=1">\n\n[bad](javascript:window.pwned=2)\n',
  });
  expect(result.added).toEqual(['en/logs/fresh-from-git']);
  const after = (await (await page.request.get(`${site.url}/builds/latest.json?t=1`)).json()) as { id: string };
  expect(after.id).not.toBe(before.id);
  expect(after.id).toBe(result.buildId);

  // The open page notices the new build when the tab gets focus…
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.locator('html')).toHaveAttribute('data-build-stale', 'true');
  // …and its next navigation is a full page load, which shows the new page in the archive.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Logs' }).click();
  await expect(page).toHaveURL(`${site.url}/en/logs`);
  await expect(page.getByTestId('log-list').locator('li').first()).toContainText('Fresh from git');
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();

  await page.getByRole('link', { name: 'Fresh from git' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fresh from git');
  // The causes are gone: the image is kept without its inline handler and has already failed to
  // load (so a handler would have run), and the javascript: link has no address.
  const body = page.getByTestId('content-body');
  const image = body.locator('img');
  await expect(image).toHaveCount(1);
  expect(await image.getAttribute('onerror')).toBeNull();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  expect(await body.locator('a', { hasText: 'bad' }).getAttribute('href')).toBeNull();

  const sitemap = await (await page.request.get(`${site.url}/en/sitemap.xml`)).text();
  expect(sitemap).toContain(`${site.url}/en/logs/fresh-from-git`);
  const feed = await (await page.request.get(`${site.url}/en/feed.xml`)).text();
  expect(feed).toContain('<title>Fresh from git</title>');
}

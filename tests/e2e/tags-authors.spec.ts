import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { commitFiles } from '../support/content-repo';
import { createSessionCookie } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, test } from './fixtures';

/*
 * Issue 28 items 3 and 4 in the browser, in Persian and English: a page's tags link to the tag
 * page that lists it, its author to the author page that lists the author's pages (paginated),
 * the language switcher leads to a page that answers, JSON-LD is present and parses, and the
 * editor's tags field suggests the tags in use by keyboard. Screenshots of the tag and author
 * pages, light and dark, go to test-results/screens/ for review.
 */

const md = (title: string, extra = '') => `---\ntitle: "${title}"\n${extra}---\n\nText of ${title}.\n`;

async function publish(site: RunningServer, files: Record<string, string>) {
  commitFiles(path.join(site.dataDir, 'repo'), files, 'Tagged pages');
  const { name, value } = await createSessionCookie(site, 'owner');
  const sync = await fetch(`${site.url}/api/content/sync`, { method: 'POST', headers: { cookie: `${name}=${value}` } });
  expect(sync.status).toBe(200);
}

/** Twelve Persian logs by the editor, tagged «کتاب» in both spellings and «مشترک»; one English log with «Books» and «مشترک». */
function taggedFiles() {
  const files: Record<string, string> = {
    'content/en/logs/book-notes.md': md('Book notes', 'date: 2026-02-01\ntags: [Books, مشترک]\nauthor: editor\n'),
  };
  for (let n = 1; n <= 12; n++)
    files[`content/fa/logs/book-${n}.md`] = md(
      `کتاب شمارهٔ ${n}`,
      `date: 2026-01-${String(n).padStart(2, '0')}\ntags: [${n % 2 ? 'كتاب' : 'کتاب'}, مشترک]\nauthor: editor\n`,
    );
  return files;
}

/** Every JSON-LD block of the page, parsed. */
async function jsonLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** The switcher's link to the other language, once the reading page's header island has mounted. */
async function switchHref(page: Page, other: 'fa' | 'en') {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return page.locator(`header a[hreflang="${other}"]`).first().getAttribute('href');
}

async function shoot(page: Page, name: string) {
  mkdirSync('test-results/screens', { recursive: true });
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

const BOOK = encodeURIComponent('کتاب');
const SHARED = encodeURIComponent('مشترک');

test('tags and authors in Persian and English: links, lists, pagination, switcher, JSON-LD', async ({ page, freshSite }) => {
  await publish(freshSite, taggedFiles());
  const url = (address: string) => `${freshSite.url}${address}`;

  // Persian: a page's tag (written «كتاب» with the Arabic kaf) leads to the one tag page «کتاب».
  await page.goto(url('/fa/logs/book-3'));
  const tags = page.getByTestId('page-tags');
  await expect(tags.getByRole('link')).toHaveText(['#کتاب', '#مشترک']);
  const [posting, crumbs] = await jsonLd(page);
  expect(posting).toMatchObject({
    '@type': 'BlogPosting',
    headline: 'کتاب شمارهٔ 3',
    inLanguage: 'fa-IR',
    datePublished: '2026-01-03',
    author: { '@type': 'Person', url: `${freshSite.url}/fa/authors/editor` },
  });
  expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
  await shoot(page, 'tags-article-fa-light');
  await tags.getByRole('link', { name: '#کتاب' }).click();
  await expect(page).toHaveURL(url(`/fa/tags/${BOOK}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('برچسب: کتاب');
  const list = page.getByTestId('log-list').locator('li');
  await expect(list).toHaveCount(10);
  await expect(list.first()).toContainText('کتاب شمارهٔ 12');
  expect((await jsonLd(page))[0]).toMatchObject({ '@type': 'CollectionPage', inLanguage: 'fa-IR' });
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveCount(2);
  // Page 2 holds the other two; the page lists ten a page.
  await page.goto(url(`/fa/tags/${BOOK}?page=2`));
  await expect(list).toHaveCount(2);
  await expect(list.last()).toContainText('کتاب شمارهٔ 1');
  // No English page has «کتاب»: the switcher goes to the English home, which answers.
  expect(await switchHref(page, 'en')).toBe('/en');
  await page.goto(url(`/fa/tags/${BOOK}`));
  await shoot(page, 'tags-tag-fa-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await shoot(page, 'tags-tag-fa-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // The shared tag: the switcher leads to the English tag page.
  await page.goto(url(`/fa/tags/${SHARED}`));
  expect(await switchHref(page, 'en')).toBe(`/en/tags/${SHARED}`);
  await page.locator('header a[hreflang="en"]').first().click();
  await expect(page).toHaveURL(url(`/en/tags/${SHARED}`));
  await expect(page.getByTestId('log-list').locator('li')).toHaveCount(1);

  // The author's name on a page leads to the author page, which lists the author's pages.
  await page.goto(url('/fa/logs/book-3'));
  await page.getByTestId('author-link').click();
  await expect(page).toHaveURL(url('/fa/authors/editor'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('نویسنده: Editor Person');
  await expect(list).toHaveCount(10);
  await expect(page.getByRole('navigation', { name: 'صفحه‌های بایگانی' })).toBeVisible();
  expect((await jsonLd(page))[0]).toMatchObject({
    '@type': 'ProfilePage',
    mainEntity: { '@type': 'Person', name: 'Editor Person' },
  });
  expect(await switchHref(page, 'en')).toBe('/en/authors/editor');
  await shoot(page, 'tags-author-fa-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await shoot(page, 'tags-author-fa-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // English: the same from the English page.
  await page.goto(url('/en/logs/book-notes'));
  await shoot(page, 'tags-article-en-light');
  await page.getByTestId('page-tags').getByRole('link', { name: '#Books' }).click();
  await expect(page).toHaveURL(url('/en/tags/books'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tag: Books');
  await expect(page.getByTestId('log-list').locator('li')).toHaveText([/Book notes/]);
  expect(await switchHref(page, 'fa')).toBe('/fa');
  await shoot(page, 'tags-tag-en-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await shoot(page, 'tags-tag-en-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(url('/en/logs/book-notes'));
  expect((await jsonLd(page))[0]).toMatchObject({ '@type': 'BlogPosting', inLanguage: 'en-US', keywords: ['Books', 'مشترک'] });
  await page.getByTestId('author-link').click();
  await expect(page).toHaveURL(url('/en/authors/editor'));
  await expect(page.getByTestId('log-list').locator('li')).toHaveCount(1);
  expect(await switchHref(page, 'fa')).toBe('/fa/authors/editor');
  await shoot(page, 'tags-author-en-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await shoot(page, 'tags-author-en-dark');

  // The home page describes the site and its search.
  await page.goto(url('/en'));
  const website = (await jsonLd(page)).find((block) => block['@type'] === 'WebSite');
  expect(website).toMatchObject({
    potentialAction: { target: { urlTemplate: `${freshSite.url}/en/search?q={search_term_string}` } },
  });
  // Unknown tags and authors are 404, never an empty page.
  for (const address of ['/fa/tags/nothing', '/en/authors/member', `/en/tags/${BOOK}`, '/fa/tags/books?page=2'])
    expect((await page.goto(url(address)))?.status(), address).toBe(404);
});

for (const locale of ['fa', 'en'] as const) {
  test(`the editor's tags field suggests the tags in use, by keyboard (${locale})`, async ({ page, freshSite, login }) => {
    await publish(freshSite, taggedFiles());
    await login('editor', freshSite);
    await page.goto(`${freshSite.url}/${locale}/manage/editor/fa/logs/new-tagged`);
    const field = page.getByRole('combobox', { name: locale === 'fa' ? 'برچسب‌ها' : 'Tags' });
    await expect(field).toBeVisible();
    // «كت» with the Arabic kaf finds «کتاب».
    await field.fill('كت');
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options).toHaveText(['کتاب']);
    await field.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await field.press('Enter');
    const chips = page.getByTestId('tag-chips').locator('li');
    await expect(chips).toHaveText(['کتاب']);
    // A new tag by Enter; the same tag in another spelling is not added twice.
    await field.fill('تازه');
    await field.press('Enter');
    await field.fill('كتاب');
    await field.press('Enter');
    await expect(chips).toHaveText(['کتاب', 'تازه']);
    await field.fill('مش');
    await expect(options).toHaveText(['مشترک']);
    await field.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `test-results/screens/tags-editor-${locale}-light.png` });
    await field.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await field.fill('');
    await field.press('Backspace');
    await expect(chips).toHaveText(['کتاب']);
    await page.getByRole('button', { name: locale === 'fa' ? 'برداشتن برچسب کتاب' : 'Remove the tag کتاب' }).click();
    await expect(page.getByTestId('tag-chips')).toHaveCount(0);
  });
}

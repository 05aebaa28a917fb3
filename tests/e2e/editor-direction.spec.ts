import type { Page } from '@playwright/test';
import { createSessionCookie } from '../support/install';
import { expect, snap, test } from './fixtures';

/**
 * The editor lays a page out as it will be published (issue 37, Persian review D1, D2, D19),
 * checked by measurement in Chromium, not by eye: each block's computed direction, the side of
 * each list's markers, the column under the table's start edge, and the editing surface's
 * language — in the editor (from both dashboards) and on the published page.
 */
const FA_BODY = [
  'Docker را نصب کنید و بعد با `npm start` ادامه دهید.',
  '',
  'npm install react',
  '',
  '- Node.js نسخهٔ ۲۴ لازم است.',
  '- مرورگر Chrome یا Firefox.',
  '',
  '1. یک',
  '2. دو',
  '',
  '| قلم | یادداشت |',
  '| --- | --- |',
  '| ۱ | ۲ |',
  '',
  '> نقل قولی با *تأکید*.',
  '',
].join('\n');
const EN_BODY = ['An English line with فارسی in it.', '', 'سلام دنیا', '', '1. one', '2. two', ''].join('\n');

type Layout = {
  lang: string | null;
  blocks: { text: string; direction: string }[];
  markers: { direction: string; rightIndent: boolean }[];
  listStyle: string;
  firstColumnAtStart: boolean;
  /** The font-style of a quote and of emphasis in it (Persian has no italics: D26). */
  slant: string[];
};

/** Measures the body laid out under `root` (the editor's surface or the published article). */
async function measure(page: Page, root: string): Promise<Layout> {
  return page
    .locator(root)
    .first()
    .evaluate((surface) => {
      const blocks = [...surface.querySelectorAll('p')]
        .filter((p) => !p.closest('li, th, td, figure'))
        .map((p) => ({
          text: (p.textContent ?? '').trim(),
          direction: getComputedStyle(p).direction,
        }));
      const markers = [...surface.querySelectorAll('ul > li, ol > li')].map((li) => {
        const list = li.parentElement!.getBoundingClientRect();
        const item = li.getBoundingClientRect();
        return { direction: getComputedStyle(li).direction, rightIndent: list.right - item.right > item.left - list.left };
      });
      const ol = surface.querySelector('ol');
      let firstColumnAtStart = false;
      const table = surface.querySelector('table');
      if (table) {
        // The cell at the table's start edge (right on a right-to-left page) is the first column's.
        table.scrollIntoView({ block: 'center' });
        const box = table.getBoundingClientRect();
        const rtl = getComputedStyle(table).direction === 'rtl';
        const hit = document.elementFromPoint(rtl ? box.right - 8 : box.left + 8, box.top + 8);
        firstColumnAtStart = (hit?.closest('th, td')?.textContent ?? '').trim() === 'قلم';
      }
      const quote = surface.querySelector('blockquote');
      const slant = quote ? [getComputedStyle(quote).fontStyle, getComputedStyle(quote.querySelector('em')!).fontStyle] : [];
      return {
        slant,
        lang: surface.closest('[lang]')?.getAttribute('lang') ?? null,
        blocks,
        markers,
        listStyle: ol ? getComputedStyle(ol).listStyleType : '',
        firstColumnAtStart,
      };
    });
}

test('the editor shows Persian and English pages as they are published, from either dashboard', async ({
  freshSite,
  page,
  login,
}) => {
  test.setTimeout(180_000);
  const { name, value } = await createSessionCookie(freshSite, 'owner');
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${freshSite.url}${path}`, {
      method,
      headers: { cookie: `${name}=${value}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  for (const [locale, body] of [
    ['fa', FA_BODY],
    ['en', EN_BODY],
  ] as const) {
    const saved = await api('PUT', `/api/pages/${locale}/mixed`, { frontMatter: { title: 'React در ۱۰ دقیقه' }, body });
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
  expect((await api('POST', '/api/builds/publish', { title: 'Mixed directions' })).status).toBe(200);
  await page.setViewportSize({ width: 1366, height: 900 });

  // Published: the reference.
  await page.goto(`${freshSite.url}/fa/mixed`);
  const faPublished = await measure(page, '[data-testid="content-body"]');
  await page.goto(`${freshSite.url}/en/mixed`);
  const enPublished = await measure(page, '[data-testid="content-body"]');

  expect(faPublished.blocks).toEqual([
    { text: 'Docker را نصب کنید و بعد با npm start ادامه دهید.', direction: 'rtl' },
    { text: 'npm install react', direction: 'ltr' },
    { text: 'نقل قولی با تأکید.', direction: 'rtl' },
  ]);
  expect(faPublished.markers).toEqual(Array(4).fill({ direction: 'rtl', rightIndent: true }));
  expect(faPublished.firstColumnAtStart).toBe(true);
  expect(faPublished.listStyle).toBe('persian');
  expect(faPublished.slant).toEqual(['normal', 'normal']);
  expect(enPublished.blocks).toEqual([
    { text: 'An English line with فارسی in it.', direction: 'ltr' },
    { text: 'سلام دنیا', direction: 'rtl' },
  ]);
  expect(enPublished.listStyle).toBe('decimal');

  await login('owner', freshSite);
  for (const ui of ['fa', 'en'] as const) {
    for (const [locale, published] of [
      ['fa', faPublished],
      ['en', enPublished],
    ] as const) {
      await page.goto(`${freshSite.url}/${ui}/manage/editor/${locale}/mixed`);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      const surface = page.locator('.ProseMirror');
      await expect(surface.locator('p').first()).toBeVisible();
      const editor = await measure(page, '.ProseMirror');
      // D19: the surface speaks the page's language, whatever the dashboard's.
      expect(editor.lang, `${ui} dashboard, ${locale} page`).toBe(locale);
      expect(editor.listStyle, `${ui} dashboard, ${locale} page`).toBe(published.listStyle);
      // D1 and D2: the same directions, marker sides and column order as the published page.
      expect(editor.blocks, `${ui} dashboard, ${locale} page`).toEqual(published.blocks);
      expect(editor.markers, `${ui} dashboard, ${locale} page`).toEqual(published.markers);
      expect(editor.firstColumnAtStart, `${ui} dashboard, ${locale} page`).toBe(published.firstColumnAtStart);
      expect(editor.slant, `${ui} dashboard, ${locale} page`).toEqual(published.slant);
      // The title in the editor's header reads as on the page (right to left on the Persian page).
      if (locale === 'fa') {
        const h1 = page.getByRole('heading', { level: 1, name: 'React در ۱۰ دقیقه' });
        expect(await h1.evaluate((h) => getComputedStyle(h).direction)).toBe('rtl');
        await snap(page, `editor-direction-${ui}-ui-fa-page`);
      }
    }
  }
});

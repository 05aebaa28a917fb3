import type { Locator, Page } from '@playwright/test';
import { expect, snap, test } from './fixtures';

/*
 * Walk-through D12: a page's address and a front-matter line inside the Persian dashboard are
 * drawn left to right, as the address bar shows them — not «سفر-به-یزد/fa/» or «یادداشت :title».
 * Checked as a reader sees it, by where the browser draws the characters: the address's first
 * slash left of its Persian letters, a YAML key left of its value. Each check fails when the
 * fragment is left to the paragraph's right-to-left direction.
 */

const PATH = 'logs/سفر-به-یزد';
const TITLE = 'یادداشت سفر';

/**
 * The horizontal middle of the `index`-th character of `text` where it is drawn inside `scope`
 * (found in the scope's text nodes, invisible isolate marks ignored by the search).
 */
async function charX(scope: Locator, text: string, index: number) {
  return scope.evaluate(
    (element, [wanted, at]) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.textContent ?? '';
        const start = value.indexOf(wanted as string);
        if (start < 0) continue;
        const range = document.createRange();
        range.setStart(node, start + (at as number));
        range.setEnd(node, start + (at as number) + 1);
        const box = range.getBoundingClientRect();
        return box.left + box.width / 2;
      }
      throw new Error(`"${wanted}" is not in ${element.outerHTML.slice(0, 300)}`);
    },
    [text, index] as const,
  );
}

/** An address (`/fa/logs/سفر-به-یزد`, `content/fa/…`) reads left to right in `scope`: its first character is left of its Persian letters. */
async function expectAddressLeftToRight(scope: Locator, address: string) {
  await expect(scope).toContainText(address);
  const slash = await charX(scope, address, 0);
  const persian = await charX(scope, address, address.indexOf('س'));
  const last = await charX(scope, address, address.length - 1);
  expect(slash, `the first slash of ${address} is drawn at its left`).toBeLessThan(persian);
  expect(slash).toBeLessThan(last);
}

async function savePage(page: Page, url: string) {
  const response = await page.request.put(`${url}/api/pages/fa/${PATH.split('/').map(encodeURIComponent).join('/')}`, {
    data: { frontMatter: { title: TITLE }, body: 'متن.\n' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('fa: page addresses and front-matter lines stay left to right in the editor, a toast, the history and the builds diff', async ({
  page,
  freshSite,
  login,
}) => {
  await login('owner', freshSite);
  const address = `/fa/${PATH}`;

  // The "page created" toast, from the pages screen's dialog.
  await page.goto(`${freshSite.url}/fa/manage/pages`);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.getByRole('button', { name: 'صفحهٔ تازه' }).click();
  const dialog = page.getByRole('dialog', { name: 'صفحهٔ تازه' });
  await dialog.getByLabel('عنوان').fill(TITLE);
  await dialog.getByLabel('مسیر').fill(PATH);
  await dialog.getByRole('button', { name: 'ساخت و ویرایش' }).click();
  const toast = page.locator('li[data-color]').filter({ hasText: 'صفحه ساخته شد' });
  await expectAddressLeftToRight(toast, address);

  // The measure can tell: the same address left to a right-to-left paragraph is drawn with its
  // first slash at the right (the walk-through's «سفر-به-یزد/fa/»).
  await page.evaluate((text) => {
    const control = document.createElement('p');
    control.dir = 'rtl';
    control.dataset.testid = 'rtl-control';
    control.textContent = text;
    document.body.appendChild(control);
  }, address);
  const control = page.getByTestId('rtl-control');
  expect(await charX(control, address, 0)).toBeGreaterThan(await charX(control, address, address.indexOf('س')));

  // The editor's subtitle.
  await page.waitForURL(/\/fa\/manage\/editor\//);
  await expectAddressLeftToRight(page.locator('main p', { hasText: address }).first(), address);
  await snap(page, 'd12-editor-fa');

  // The history's link back to the page.
  await savePage(page, freshSite.url);
  await page.goto(`${freshSite.url}/fa/manage/history/fa/${PATH.split('/').map(encodeURIComponent).join('/')}`);
  await expectAddressLeftToRight(page.locator('section p', { hasText: address }).first(), address);

  // The builds diff: `title: یادداشت سفر` with its key at the left, like the lines around it.
  await page.goto(`${freshSite.url}/fa/manage/builds`);
  const line = page
    .getByTestId('diff')
    .locator('td', { hasText: `title: ${TITLE}` })
    .first();
  await expect(line).toBeVisible();
  const key = await charX(line, 'title:', 0);
  const value = await charX(line, TITLE, 0);
  expect(key, 'the key of a front-matter line is drawn at its left').toBeLessThan(value);
  await snap(page, 'd12-builds-fa');

  // Discarding the change: the question and the toast name its file left to right.
  const file = `content/fa/${PATH}.md`;
  await page.getByRole('button', { name: 'کنار گذاشتن', exact: true }).click();
  const question = page.getByRole('alertdialog', { name: 'این تغییر کنار گذاشته شود؟' });
  await expectAddressLeftToRight(question, file);
  await question.getByRole('button', { name: 'کنار گذاشتن تغییر' }).click();
  await expectAddressLeftToRight(page.locator('li[data-color]').filter({ hasText: 'تغییر کنار گذاشته شد' }), file);
});

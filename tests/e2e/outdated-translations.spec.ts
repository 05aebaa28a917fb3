import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PageDocument } from '../../common/authoring';
import { git, writeFiles } from '../support/content-repo';
import { createSessionCookie } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, test } from './fixtures';

/*
 * Issue 25 part 5 in the browser, in both languages: a change of a Persian page after its English
 * translation marks the translation outdated on the pages screen with the date (Jalali in Persian),
 * the overview counts it and links to the list of them, and the editor shows the source's diff
 * since. Publishing the translation again clears it. With SCREENSHOTS=1: the pages screen and the
 * editor's panel, fa/en, light/dark, in /tmp/shots/outdated.
 */

const FA_SLUG = 'سفر-به-یزد';
const FA_FILE = `content/fa/${FA_SLUG}.md`;
const EN_FILE = 'content/en/trip-to-yazd.md';
const faPage = (extra: string) => `---\ntitle: "سفر به یزد"\n---\n\nیزد شهر بادگیرهاست.\n${extra}`;
const enPage = '---\ntitle: "A trip to Yazd"\ntranslationKey: "سفر-به-یزد"\n---\n\nYazd is the city of windcatchers.\n';

/** Commits with plain git at a given time (the outdated mark compares commit times). */
function commitAt(site: RunningServer, iso: string, files: Record<string, string>) {
  const dir = path.join(site.dataDir, 'repo');
  writeFiles(dir, files);
  git(dir, 'add', '-A', '--', ...Object.keys(files));
  const env = { ...process.env };
  Object.assign(process.env, { GIT_AUTHOR_DATE: iso, GIT_COMMITTER_DATE: iso });
  try {
    git(dir, 'commit', '-qm', 'Trip to Yazd');
  } finally {
    process.env = env;
  }
}

async function api(site: RunningServer, method: string, route: string, body?: unknown) {
  const { name, value } = await createSessionCookie(site, 'owner');
  return fetch(`${site.url}${route}`, {
    method,
    headers: { cookie: `${name}=${value}`, origin: site.url, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

test('a source change marks its translation outdated on the pages screen, the overview counts it, the editor shows the diff', async ({
  page,
  browser,
  freshSite,
  login,
}) => {
  commitAt(freshSite, '2026-03-01T09:00:00Z', { [FA_FILE]: faPage(''), [EN_FILE]: enPage });
  commitAt(freshSite, '2026-03-05T09:00:00Z', { [FA_FILE]: faPage('\nبادگیرها هوا را خنک می‌کنند.\n') });
  expect((await api(freshSite, 'POST', '/api/content/sync')).status).toBe(200);
  await login('owner', freshSite);

  const words = {
    fa: { date: '۱۴ اسفند ۱۴۰۴', count: '۱ ترجمهٔ کهنه', badge: 'کهنه', diff: 'تغییرهای منبع از آن زمان' },
    en: { date: 'Mar 5, 2026', count: '1 outdated translation', badge: 'Outdated', diff: 'Changes in the source since then' },
  } as const;
  for (const ui of ['fa', 'en'] as const) {
    await test.step(`pages screen (${ui})`, async () => {
      await page.goto(`${freshSite.url}/${ui}/manage/pages?locale=en`);
      const row = page.locator('tr[data-page="en/trip-to-yazd"]');
      await expect(row.locator('[data-outdated]')).toHaveAttribute('data-outdated', '2026-03-05T09:00:00.000Z');
      await expect(row.locator('[data-outdated]')).toContainText(words[ui].badge);
      await expect(row.locator('[data-outdated] time')).toContainText(words[ui].date);
      // The source is never the outdated one; an unpaired page neither.
      await page.goto(`${freshSite.url}/${ui}/manage/pages?locale=fa`);
      await expect(page.locator(`tr[data-page="fa/${FA_SLUG}"]`)).toBeVisible();
      await expect(page.locator('[data-outdated]')).toHaveCount(0);
    });

    await test.step(`overview (${ui})`, async () => {
      await page.goto(`${freshSite.url}/${ui}/manage`);
      const fact = page.getByTestId('outdated-translations');
      await expect(fact).toHaveText(words[ui].count);
      await fact.getByRole('link').click();
      await expect(page).toHaveURL(/\/manage\/pages\?locale=en&outdated=1$/);
      await expect(page.getByTestId('outdated-filter')).toBeVisible();
      await expect(page.locator('tbody tr')).toHaveCount(1);
      await expect(page.locator('tr[data-page="en/trip-to-yazd"] [data-outdated]')).toBeVisible();
    });

    await test.step(`editor (${ui})`, async () => {
      await page.goto(`${freshSite.url}/${ui}/manage/editor/en/trip-to-yazd`);
      const panel = page.getByTestId('outdated-source');
      await expect(panel).toContainText(words[ui].date);
      await expect(panel.locator('bdi[dir="ltr"]')).toHaveText(`/fa/${FA_SLUG}`);
      await expect(panel.locator('summary')).toHaveText(words[ui].diff);
      const added = panel.locator('[data-line="add"]');
      await expect(added).toHaveCount(2);
      await expect(added.filter({ hasText: 'بادگیرها هوا را خنک می‌کنند.' })).toHaveCount(1);
      // Collapsible.
      await panel.locator('summary').click();
      await expect(panel.getByTestId('diff')).toBeHidden();
      // The source's own editor has no panel.
      await page.goto(`${freshSite.url}/${ui}/manage/editor/fa/${encodeURIComponent(FA_SLUG)}`);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.getByTestId('editor')).toBeVisible();
      await expect(page.getByTestId('outdated-source')).toHaveCount(0);
    });
  }

  if (process.env.SCREENSHOTS) {
    mkdirSync('/tmp/shots/outdated', { recursive: true });
    const { name, value } = await createSessionCookie(freshSite, 'owner');
    for (const ui of ['fa', 'en'] as const)
      for (const theme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: theme });
        await context.addCookies([{ name, value, url: freshSite.url }]);
        const shot = await context.newPage();
        await shot.goto(`${freshSite.url}/${ui}/manage/pages?locale=en`);
        await expect(shot.locator('[data-outdated]')).toBeVisible();
        await shot.screenshot({ path: `/tmp/shots/outdated/pages-${ui}-${theme}.png`, fullPage: true });
        await shot.goto(`${freshSite.url}/${ui}/manage/editor/en/trip-to-yazd`);
        await expect(shot.getByTestId('diff')).toBeVisible();
        await shot.screenshot({ path: `/tmp/shots/outdated/editor-${ui}-${theme}.png` });
        await context.close();
      }
  }

  await test.step('the translation updated and published clears the mark', async () => {
    const document = (await (await api(freshSite, 'GET', '/api/pages/en/trip-to-yazd')).json()) as PageDocument;
    const saved = await api(freshSite, 'PUT', '/api/pages/en/trip-to-yazd', {
      frontMatter: document.frontMatter,
      body: `${document.body}\nThe windcatchers cool the air.\n`,
      baseSha: document.baseSha,
    });
    expect(saved.status).toBe(200);
    expect((await api(freshSite, 'POST', '/api/builds/publish', { title: 'Translation caught up' })).status).toBe(200);
    await page.goto(`${freshSite.url}/en/manage/pages?locale=en`);
    await expect(page.locator('tr[data-page="en/trip-to-yazd"]')).toBeVisible();
    await expect(page.locator('[data-outdated]')).toHaveCount(0);
    await page.goto(`${freshSite.url}/en/manage`);
    await expect(page.getByTestId('outdated-translations')).toHaveCount(0);
    // The editor asks once, and shows nothing for a translation that is up to date.
    const answered = page.waitForResponse((response) => response.url().includes('/api/translations/en/trip-to-yazd'));
    await page.goto(`${freshSite.url}/en/manage/editor/en/trip-to-yazd`);
    expect(await (await answered).json()).toEqual({ outdated: null });
    await expect(page.getByTestId('editor')).toBeVisible();
    await expect(page.getByTestId('outdated-source')).toHaveCount(0);
  });
});

import path from 'node:path';
import { contentSyncs } from '../../server/db/schema';
import { commitFiles } from '../support/content-repo';
import { withSiteDatabase } from '../support/install';
import { expect, test } from './fixtures';

/*
 * The builds screen's site index on the node target (docs/content.md "Two drivers"): Re-index now
 * shows the progress of the sync running in the server, then when it finished; a failed sync's
 * reason and Retry, in Persian with Persian digits.
 */

const page = (i: number) => `---\ntitle: "Bulk ${i}"\ndate: 2026-02-01\n---\n\n${'Words of a page. '.repeat(120)}\n`;

test('Re-index now shows "Indexing: N of M pages" while the server syncs, then the last sync', async ({
  page: browser,
  freshSite,
  login,
}) => {
  test.setTimeout(120_000);
  await login('owner', freshSite);
  const files: Record<string, string> = {};
  for (let i = 0; i < 1000; i++) files[`content/en/logs/bulk-${i}.md`] = page(i);
  commitFiles(path.join(freshSite.dataDir, 'repo'), files, '1 000 pages');

  await browser.goto(`${freshSite.url}/en/manage/builds`);
  const section = browser.getByRole('region', { name: 'Site index' });
  // A new site has no re-index to report, and says nothing about one (issue 30, D21).
  await expect(section.getByRole('button', { name: 'Re-index now' })).toBeVisible();
  await expect(section).not.toContainText(/re-index has been recorded/i);
  await section.getByRole('button', { name: 'Re-index now' }).click();
  const bar = section.getByRole('progressbar', { name: 'Site index' });
  await expect(bar).toBeVisible();
  await expect(section).toContainText(/Indexing: [\d,]+ of 1,000 pages/, { timeout: 60_000 });
  expect(await bar.getAttribute('aria-valuemax')).toBe('1000');
  await expect(section).toContainText(/Last indexed .* — 1,000 pages rendered\./, { timeout: 60_000 });
  await expect(bar).toHaveCount(0);
  expect(await (await browser.request.get(`${freshSite.url}/en/logs/bulk-999`)).text()).toContain('Bulk 999');
});

test('a failed sync shows its reason with Retry, which runs the sync again (Persian)', async ({
  page: browser,
  freshSite,
  login,
}) => {
  await login('owner', freshSite);
  await withSiteDatabase(freshSite, (db) =>
    db.insert(contentSyncs).values({
      id: 'failed-sync',
      status: 'failed',
      done: 1200,
      total: 3000,
      problems: [],
      error: 'GitHub repository o/r: reading blob 1234 failed with HTTP 502',
      startedAt: new Date(),
      updatedAt: new Date(),
    }),
  );
  await browser.goto(`${freshSite.url}/fa/manage/builds`);
  const section = browser.getByRole('region', { name: 'نمایهٔ سایت' });
  const alert = section.getByRole('alert');
  await expect(alert).toContainText('نمایه‌سازی پس از ۱٬۲۰۰ از ۳٬۰۰۰ صفحه متوقف شد');
  await expect(alert).toContainText('HTTP 502');
  // The reason keeps its own direction inside the Persian text.
  await expect(alert.locator('p[dir="ltr"]')).toHaveText(/reading blob 1234/);
  await alert.getByRole('button', { name: 'تلاش دوباره' }).click();
  await expect(section).toContainText('آخرین نمایه‌سازی', { timeout: 30_000 });
  // One colon, the time's own (D30): the count follows a Persian semicolon.
  await expect(section).toContainText(/آخرین نمایه‌سازی در [^:]*:[^:]*؛ [۰-۹٬]+ صفحه ساخته شد\./);
  await expect(alert).toHaveCount(0);
});

import path from 'node:path';
import { git } from '../support/content-repo';
import { expect, test } from './fixtures';

/*
 * A re-index that would empty the site is refused on the builds screen (docs/content.md "Syncing"):
 * the reason and the count in the reader's language, the site keeps its pages; "Re-index anyway"
 * asks once more, naming how many pages go, and only then removes them.
 */

test('a repository with every page deleted: refused with the count (Persian), then re-indexed anyway after the confirmation (English)', async ({
  page: browser,
  freshSite,
  login,
}) => {
  await login('owner', freshSite);
  const repo = path.join(freshSite.dataDir, 'repo');
  const pages = git(repo, 'ls-files', 'content')
    .trim()
    .split('\n')
    .filter((file) => file.endsWith('.md')).length;
  git(repo, 'rm', '-rq', 'content');
  git(repo, 'commit', '-qm', 'Every page deleted');
  const persian = (n: number) => n.toLocaleString('fa-IR', { useGrouping: false });

  await browser.goto(`${freshSite.url}/fa/manage/builds`);
  const section = browser.getByRole('region', { name: 'نمایهٔ سایت' });
  await section.getByRole('button', { name: 'نمایه‌سازی دوباره' }).click();
  const alert = section.getByRole('status');
  await expect(alert).toContainText('نمایه‌سازی دوباره انجام نشد: مخزن محتوا هیچ صفحه‌ای ندارد');
  await expect(alert).toContainText(`نمایه‌سازی دوباره در این حال ${persian(pages)} صفحه را حذف می‌کند`);
  expect((await browser.request.get(`${freshSite.url}/en/about`)).status()).toBe(200);

  await browser.goto(`${freshSite.url}/en/manage/builds`);
  const en = browser.getByRole('region', { name: 'Site index' });
  const refused = en.getByRole('status');
  await expect(refused).toContainText('Re-index refused: the content repository has no pages');
  await refused.getByRole('button', { name: 'Re-index anyway…' }).click();
  const dialog = browser.getByRole('alertdialog', { name: 'Re-index from this repository?' });
  await expect(dialog).toContainText(`${pages} pages are not in the repository the server reads`);
  await dialog.getByRole('button', { name: `Re-index anyway: ${pages} pages will be removed` }).click();
  await expect(en).toContainText(/Last indexed /, { timeout: 30_000 });
  await expect(refused).toHaveCount(0);
  expect((await browser.request.get(`${freshSite.url}/en/about`)).status()).toBe(404);
});

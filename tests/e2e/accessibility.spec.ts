import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

/** Every public and dashboard screen, as a signed-in owner sees it: axe finds no serious or critical violation (WCAG 2.1 AA, contrast ≥ 4.5:1). */
const screens = [
  '',
  '/logs',
  '/logs/a-long-guide-to-bilingual-publishing',
  '/cats/tutorials',
  '/tags/markdown',
  '/search?q=git',
  '/no-such-page',
  '/profile',
  '/manage',
  '/manage/pages',
  '/manage/builds',
  '/manage/editor/about',
  '/manage/settings',
  '/manage/users/all',
  '/manage/users/roles',
  '/manage/comments/pending',
  '/manage/newsletter',
  '/manage/api',
  '/manage/webhooks',
  '/manage/integrations',
  '/manage/redirects',
  '/manage/redirects/not-found',
];
const signedOutScreens = ['/login', '/register'];

for (const locale of ['fa', 'en'] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`no serious or critical accessibility violations on any screen (${locale}, ${colorScheme})`, async ({
      page,
      installedSite,
      login,
      browser,
    }) => {
      test.setTimeout(180_000);
      const check = async (path: string, target = page) => {
        await target.goto(`${installedSite.url}/${locale}${path}`);
        await expect(target.locator('html[data-hydrated]')).toHaveCount(1);
        // Lazily loaded parts (editor, charts, threads) settle first.
        await target.waitForLoadState('networkidle');
        const { violations } = await new AxeBuilder({ page: target }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
        const serious = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
        expect(serious, `${locale}${path} (${colorScheme})`).toEqual([]);
      };

      await page.emulateMedia({ colorScheme });
      const anonymous = await browser.newContext({ colorScheme });
      try {
        const visitor = await anonymous.newPage();
        for (const path of signedOutScreens) await check(path, visitor);
      } finally {
        await anonymous.close();
      }
      await login('owner');
      for (const path of screens) await check(path);
    });
  }
}

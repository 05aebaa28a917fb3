import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { commitFiles } from '../support/content-repo';
import { createSessionCookie } from '../support/install';
import { expect, showColorScheme, snap, test } from './fixtures';

/*
 * Issue 39 §3 in the browser: a fenced block with a language arrives coloured (no script needed),
 * reads left to right on a Persian page, and its copy button copies exactly the code.
 */

const code = 'export function greet(name: string): string {\n  // سلام به فارسی\n  return "Hello, " + name;\n}';
const page = (title: string, lang: 'fa' | 'en') =>
  `---\ntitle: "${title}"\n---\n\n${lang === 'fa' ? 'این تکه کد را ببینید:' : 'Look at this code:'}\n\n\`\`\`ts\n${code}\n\`\`\`\n`;

test('code is highlighted on the page, left to right in Persian, and copied by its button, in fa and en, light and dark', async ({
  page: browserPage,
  context,
  freshSite,
}) => {
  commitFiles(
    path.join(freshSite.dataDir, 'repo'),
    { 'content/fa/code.md': page('کد', 'fa'), 'content/en/code.md': page('Code', 'en') },
    'code pages',
  );
  const { name, value } = await createSessionCookie(freshSite, 'owner');
  const sync = await fetch(`${freshSite.url}/api/content/sync`, { method: 'POST', headers: { cookie: `${name}=${value}` } });
  expect(sync.status).toBe(200);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: freshSite.url });

  for (const locale of ['fa', 'en'] as const) {
    // Without the script the colours are there already: they are in the HTML.
    const html = await (await fetch(`${freshSite.url}/${locale}/code`)).text();
    expect(html).toContain('<span class="hl-kwd">export</span>');

    await browserPage.goto(`${freshSite.url}/${locale}/code`);
    const pre = browserPage.locator('.prose pre');
    await expect(pre).toHaveCSS('direction', 'ltr');
    const keyword = pre.locator('.hl-kwd').first();
    const plainColor = await pre.locator('code').evaluate((element) => getComputedStyle(element).color);
    expect(await keyword.evaluate((element) => getComputedStyle(element).color)).not.toBe(plainColor);
    // The Persian comment is drawn in the code font that has Persian glyphs.
    expect(await pre.locator('.hl-cmnt').evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/Vazir Code/);

    const button = browserPage.getByRole('button', { name: locale === 'fa' ? 'کپی' : 'Copy' });
    await button.click();
    await expect(browserPage.getByRole('button', { name: locale === 'fa' ? 'کپی شد' : 'Copied' })).toBeVisible();
    expect(await browserPage.evaluate(() => navigator.clipboard.readText())).toBe(`${code}\n`);
    // The button sits over the block's top right in both directions.
    const [box, buttonBox] = [await pre.boundingBox(), await button.boundingBox()];
    expect(box && buttonBox && box.x + box.width - (buttonBox.x + buttonBox.width)).toBeLessThan(16);

    for (const scheme of ['light', 'dark'] as const) {
      await showColorScheme(browserPage, scheme);
      const { violations } = await new AxeBuilder({ page: browserPage })
        .include('.prose')
        .withTags(['wcag2a', 'wcag2aa'])
        .analyze();
      expect(violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([]);
      await snap(browserPage, `code-highlight-${locale}-${scheme}`);
    }
  }
});

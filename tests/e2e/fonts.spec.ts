import { expect, test } from './fixtures';

const LONG = 'logs/a-long-guide-to-bilingual-publishing';

/** The font files a page downloaded, and the faces the browser actually used. */
async function fontsOf(page: import('@playwright/test').Page, url: string) {
  const files: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'font') files.push(new URL(response.url()).pathname.split('/').pop() ?? '');
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready);
  const loaded = await page.evaluate(() =>
    [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.unicodeRange),
  );
  return { files, loaded };
}

test.describe('fonts by script (issue 12)', () => {
  test('English pages show their Persian words in Vazirmatn from one small static face, and preload only the Latin face', async ({
    page,
    installedSite,
  }) => {
    for (const path of ['/en', `/en/${LONG}`]) {
      const { files, loaded } = await fontsOf(page, installedSite.url + path);
      expect(files.length, path).toBeGreaterThan(0);
      // Latin for the text; for the «فارسی» switcher (D28) one static Arabic-script weight, never
      // the variable face Persian pages use.
      const persian = files.filter((file) => file.startsWith('vazirmatn-arabic'));
      expect(persian, files.join()).toEqual([expect.stringMatching(/^vazirmatn-arabic-400-normal/)]);
      expect(
        files.filter((file) => !file.startsWith('vazirmatn-arabic')).every((file) => file.startsWith('vazirmatn-latin')),
      ).toBe(true);
      expect(loaded.some((range) => range.includes('U+600-6FF'))).toBe(true);
      const switcher = page.locator('[lang="fa"]', { hasText: 'فارسی' }).first();
      expect(await switcher.evaluate((element) => getComputedStyle(element).fontFamily)).toContain('Vazirmatn');
      const preloads = await page
        .locator('link[rel="preload"][as="font"]')
        .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
      expect(preloads).toHaveLength(1);
      expect(preloads[0]).toContain('vazirmatn-latin-wght');
    }
  });

  test('Persian pages render Persian in Vazirmatn and fetch only the Latin weights they use', async ({ page, installedSite }) => {
    const { files, loaded } = await fontsOf(page, `${installedSite.url}/fa/${LONG}`);
    // The Arabic-script face is really used (not only downloaded), for text of every weight.
    expect(loaded.filter((range) => range.includes('U+600-6FF')).length).toBeGreaterThan(0);
    expect(files.filter((file) => file.startsWith('vazirmatn-arabic'))).toHaveLength(1);
    // Never the variable Latin file with every weight: at most the two static weights.
    expect(files.some((file) => file.startsWith('vazirmatn-latin-wght'))).toBe(false);
    expect(files.filter((file) => /^vazirmatn-latin-(400|700)-/.test(file)).length).toBeLessThanOrEqual(2);
    const preloads = await page
      .locator('link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(preloads).toEqual([expect.stringContaining('vazirmatn-arabic-wght')]);
  });

  test('Persian in code is drawn in Vazir Code, fetched only by pages whose code holds Persian (D27)', async ({
    page,
    installedSite,
  }) => {
    const persianCode = await fontsOf(page, `${installedSite.url}/fa/logs/writing-in-markdown`);
    expect(persianCode.files.filter((file) => file.startsWith('Vazir-Code-WOL'))).toHaveLength(1);
    const used = await page.evaluate(() =>
      [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replaceAll('"', '')),
    );
    expect(used).toContain('Vazir Code');
    expect(
      await page
        .locator('.prose pre code')
        .first()
        .evaluate((element) => getComputedStyle(element).fontFamily),
    ).toMatch(/^"?Vazir Code"?, ui-monospace/);
    // Code in Latin only (the English sample pages) fetches nothing for it (a fresh tab each: a
    // late answer of the Persian page must not be counted).
    for (const path of ['/en/logs/writing-in-markdown', `/en/${LONG}`]) {
      const fresh = await page.context().newPage();
      expect((await fontsOf(fresh, installedSite.url + path)).files.some((file) => file.startsWith('Vazir-Code'))).toBe(false);
      await fresh.close();
    }
  });
});

import { expect, snap, test } from './fixtures';

test.describe('bilingual shell', () => {
  test('the root redirects by Accept-Language', async ({ site, playwright }) => {
    for (const [language, target] of [
      ['en-US,en;q=0.9', '/en'],
      ['fa-IR,fa', '/fa'],
    ] as const) {
      const request = await playwright.request.newContext({ extraHTTPHeaders: { 'Accept-Language': language } });
      const response = await request.get(`${site.url}/`, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe(target);
      await request.dispose();
    }
  });

  test('a browser in English lands on /en, in Persian on /fa', async ({ site, browser }) => {
    for (const [locale, path] of [
      ['en-US', '/en'],
      ['fa-IR', '/fa'],
    ] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto(`${site.url}/`);
      expect(new URL(page.url()).pathname).toBe(path);
      await context.close();
    }
  });

  test('/fa is right-to-left in Vazirmatn, /en is left-to-right', async ({ site, page }) => {
    await page.goto(`${site.url}/fa`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fa');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px Vazirmatn', 'دفتر'))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Vazirmatn');
    // The switcher sits at the visual left in RTL (the end of the row).
    await expect(page.locator('[data-testid="theme-switcher"][data-ready]')).toHaveCount(1);
    // Its accessible name is in the page's language (the spec's 'Theme Switcher' on /en).
    const box = await page.getByRole('button', { name: 'تغییر پوسته', exact: true }).boundingBox();
    expect(box && box.x < 200).toBe(true);

    await page.goto(`${site.url}/en`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('[data-testid="theme-switcher"][data-ready]')).toHaveCount(1);
    const enBox = await page.getByRole('button', { name: 'Theme Switcher', exact: true }).boundingBox();
    expect(enBox && enBox.x > 600).toBe(true);
  });

  test('on a 390 px phone the header keeps its controls on one row beside the wordmark', async ({ installedSite, browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    for (const locale of ['en', 'fa']) {
      await page.goto(`${installedSite.url}/${locale}`);
      await expect(page.locator('[data-testid="theme-switcher"][data-ready]')).toHaveCount(1);
      const wordmark = await page.getByTestId('wordmark').boundingBox();
      const theme = await page.getByRole('button', { name: locale === 'fa' ? 'تغییر پوسته' : 'Theme Switcher' }).boundingBox();
      // Same row: the button's middle lies within the wordmark's height.
      expect(wordmark && theme && Math.abs(theme.y + theme.height / 2 - (wordmark.y + wordmark.height / 2)) < 8).toBe(true);
      await snap(page, `header-phone-${locale}`);
    }
    await context.close();
  });

  test('signed in, on a 375 px phone the header keeps every control on one row beside the wordmark', async ({
    page,
    login,
    installedSite,
  }) => {
    await login('owner');
    await page.setViewportSize({ width: 375, height: 800 });
    for (const locale of ['fa', 'en'] as const) {
      await page.goto(`${installedSite.url}/${locale}`);
      await expect(page.locator('[data-testid="theme-switcher"][data-ready]')).toHaveCount(1);
      const names =
        locale === 'fa'
          ? { dashboard: 'پیشخوان', profile: 'نمایه', logout: 'خروج', theme: 'تغییر پوسته' }
          : { dashboard: 'Dashboard', profile: 'Profile', logout: 'Log out', theme: 'Theme Switcher' };
      const header = page.locator('header').first();
      const wordmark = await page.getByTestId('wordmark').boundingBox();
      const row = wordmark ? wordmark.y + wordmark.height / 2 : -1;
      // Every control (each with its name) sits on the wordmark's row, inside the screen.
      for (const control of [
        header.getByRole('button', { name: names.theme, exact: true }),
        header.getByRole('link', { name: names.dashboard, exact: true }),
        header.getByRole('link', { name: names.profile, exact: true }),
        header.getByRole('button', { name: names.logout, exact: true }),
      ]) {
        const box = await control.boundingBox();
        expect(box, `${locale}: ${control}`).not.toBeNull();
        if (!box) continue;
        expect(Math.abs(box.y + box.height / 2 - row), `${locale}: ${control} on the wordmark's row`).toBeLessThan(8);
        expect(box.x >= 0 && box.x + box.width <= 375, `${locale}: ${control} inside the screen`).toBe(true);
      }
      await snap(page, `header-phone-signed-in-${locale}`);
    }
  });

  test('switching language persists across reloads and new visits to /', async ({ site, browser }) => {
    const context = await browser.newContext({ locale: 'fa-IR' });
    const page = await context.newPage();
    const ready = page.locator('[data-testid="theme-switcher"][data-ready]');
    await page.goto(`${site.url}/fa`);
    // The switcher remembers the choice from its click handler, so wait until the page is interactive.
    await expect(ready).toHaveCount(1);
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(`${site.url}/en`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto(`${site.url}/`);
    await expect(page).toHaveURL(`${site.url}/en`);
    await expect(ready).toHaveCount(1);
    await page.getByRole('link', { name: 'فارسی' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto(`${site.url}/`);
    await expect(page).toHaveURL(`${site.url}/fa`);
    await context.close();
  });

  test('the theme toggle persists and the first paint already has it', async ({ site, browser }) => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(`${site.url}/en`);
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await expect(page.locator('[data-testid="theme-switcher"][data-ready]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Theme Switcher' }).click();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    // Without any application JavaScript (no hydration), the inline head script alone must set
    // the theme: that is what prevents a flash of the light theme on load.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).not.toBe('rgb(255, 255, 255)');
    await page.unroute('**/assets/*.js');

    await page.reload();
    await expect(page.locator('[data-testid="theme-switcher"][data-ready]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Theme Switcher' }).click();
    await expect(html).not.toHaveClass(/dark/);
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
    await context.close();
  });

  test('with no stored choice the theme follows the system', async ({ site, browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${site.url}/fa`);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.locator('[data-testid="theme-switcher"][data-ready]')).toHaveCount(1);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await context.close();
  });

  test('pages and scripts are sent compressed to browsers that accept it', async ({ site, request }) => {
    const page = await request.get(`${site.url}/en`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers()['content-encoding']).toBe('gzip');
    const html = await page.text();
    const script = html.match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0];
    expect(script).toBeTruthy();
    const asset = await request.get(`${site.url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers()['content-encoding']).toBe('gzip');
    expect(asset.headers()['cache-control']).toContain('immutable');
  });

  test('icons are served', async ({ site, request }) => {
    const icon = await request.get(`${site.url}/icon.png`);
    expect(icon.status()).toBe(200);
    const bytes = await icon.body();
    expect(bytes.readUInt32BE(16)).toBe(192);
    expect(bytes.readUInt32BE(20)).toBe(192);
    const favicon = await request.get(`${site.url}/favicon.ico`);
    expect(favicon.status()).toBe(200);
    expect((await favicon.body()).readUInt16LE(2)).toBe(1);
  });

  test('unknown pages answer 404 and /403 answers 403', async ({ site, request }) => {
    expect((await request.get(`${site.url}/en/no/such/page`)).status()).toBe(404);
    expect((await request.get(`${site.url}/fa/403`)).status()).toBe(403);
    expect((await request.get(`${site.url}/de/anything`)).status()).toBe(404);
  });
});

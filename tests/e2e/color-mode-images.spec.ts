import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { createSessionCookie } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, test } from './fixtures';

/*
 * A page that forces its colour mode (front matter `colorMode: dark`) and a page with images of the
 * site's media (srcset of WebP copies, decision 0008), in both languages. With SCREENSHOTS=1 each
 * page is saved in light and dark, desktop and phone, under /tmp/shots/images/.
 */

/** A landscape drawn as SVG by us and rasterised here (the site itself never rasterises SVG). */
async function landscape(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 1000" preserveAspectRatio="xMidYMid slice">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="0.6" stop-color="#f59e0b"/><stop offset="1" stop-color="#fde68a"/></linearGradient></defs>
    <rect width="1600" height="1000" fill="url(#sky)"/><circle cx="1150" cy="560" r="140" fill="#fff7ed"/>
    <path d="M0 760 L300 480 L560 720 L860 420 L1200 760 L1600 520 L1600 1000 L0 1000 Z" fill="#14532d"/>
    <path d="M0 860 L420 640 L760 860 L1100 660 L1600 900 L1600 1000 L0 1000 Z" fill="#052e16"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

type Api = (method: string, path: string, body?: unknown) => Promise<Response>;

async function ownerApi(site: RunningServer): Promise<Api> {
  const { name, value } = await createSessionCookie(site, 'owner');
  return (method, path, body) =>
    fetch(`${site.url}${path}`, {
      method,
      headers: { cookie: `${name}=${value}`, ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
}

async function uploadImage(api: Api, bytes: Buffer, name: string) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await api('POST', '/api/media', form);
  expect(response.status).toBe(201);
  const { url, width, height } = (await response.json()) as { url: string; width: number; height: number };
  return `${url}#${width}x${height}`;
}

const TEXT = {
  en: {
    night: {
      title: 'A page kept dark',
      description: 'This page forces dark mode',
      body: 'Star charts read best on a dark page.',
    },
    photos: { title: 'Photographs', description: 'Images in several sizes', body: 'A landscape at dusk.' },
    forced: 'This page is always shown in dark mode',
  },
  fa: {
    night: {
      title: 'صفحه‌ای همیشه تیره',
      description: 'این صفحه پوستهٔ تیره را برمی‌گزیند',
      body: 'نقشهٔ ستارگان روی صفحهٔ تیره بهتر خوانده می‌شود.',
    },
    photos: { title: 'عکس‌ها', description: 'تصویرهایی در چند اندازه', body: 'منظره‌ای در غروب.' },
    forced: 'این صفحه همیشه با پوستهٔ تیره نمایش داده می‌شود',
  },
} as const;

/** Publishes, in both languages, `night` (colorMode: dark, with an image) and `photos` (banner and images). */
async function publishPages(site: RunningServer) {
  const api = await ownerApi(site);
  const wide = await uploadImage(api, await landscape(2400, 1500), 'dusk.jpg');
  const medium = await uploadImage(api, await landscape(900, 600), 'dusk-small.jpg');
  const banner = await uploadImage(api, await landscape(2000, 750), 'banner.jpg');
  for (const locale of ['en', 'fa'] as const) {
    const t = TEXT[locale];
    for (const [path, frontMatter, body] of [
      [
        'night',
        { title: t.night.title, description: t.night.description, colorMode: 'dark' },
        `${t.night.body}\n\n![](${medium})`,
      ],
      [
        'photos',
        { title: t.photos.title, description: t.photos.description, thumbnail: banner },
        `${t.photos.body}\n\n![](${wide})\n\n![](${medium})`,
      ],
    ] as const) {
      const saved = await api('PUT', `/api/pages/${locale}/${path}`, { frontMatter, body });
      expect(saved.status, await saved.clone().text()).toBe(200);
    }
  }
  const published = await api('POST', '/api/builds/publish', { title: 'Colour mode and images' });
  expect(published.status, await published.clone().text()).toBe(200);
}

/** Records, as the document is parsed, whether <html> was dark when <body> first appeared. */
async function watchFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      (window as unknown as { firstBodyDark: boolean }).firstBodyDark = document.documentElement.classList.contains('dark');
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const SHOTS = process.env.SCREENSHOTS === '1';
const PHONE = { width: 390, height: 844 };

test('a page that forces dark mode, and pages with responsive images, in both languages', async ({
  browser,
  freshSite,
  page,
  login,
}) => {
  test.setTimeout(240_000);
  await test.step('publish the pages', () => publishPages(freshSite));

  for (const locale of ['en', 'fa'] as const) {
    await test.step(`${locale}: the forced page is dark for a reader who chose light, from the first paint`, async () => {
      const html = await (await fetch(`${freshSite.url}/${locale}/night`)).text();
      expect(html).toMatch(/<html[^>]*data-color-mode-forced="dark"/);
      const context = await browser.newContext({ colorScheme: 'light' });
      const page = await context.newPage();
      await page.addInitScript(() => localStorage.setItem('theme', 'light'));
      await watchFirstPaint(page);
      await page.goto(`${freshSite.url}/${locale}/night`);
      expect(await page.evaluate(() => (window as unknown as { firstBodyDark: boolean }).firstBodyDark)).toBe(true);
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      const switcher = page.getByRole('button', { name: locale === 'fa' ? 'تغییر پوسته' : 'Theme Switcher' }).first();
      await expect(switcher).toHaveAttribute('aria-disabled', 'true');
      await expect(switcher).toHaveAccessibleDescription(TEXT[locale].forced);
      await switcher.click({ force: true });
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

      // Another page keeps the reader's light mode, and its switcher works.
      await page.goto(`${freshSite.url}/${locale}/photos`);
      await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      await expect(page.locator('html')).not.toHaveAttribute('data-color-mode-forced');
      await expect(
        page.getByRole('button', { name: locale === 'fa' ? 'تغییر پوسته' : 'Theme Switcher' }).first(),
      ).not.toHaveAttribute('aria-disabled');
      await context.close();
    });

    await test.step(`${locale}: images come as WebP copies sized for the screen`, async () => {
      const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2 });
      const page = await context.newPage();
      await page.goto(`${freshSite.url}/${locale}/photos`);
      const images = page.locator('[data-testid="article"] .contents img');
      await expect(images).toHaveCount(2);
      const first = images.first();
      await first.scrollIntoViewIfNeeded();
      await expect(first).toHaveAttribute('width', '2400');
      await expect(first).toHaveAttribute('height', '1500');
      await expect(first).toHaveAttribute('sizes', '(min-width: 44rem) 42rem, calc(100vw - 2rem)');
      await expect(first).toHaveAttribute('srcset', /\.w320\.webp 320w, .*\.w1992\.webp 1992w$/);
      // 390 px less 2rem, at density 2: 716 px, so the 768 px copy.
      await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/\.w768\.webp$/);
      // naturalWidth is in CSS pixels: the copy's 768 px at the density the browser chose (768 / 358 px).
      expect(await first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(358);
      const banner = page.locator('[data-testid="article"] > img');
      await expect(banner).toHaveAttribute('sizes', '(min-width: 64rem) 62rem, calc(100vw - 2rem)');
      await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.w768\.webp$/);
      const copy = await page.request.get(
        `${freshSite.url}${new URL(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname}`,
      );
      expect(copy.headers()['content-type']).toBe('image/webp');
      expect(copy.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      await context.close();
    });
  }

  await test.step('fa: the editor keeps a page in one mode with the colour mode field', async () => {
    await login('editor', freshSite);
    await page.goto(`${freshSite.url}/fa/manage/editor/fa/photos`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const field = page.getByLabel('پوسته', { exact: true });
    await expect(field).toHaveValue('');
    await expect(field).toHaveAccessibleDescription(/همیشه روشن/);
    await field.selectOption({ label: 'همیشه روشن' });
    await expect(page.getByTestId('save-state')).toHaveText('تغییرات ذخیره‌نشده');
    await page.getByRole('button', { name: 'ذخیره', exact: true }).click();
    await expect(page.getByTestId('save-state')).toHaveText(/^ذخیره شد در [۰-۹]{2}:[۰-۹]{2}$/);
    const api = await ownerApi(freshSite);
    const saved = (await (await api('GET', '/api/pages/fa/photos')).json()) as { frontMatter: Record<string, unknown> };
    expect(saved.frontMatter.colorMode).toBe('light');
    expect((await api('POST', '/api/builds/publish', { title: 'Light photos' })).status).toBe(200);
    const html = await (await fetch(`${freshSite.url}/fa/photos`)).text();
    expect(html).toMatch(/<html[^>]*data-color-mode-forced="light"/);
    // The night page opened in the editor shows its mode.
    await page.goto(`${freshSite.url}/fa/manage/editor/fa/night`);
    await expect(page.getByLabel('پوسته', { exact: true })).toHaveValue('dark');
  });

  if (!SHOTS) return;
  await test.step('screenshots', async () => {
    mkdirSync('/tmp/shots/images', { recursive: true });
    for (const locale of ['fa', 'en'] as const)
      for (const theme of ['light', 'dark'] as const)
        for (const [device, viewport] of [
          ['desktop', { width: 1280, height: 900 }],
          ['phone', PHONE],
        ] as const) {
          const context = await browser.newContext({
            viewport,
            colorScheme: theme,
            deviceScaleFactor: device === 'phone' ? 2 : 1,
          });
          const page = await context.newPage();
          for (const path of ['photos', 'night']) {
            await page.goto(`${freshSite.url}/${locale}/${path}`);
            await page.evaluate(async () => {
              for (const img of Array.from(document.images)) {
                img.loading = 'eager';
                await img.decode().catch(() => undefined);
              }
            });
            await page.screenshot({ path: `/tmp/shots/images/${path}-${locale}-${theme}-${device}.png`, fullPage: true });
          }
          // The editor's colour mode field.
          const { name, value } = await createSessionCookie(freshSite, 'editor');
          await context.addCookies([{ name, value, url: freshSite.url }]);
          await page.goto(`${freshSite.url}/${locale}/manage/editor/${locale}/night`);
          await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
          const field = page.locator('select[name="colorMode"]');
          await field.scrollIntoViewIfNeeded();
          await page.screenshot({ path: `/tmp/shots/images/editor-${locale}-${theme}-${device}.png` });
          await context.close();
        }
  });
});

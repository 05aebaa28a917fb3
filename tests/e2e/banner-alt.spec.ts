import { mkdirSync } from 'node:fs';
import { createSessionCookie } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, test } from './fixtures';

/**
 * Front matter `thumbnailAlt` (issue 36 §1, featured images with their alt text): the editor's
 * page details offer it once the page has a banner, in both languages; the reading page's banner
 * and its `og:image:alt` carry it. With SCREENSHOTS=1 the page details are saved under
 * /tmp/shots/banner-alt/.
 */
async function ownerApi(site: RunningServer) {
  const { name, value } = await createSessionCookie(site, 'owner');
  return (method: string, path: string, body?: unknown) =>
    fetch(`${site.url}${path}`, {
      method,
      headers: { cookie: `${name}=${value}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

const TEXT = {
  en: {
    title: 'Lake notes',
    alt: 'Pelicans on a <calm> lake',
    field: 'Banner description (alt text)',
    save: 'Save',
    saved: /^Saved ·/,
  },
  fa: {
    title: 'یادداشت دریاچه',
    alt: 'پلیکان‌ها روی دریاچه‌ای <آرام>',
    field: 'توضیح تصویر سربرگ (متن جایگزین)',
    save: 'ذخیره',
    saved: /^ذخیره شد/,
  },
} as const;

test('the banner’s alt text from the editor to the reading page and og:image:alt, in both languages', async ({
  freshSite,
  page,
  login,
}) => {
  test.setTimeout(180_000);
  const api = await ownerApi(freshSite);
  for (const locale of ['en', 'fa'] as const) {
    const saved = await api('PUT', `/api/pages/${locale}/lake`, {
      frontMatter: { title: TEXT[locale].title, date: '2026-05-01' },
      body: 'Text.',
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
  await login('editor', freshSite);
  for (const locale of ['en', 'fa'] as const) {
    const t = TEXT[locale];
    await page.goto(`${freshSite.url}/${locale}/manage/editor/${locale}/lake`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    // No banner yet: nothing to describe.
    await expect(page.getByLabel(t.field)).toHaveCount(0);
    await page.locator('input[name="thumbnail"]').fill('/images/default-banner.webp');
    await page.getByLabel(t.field).fill(t.alt);
    // Before saving: the saved-toast would cover the field.
    if (process.env.SCREENSHOTS === '1') {
      mkdirSync('/tmp/shots/banner-alt', { recursive: true });
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.evaluate((mode) => document.documentElement.classList.toggle('dark', mode === 'dark'), theme);
        await page.getByTestId('front-matter').screenshot({ path: `/tmp/shots/banner-alt/${locale}-${theme}.png` });
      }
    }
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await expect(page.getByTestId('save-state')).toHaveText(t.saved);
    const doc = (await (await api('GET', `/api/pages/${locale}/lake`)).json()) as { frontMatter: Record<string, unknown> };
    expect(doc.frontMatter).toMatchObject({ thumbnail: '/images/default-banner.webp', thumbnailAlt: t.alt });
  }
  // Published, the reading page's banner says what it shows, as does its social image.
  expect((await api('POST', '/api/builds/publish', { title: 'Banner alt text' })).status).toBe(200);
  for (const locale of ['en', 'fa'] as const) {
    await page.goto(`${freshSite.url}/${locale}/lake`);
    await expect(page.locator('h1')).toHaveText(TEXT[locale].title);
    await expect(page.getByRole('img', { name: TEXT[locale].alt })).toHaveAttribute('src', '/images/default-banner.webp');
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', TEXT[locale].alt);
  }
  // A page whose banner is the site's default stays decorative: no alt, no og:image:alt.
  await page.goto(`${freshSite.url}/en/about`);
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveCount(0);
  await expect(page.getByTestId('article').locator('img').first()).toHaveAttribute('alt', '');
});

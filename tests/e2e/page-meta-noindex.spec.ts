import { mkdirSync } from 'node:fs';
import { createSessionCookie } from '../support/install';
import type { RunningServer } from '../support/server';
import { expect, test } from './fixtures';

/**
 * Front matter `metaTitle` and `noindex` (issue 26 item 7): set in the editor's page details in
 * both languages, honoured by the reading page and the home page (<title>, robots meta) and by the
 * sitemap and feed.
 * With SCREENSHOTS=1 the page details are saved under /tmp/shots/page-meta/.
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
    title: 'Tea notes',
    meta: 'The best tea <in> Tehran',
    field: 'Title for search engines and the browser tab',
    hide: /Hide from search engines/,
    save: 'Save',
    saved: /^Saved ·/,
  },
  fa: {
    title: 'یادداشت چای',
    meta: 'بهترین چای <تهران>',
    field: 'عنوان برای موتورهای جست‌وجو و زبانهٔ مرورگر',
    hide: /پنهان از موتورهای جست‌وجو/,
    save: 'ذخیره',
    saved: /^ذخیره شد/,
  },
} as const;

test('metaTitle and noindex from the editor to the reading page, sitemap and feed, in both languages', async ({
  freshSite,
  page,
  login,
}) => {
  test.setTimeout(180_000);
  const api = await ownerApi(freshSite);
  for (const locale of ['en', 'fa'] as const) {
    const saved = await api('PUT', `/api/pages/${locale}/tea`, {
      frontMatter: { title: TEXT[locale].title, date: '2026-05-01' },
      body: 'Text.',
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
  await login('editor', freshSite);
  for (const locale of ['en', 'fa'] as const) {
    const t = TEXT[locale];
    await page.goto(`${freshSite.url}/${locale}/manage/editor/${locale}/tea`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.getByLabel(t.field).fill(t.meta);
    await page.getByLabel(t.hide).check();
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await expect(page.getByTestId('save-state')).toHaveText(t.saved);
    const doc = (await (await api('GET', `/api/pages/${locale}/tea`)).json()) as { frontMatter: Record<string, unknown> };
    expect(doc.frontMatter).toMatchObject({ metaTitle: t.meta, noindex: true });
    if (process.env.SCREENSHOTS === '1') {
      mkdirSync('/tmp/shots/page-meta', { recursive: true });
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.evaluate((mode) => document.documentElement.classList.toggle('dark', mode === 'dark'), theme);
        await page.getByTestId('front-matter').screenshot({ path: `/tmp/shots/page-meta/${locale}-${theme}.png` });
      }
    }
  }
  // The home page (content/{locale}/index.md) honours them too: its route renders its own head.
  for (const locale of ['en', 'fa'] as const) {
    const home = (await (await api('GET', `/api/pages/${locale}/index`)).json()) as {
      frontMatter: Record<string, unknown>;
      body: string;
      baseSha: string;
    };
    const saved = await api('PUT', `/api/pages/${locale}/index`, {
      frontMatter: { ...home.frontMatter, metaTitle: `${TEXT[locale].meta} (home)`, noindex: true },
      body: home.body,
      baseSha: home.baseSha,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
  expect((await api('POST', '/api/builds/publish', { title: 'Meta title and noindex' })).status).toBe(200);
  for (const locale of ['en', 'fa'] as const) {
    await page.goto(`${freshSite.url}/${locale}`);
    await expect(page).toHaveTitle(`${TEXT[locale].meta} (home)`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    const sitemap = await (await fetch(`${freshSite.url}/${locale}/sitemap.xml`)).text();
    expect(sitemap).not.toContain(`/${locale}<`);
  }
  for (const locale of ['en', 'fa'] as const) {
    await page.goto(`${freshSite.url}/${locale}/tea`);
    await expect(page).toHaveTitle(TEXT[locale].meta);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('h1')).toHaveText(TEXT[locale].title);
    const sitemap = await (await fetch(`${freshSite.url}/${locale}/sitemap.xml`)).text();
    expect(sitemap).toContain('<urlset');
    expect(sitemap).not.toContain(`/${locale}/tea<`);
    const feed = await (await fetch(`${freshSite.url}/${locale}/feed.xml`)).text();
    expect(feed).toContain('<feed');
    expect(feed).not.toContain(`/${locale}/tea`);
  }
  // Taking noindex away puts the page back in the sitemap and drops the robots meta.
  const doc = (await (await api('GET', '/api/pages/en/tea')).json()) as { frontMatter: Record<string, unknown>; baseSha: string };
  const resaved = await api('PUT', '/api/pages/en/tea', {
    frontMatter: { ...doc.frontMatter, noindex: false, metaTitle: undefined },
    body: 'Text.',
    baseSha: doc.baseSha,
  });
  expect(resaved.status, await resaved.clone().text()).toBe(200);
  expect((await api('POST', '/api/builds/publish', { title: 'Indexable again' })).status).toBe(200);
  await page.goto(`${freshSite.url}/en/tea`);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await expect(page).not.toHaveTitle(TEXT.en.meta);
  expect(await (await fetch(`${freshSite.url}/en/sitemap.xml`)).text()).toContain('/en/tea<');
});

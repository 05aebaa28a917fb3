import { describe, expect, it } from 'vitest';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { commitFiles } from '../../tests/support/content-repo';
import { getContentPage } from './content';
import { syncContent } from './content-sync';
import { contentPageView } from './public-pages';
import { sitemapXml } from './seo';
import { getSiteSettings, readSiteState } from './site';

const FA = 'سفر-به-اصفهان';
const EN = 'trip-to-isfahan';
/** Addresses as the site writes them (percent-encoded). */
const FA_PATH = `/fa/${encodeURIComponent(FA)}`;

/** A Persian page at a Persian address and its English translation at an English one, paired by key. */
async function pairedSite() {
  const site = await createAuthoringSite();
  commitFiles(
    site.deps.contentRepository!.location,
    {
      [`content/fa/${FA}.md`]: '---\ntitle: "سفر به اصفهان"\n---\n\nمتن.\n',
      [`content/en/${EN}.md`]: `---\ntitle: "A trip to Isfahan"\ntranslationKey: "/${FA}/"\n---\n\nText.\n`,
      // Same address, no key: still a pair (the default key is the address).
      'content/en/both.md': '---\ntitle: "Both"\n---\n\nText.\n',
      'content/fa/both.md': '---\ntitle: "هر دو"\n---\n\nمتن.\n',
      // A key naming nothing in the other language: no translation.
      'content/en/alone.md': '---\ntitle: "Alone"\ntranslationKey: nothing-here\n---\n\nText.\n',
    },
    'Paired pages',
  );
  await syncContent(site.deps.db, site.deps.contentRepository!);
  return site;
}

describe('translations paired by translationKey (issue 25)', () => {
  it('links a Persian page and its English translation at different addresses both ways, with hreflang', async () => {
    const site = await pairedSite();
    const settings = await getSiteSettings(site.deps.db);
    expect((await getContentPage(site.deps.db, 'fa', FA, settings))?.translation).toEqual({ locale: 'en', slug: EN });
    expect((await getContentPage(site.deps.db, 'en', EN, settings))?.translation).toEqual({ locale: 'fa', slug: FA });
    expect((await getContentPage(site.deps.db, 'en', 'both', settings))?.translation).toEqual({ locale: 'fa', slug: 'both' });
    expect((await getContentPage(site.deps.db, 'en', 'alone', settings))?.translation).toBeUndefined();
    // Nothing pairs by address any more once a key is given: /fa/trip-to-isfahan does not exist.
    const state = await readSiteState(site.deps.db);
    const view = async (locale: 'fa' | 'en', slug: string) =>
      contentPageView({
        deps: site.deps,
        state: { ...state, locale },
        request: new Request(`http://localhost/${locale}/${slug}`),
        slug,
      });
    const fa = await view('fa', FA);
    expect(fa?.seo.alternates).toEqual({ fa: FA_PATH, en: `/en/${EN}` });
    expect((await view('en', EN))?.seo.alternates).toEqual({ en: `/en/${EN}`, fa: FA_PATH });
    expect((await view('en', 'alone'))?.seo.alternates).toEqual({ en: '/en/alone' });
  });

  it('gives the sitemaps and the public API the pair', async () => {
    const site = await pairedSite();
    const xml = await sitemapXml(site.deps.db, 'https://example.org', 'en');
    const faUrl = `https://example.org${FA_PATH}`;
    expect(xml).toMatch(new RegExp(`<loc>https://example.org/en/${EN}</loc>.*hreflang="fa" href="${faUrl}"`));
    const faXml = await sitemapXml(site.deps.db, 'https://example.org', 'fa');
    expect(faXml).toContain(`hreflang="en" href="https://example.org/en/${EN}"`);
    expect(xml).not.toMatch(/<loc>https:\/\/example.org\/en\/alone<\/loc>[^\n]*hreflang/);

    const api = client(site);
    const page = await json(await api.get(`/api/public/pages/en/${EN}`));
    expect(page.translation).toMatchObject({ locale: 'fa', slug: FA, path: FA_PATH });
    const back = await json(await api.get(`/api/public/pages/fa/${encodeURIComponent(FA)}`));
    expect(back.translation).toMatchObject({ locale: 'en', slug: EN });
    const list = await json(await api.get('/api/public/pages?locale=en'));
    const item = list.items.find((entry: { slug: string }) => entry.slug === EN);
    expect(item.translation).toMatchObject({ locale: 'fa', slug: FA });
    expect(list.items.find((entry: { slug: string }) => entry.slug === 'alone').translation).toBeNull();
  });

  it('keeps the pair when one page of it moves to another address', async () => {
    const site = await pairedSite();
    const api = client(site);
    expect((await api.post('/api/pages/en/both/move', { to: 'en/in-both-languages' })).status).toBe(200);
    const moved = await json(await api.get('/api/pages/en/in-both-languages'));
    expect(moved.frontMatter).toMatchObject({ title: 'Both', translationKey: 'both' });
    expect((await api.post('/api/builds/publish', { title: 'Move' })).status).toBe(200);
    const settings = await getSiteSettings(site.deps.db);
    expect((await getContentPage(site.deps.db, 'en', 'in-both-languages', settings))?.translation).toEqual({
      locale: 'fa',
      slug: 'both',
    });
    expect((await getContentPage(site.deps.db, 'fa', 'both', settings))?.translation).toEqual({
      locale: 'en',
      slug: 'in-both-languages',
    });
    // A page with no translation moves without gaining a key.
    expect((await api.post('/api/pages/en/alone/move', { to: 'en/still-alone' })).status).toBe(200);
    expect((await json(await api.get('/api/pages/en/still-alone'))).frontMatter.translationKey).toBe('nothing-here');
  });

  it('shows the pair on the pages screen, published or pending, and a translation made at its own address pairs at once', async () => {
    const site = await pairedSite();
    const api = client(site);
    const translationOf = async (locale: string, path: string) => {
      const list = await json(await api.get(`/api/pages?locale=${locale}`));
      return list.items.find((item: { path: string }) => item.path === path)?.translation;
    };
    expect(await translationOf('fa', FA)).toEqual({ locale: 'en', path: EN });
    expect(await translationOf('en', EN)).toEqual({ locale: 'fa', path: FA });
    expect(await translationOf('en', 'alone')).toBeNull();
    // What the "translate" dialog writes: the translation at its own address, keyed to the source's address.
    const saved = await api.send(
      'PUT',
      `/api/pages/fa/${encodeURIComponent('تنها')}`,
      { frontMatter: { title: 'تنها', translationKey: 'nothing-here' }, body: '' },
      { 'if-none-match': '*' },
    );
    expect(saved.status).toBe(200);
    expect(await translationOf('en', 'alone')).toEqual({ locale: 'fa', path: 'تنها' });
    expect(await translationOf('fa', 'تنها')).toEqual({ locale: 'en', path: 'alone' });
  });
});

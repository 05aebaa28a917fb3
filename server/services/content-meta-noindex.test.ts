import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '../../common/site-settings';
import { commitFiles } from '../../tests/support/content-repo';
import { createInstalledSite } from '../../tests/support/site';
import { parseDocument } from '../content/front-matter';
import { checkFrontMatter, readPage, serializePage } from '../content/page-file';
import { getContentPage } from './content';
import { syncContent } from './content-sync';
import { feedXml, sitemapXml } from './seo';

const doc = (front: string, date = '2026-05-01') => `---\ntitle: A page\ndate: ${date}\n${front}---\n\nText.\n`;

describe('front matter metaTitle and noindex', () => {
  it('reads them; absent means the title and indexable', () => {
    expect(parseDocument(doc('metaTitle: "  Best <b>page</b>  "\nnoindex: true\n')).data).toMatchObject({
      metaTitle: 'Best <b>page</b>',
      noindex: true,
    });
    const plain = parseDocument(doc(''));
    expect(plain.data.metaTitle).toBeUndefined();
    expect(plain.data.noindex).toBe(false);
    expect(parseDocument(doc('metaTitle: ""\n')).data.metaTitle).toBeUndefined();
  });

  it('refuses a non-boolean noindex and an over-long or nested metaTitle (400 naming the field)', () => {
    for (const [field, value, message] of [
      ['noindex', 'yes', 'validation.boolean'],
      ['noindex', 1, 'validation.boolean'],
      ['metaTitle', 'x'.repeat(201), 'validation.text'],
      ['metaTitle', { a: 1 }, 'validation.text'],
      ['metaTitle', ['a'], 'validation.text'],
    ] as const) {
      const checked = checkFrontMatter({ title: 'x', [field]: value });
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.issues[0]).toMatchObject({ path: ['frontMatter', field], message });
    }
  });

  it('the editor writes them to the file and takes them away again', () => {
    const checked = checkFrontMatter({ title: 'x', metaTitle: 'For search', noindex: true });
    if (!checked.ok) throw new Error('refused');
    const file = serializePage(checked.data, checked.extra, 'Body');
    expect(file).toContain('metaTitle: For search');
    expect(file).toContain('noindex: true');
    expect(readPage(file).frontMatter).toMatchObject({ metaTitle: 'For search', noindex: true });
    const plain = checkFrontMatter({ title: 'x', noindex: false });
    if (!plain.ok) throw new Error('refused');
    const again = serializePage(plain.data, plain.extra, 'Body', file);
    expect(again).not.toContain('metaTitle');
    expect(again).not.toContain('noindex');
  });
});

describe('syncing pages with metaTitle and noindex', () => {
  it('stores them for the page, and leaves noindex pages out of the sitemap and the feed', async () => {
    const { deps } = await createInstalledSite();
    commitFiles(
      deps.contentRepository!.location,
      {
        'content/en/hidden.md': doc('noindex: true\n'),
        'content/en/shown.md': doc('metaTitle: Shown for search\n'),
      },
      'Pages with metaTitle and noindex',
    );
    const result = await syncContent(deps.db, deps.contentRepository!);
    expect(result.problems).toEqual([]);
    const hidden = await getContentPage(deps.db, 'en', 'hidden', defaultSiteSettings);
    expect(hidden).toMatchObject({ noindex: true, metaTitle: null });
    expect(await getContentPage(deps.db, 'en', 'shown', defaultSiteSettings)).toMatchObject({
      noindex: false,
      metaTitle: 'Shown for search',
    });
    const sitemap = await sitemapXml(deps.db, 'https://example.test', 'en');
    expect(sitemap).toContain('https://example.test/en/shown<');
    expect(sitemap).not.toContain('/en/hidden');
    const feed = await feedXml(deps.db, 'https://example.test', 'en');
    expect(feed).toContain('/en/shown');
    expect(feed).not.toContain('/en/hidden');
  });
});

import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '../../common/site-settings';
import { commitFiles } from '../../tests/support/content-repo';
import { createInstalledSite } from '../../tests/support/site';
import { parseDocument } from '../content/front-matter';
import { checkFrontMatter, readPage, serializePage } from '../content/page-file';
import { getContentPage } from './content';
import { syncContent } from './content-sync';
import { contentPageView } from './public-pages';

const doc = (front: string) => `---\ntitle: A page\n${front}---\n\nText.\n`;

describe('front matter thumbnailAlt (the banner’s alt text)', () => {
  it('reads it trimmed, markup as text; absent or empty means a decorative banner', () => {
    expect(parseDocument(doc('thumbnail: /media/a.jpg\nthumbnailAlt: "  Pelicans <b>on</b> a lake  "\n')).data).toMatchObject({
      thumbnail: '/media/a.jpg',
      thumbnailAlt: 'Pelicans <b>on</b> a lake',
    });
    expect(parseDocument(doc('thumbnail: /media/a.jpg\n')).data.thumbnailAlt).toBeUndefined();
    expect(parseDocument(doc('thumbnailAlt: ""\n')).data.thumbnailAlt).toBeUndefined();
    expect(parseDocument(doc('thumbnailAlt: ماهی‌ها\n')).data.thumbnailAlt).toBe('ماهی‌ها');
  });

  it('refuses an over-long or non-text value (400 naming the field); the indexer skips such a file with the reason', () => {
    for (const value of ['x'.repeat(301), { a: 1 }, ['a'], true]) {
      const checked = checkFrontMatter({ title: 'x', thumbnail: '/media/a.jpg', thumbnailAlt: value });
      expect(checked.ok).toBe(false);
      if (!checked.ok)
        expect(checked.issues[0]).toMatchObject({ path: ['frontMatter', 'thumbnailAlt'], message: 'validation.text' });
    }
    expect(checkFrontMatter({ title: 'x', thumbnailAlt: 'x'.repeat(300) }).ok).toBe(true);
    expect(() => parseDocument(doc(`thumbnailAlt: ${'x'.repeat(301)}\n`))).toThrow(/thumbnailAlt/);
  });

  it('the editor writes it beside the thumbnail and takes it away again', () => {
    const checked = checkFrontMatter({ title: 'x', thumbnail: '/media/a.jpg', thumbnailAlt: 'A lake' });
    if (!checked.ok) throw new Error('refused');
    const file = serializePage(checked.data, checked.extra, 'Body');
    expect(file).toContain('thumbnail: /media/a.jpg\nthumbnailAlt: A lake\n');
    expect(readPage(file).frontMatter).toMatchObject({ thumbnailAlt: 'A lake' });
    const plain = checkFrontMatter({ title: 'x', thumbnail: '/media/a.jpg' });
    if (!plain.ok) throw new Error('refused');
    expect(serializePage(plain.data, plain.extra, 'Body', file)).not.toContain('thumbnailAlt');
  });

  it('is stored with the page and given to the banner and og:image:alt; never to the site’s default banner', async () => {
    const { deps } = await createInstalledSite();
    commitFiles(
      deps.contentRepository!.location,
      {
        'content/en/lake.md': doc('thumbnail: /media/2026/05/lake.jpg\nthumbnailAlt: Pelicans on a lake\n'),
        // An alt text without a page image describes nothing here: the default banner stays decorative.
        'content/en/plain.md': doc('thumbnailAlt: Left over\n'),
      },
      'Pages with banner alt text',
    );
    expect((await syncContent(deps.db, deps.contentRepository!)).problems).toEqual([]);
    expect(await getContentPage(deps.db, 'en', 'lake', defaultSiteSettings)).toMatchObject({
      thumbnail: '/media/2026/05/lake.jpg',
      thumbnailAlt: 'Pelicans on a lake',
    });
    expect((await getContentPage(deps.db, 'en', 'plain', defaultSiteSettings))?.thumbnailAlt).toBeNull();
    const state = { installed: true, site: defaultSiteSettings, locale: 'en' as const };
    const request = new Request('http://localhost/');
    expect((await contentPageView({ deps, state, request, slug: 'lake' }))?.seo.imageAlt).toBe('Pelicans on a lake');
    expect((await contentPageView({ deps, state, request, slug: 'plain' }))?.seo).not.toHaveProperty('imageAlt');
  });
});

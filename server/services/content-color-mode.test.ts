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

describe('front matter colorMode', () => {
  it('takes light and dark; absent or null leaves the mode to the reader', () => {
    expect(parseDocument(doc('colorMode: dark\n'))).toMatchObject({ data: { colorMode: 'dark' }, warnings: [] });
    expect(parseDocument(doc('colorMode: light\n'))).toMatchObject({ data: { colorMode: 'light' }, warnings: [] });
    for (const front of ['', 'colorMode:\n', 'colorMode: null\n']) {
      const parsed = parseDocument(doc(front));
      expect(parsed.data.colorMode).toBeUndefined();
      expect(parsed.warnings).toEqual([]);
    }
  });

  it('ignores any other value with a warning, and the page is still read', () => {
    const cases: [string, string][] = [
      ['colorMode: system\n', 'leave colorMode out'],
      ['colorMode: Dark\n', 'must be light or dark, not "Dark"'],
      ['colorMode: sepia\n', 'not "sepia"'],
      ['colorMode: true\n', 'not true'],
      ['colorMode: [dark]\n', 'not ["dark"]'],
      ['colorMode: {a: 1}\n', 'not {"a":1}'],
      ['colorMode: "<script>"\n', 'not "<script>"'],
    ];
    for (const [front, reason] of cases) {
      const parsed = parseDocument(doc(front));
      expect(parsed.data.title).toBe('A page');
      expect(parsed.data.colorMode).toBeUndefined();
      expect(parsed.warnings).toEqual([expect.stringContaining(reason)]);
    }
  });

  it('the editor must give light or dark (400 naming the field), and the file keeps it', () => {
    expect(checkFrontMatter({ title: 'x', colorMode: 'system' })).toEqual({
      ok: false,
      issues: [{ path: ['frontMatter', 'colorMode'], message: 'validation.colorMode', code: 'custom' }],
    });
    const checked = checkFrontMatter({ title: 'x', colorMode: 'dark' });
    if (!checked.ok) throw new Error('refused');
    const file = serializePage(checked.data, checked.extra, 'Body');
    expect(file).toContain('colorMode: dark');
    expect(readPage(file).frontMatter.colorMode).toBe('dark');
    // Taking it away removes the line from the existing file.
    const plain = checkFrontMatter({ title: 'x' });
    if (!plain.ok) throw new Error('refused');
    expect(serializePage(plain.data, plain.extra, 'Body', file)).not.toContain('colorMode');
  });
});

describe('syncing a page that forces its colour mode', () => {
  it('stores the mode, serves it to the page route, and reports a wrong value while still publishing the page', async () => {
    const { deps } = await createInstalledSite();
    commitFiles(
      deps.contentRepository!.location,
      {
        'content/en/night.md': doc('colorMode: dark\n'),
        'content/en/day.md': doc('colorMode: light\n'),
        'content/en/odd.md': doc('colorMode: sepia\n'),
        'content/en/banner.md': doc('thumbnail: /media/2026/05/b-1a2b3c4d.jpg#1600x600\n'),
      },
      'Pages with a colour mode',
    );
    const result = await syncContent(deps.db, deps.contentRepository!);
    expect(result.problems).toEqual([
      { path: 'content/en/odd.md', message: expect.stringContaining('colorMode must be light or dark') },
    ]);
    expect((await getContentPage(deps.db, 'en', 'night', defaultSiteSettings))?.colorMode).toBe('dark');
    expect((await getContentPage(deps.db, 'en', 'day', defaultSiteSettings))?.colorMode).toBe('light');
    const odd = await getContentPage(deps.db, 'en', 'odd', defaultSiteSettings);
    expect(odd?.title).toBe('A page');
    expect(odd?.colorMode).toBeNull();
    const state = { installed: true, site: defaultSiteSettings, locale: 'en' as const };
    const view = await contentPageView({ deps, state, request: new Request('http://localhost/en/night'), slug: 'night' });
    expect(view?.colorMode).toBe('dark');
    expect((await getContentPage(deps.db, 'en', 'about', defaultSiteSettings))?.colorMode).toBeNull();
    // The banner's `#WxH` suffix is for srcset only: the social image's address goes without it.
    const banner = await contentPageView({ deps, state, request: new Request('http://localhost/en/banner'), slug: 'banner' });
    expect(banner?.seo.image).toBe('/media/2026/05/b-1a2b3c4d.jpg');
  });
});

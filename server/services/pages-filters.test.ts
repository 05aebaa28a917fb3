import { describe, expect, it } from 'vitest';
import type { PageListItem } from '../../common/authoring';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { listPages, type PageListOptions } from './pages';

type Site = Awaited<ReturnType<typeof createAuthoringSite>>;

/** Every item of the list, page after page. */
async function all(site: Site, options: PageListOptions): Promise<PageListItem[]> {
  const items: PageListItem[] = [];
  for (let page = 1; ; page++) {
    const list = await listPages(site.deps, { ...options, page });
    items.push(...list.items);
    if (items.length >= list.total || !list.items.length) return items;
  }
}

describe('pages list filters', () => {
  it('equal the unfiltered list filtered item by item, for each status, category, author and translation state', async () => {
    const site = await createAuthoringSite();
    const editor = client(site, 'owner');
    // Published pages of both kinds, then pending changes over them.
    for (let n = 0; n < 12; n++)
      await editor.put(`/api/pages/en/notes/page-${n}`, {
        frontMatter: { title: `Page ${n}`, cat: n % 2 ? 'notes' : 'travel', author: n % 3 ? 'sara' : 'ali', draft: n % 4 === 0 },
        body: 'text\n',
      });
    for (let n = 0; n < 4; n++)
      await editor.put(`/api/pages/fa/notes/page-${n}`, { frontMatter: { title: `صفحه ${n}` }, body: 'متن\n' });
    expect((await editor.post('/api/builds/publish', { title: 'many' })).status).toBe(200);
    await editor.put('/api/pages/en/notes/page-5', {
      frontMatter: { title: 'Page 5 edited', cat: 'travel', author: 'ali' },
      body: 'new\n',
    });
    await editor.put('/api/pages/en/notes/fresh', {
      frontMatter: { title: 'Fresh draft', draft: true, author: 'sara' },
      body: 'x\n',
    });
    await editor.put('/api/pages/fa/notes/page-6', { frontMatter: { title: 'ترجمهٔ در انتظار' }, body: 'متن\n' });
    await editor.send('DELETE', '/api/pages/fa/notes/page-1');

    for (const locale of ['en', 'fa'] as const) {
      const everything = await all(site, { locale });
      const cases: [PageListOptions, (item: PageListItem) => boolean][] = [
        [{ status: 'draft' }, (item) => item.draft],
        [{ status: 'pending' }, (item) => item.pending !== null],
        [{ status: 'published' }, (item) => !item.draft && item.pending !== 'create'],
        [{ cat: 'travel' }, (item) => item.cat === 'travel'],
        [{ translation: 'missing' }, (item) => item.translation === null],
        [{ translation: 'translated' }, (item) => item.translation !== null],
        [{ status: 'draft', cat: 'travel' }, (item) => item.draft && item.cat === 'travel'],
      ];
      for (const [options, test] of cases) {
        const filtered = await all(site, { locale, ...options });
        expect(filtered, `${locale} ${JSON.stringify(options)}`).toEqual(everything.filter(test));
        expect((await listPages(site.deps, { locale, ...options })).total).toBe(filtered.length);
      }
    }
    const byAuthor = await all(site, { locale: 'en', author: 'ali' });
    expect(byAuthor.map((item) => item.path).sort()).toEqual([
      'notes/page-0',
      'notes/page-3',
      'notes/page-5',
      'notes/page-6',
      'notes/page-9',
    ]);
    // The published page 5 is by sara; its pending version is by ali: the pending version wins.
    expect((await all(site, { locale: 'en', author: 'sara' })).map((item) => item.path)).not.toContain('notes/page-5');
  });

  it('takes the filters from the query string and refuses unknown values', async () => {
    const site = await createAuthoringSite();
    const editor = client(site);
    expect((await editor.get('/api/pages?locale=en&status=draft&translation=missing&cat=notes&author=x')).status).toBe(200);
    for (const bad of [
      'status=all',
      'translation=maybe',
      `cat=${'x'.repeat(201)}`,
      `author=${'x'.repeat(201)}`,
      'status=draft&status=pending',
    ])
      expect((await editor.get(`/api/pages?${bad}`)).status, bad).toBe(400);
  });
});

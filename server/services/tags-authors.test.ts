import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '../../common/site-settings';
import { createAuthoringSite } from '../../tests/support/authoring';
import { commitFiles } from '../../tests/support/content-repo';
import { parseDocument } from '../content/front-matter';
import { users } from '../db/schema';
import { authorPage, getContentPage, listTags, tagPage } from './content';
import { syncContent } from './content-sync';
import { authorView, tagView } from './public-pages';
import { readSiteState } from './site';

const page = (title: string, extra = '') => `---\ntitle: "${title}"\n${extra}---\n\nText of ${title}.\n`;

/** Twelve Persian logs tagged «کتاب» in two spellings (by the editor), one English, a draft and an untagged page. */
async function taggedSite() {
  const site = await createAuthoringSite();
  const files: Record<string, string> = {
    'content/en/logs/book-notes.md': page('Book notes', 'date: 2026-02-01\ntags: [Books, "کتاب"]\nauthor: editor\n'),
    'content/fa/logs/draft.md': page('پیش‌نویس', 'date: 2026-03-01\ntags: [کتاب]\nauthor: editor\ndraft: true\n'),
    'content/fa/plain.md': page('ساده', 'author: Someone Else\n'),
  };
  for (let i = 1; i <= 12; i++)
    files[`content/fa/logs/book-${i}.md`] = page(
      `کتاب ${i}`,
      `date: 2026-01-${String(i).padStart(2, '0')}\ntags: [${i % 2 ? 'كتاب' : 'کتاب'}, "سال ۱۴۰۴"]\nauthor: ${i % 2 ? 'EDITOR' : 'editor'}\n`,
    );
  commitFiles(site.deps.contentRepository!.location, files, 'Tagged pages');
  const result = await syncContent(site.deps.db, site.deps.contentRepository!);
  expect(result.problems).toEqual([]);
  const state = await readSiteState(site.deps.db);
  const input = (locale: 'fa' | 'en', requestUrl = `http://localhost/${locale}`) => ({
    deps: site.deps,
    state: { ...state, locale },
    request: new Request(requestUrl),
  });
  return { ...site, input };
}

describe('tag pages (issue 28 item 3)', () => {
  it('lists a tag’s public pages newest first, ten a page, whatever the spelling; drafts and other tags stay out', async () => {
    const { deps } = await taggedSite();
    const first = await tagPage(deps.db, 'fa', 'کتاب', 1);
    expect(first).toMatchObject({ total: 12, page: 1, pageCount: 2, name: 'کتاب' });
    expect(first?.items.map((item) => item.slug)).toEqual(Array.from({ length: 10 }, (_, i) => `logs/book-${12 - i}`));
    expect((await tagPage(deps.db, 'fa', 'کتاب', 2))?.items.map((item) => item.slug)).toEqual(['logs/book-2', 'logs/book-1']);
    for (const n of [3, 0, -1, 1.5, Number.NaN]) expect(await tagPage(deps.db, 'fa', 'کتاب', n), String(n)).toBeUndefined();
    // The Arabic spelling is not a second tag: its slug is the folded one.
    expect(await tagPage(deps.db, 'fa', 'كتاب', 1)).toBeUndefined();
    expect((await tagPage(deps.db, 'fa', 'سال-1404', 1))?.total).toBe(12);
    expect(await tagPage(deps.db, 'fa', 'books', 1)).toBeUndefined();
    expect((await tagPage(deps.db, 'en', 'books', 1))?.items.map((item) => item.slug)).toEqual(['logs/book-notes']);
    // Most used first (the sample pages' tags after these).
    expect((await listTags(deps.db, 'fa')).slice(0, 3)).toEqual([
      { slug: 'سال-1404', name: 'سال ۱۴۰۴', pages: 12 },
      { slug: 'کتاب', name: 'کتاب', pages: 12 },
      { slug: 'markdown', name: 'Markdown', pages: 2 },
    ]);
    // Hostile addresses find nothing (and the query binds them: no SQL, no path).
    for (const tag of ['../کتاب', "کتاب' or 1=1 --", '%', 'کتاب/', ''])
      expect(await tagPage(deps.db, 'fa', tag, 1), tag).toBeUndefined();
  });

  it('gives hreflang alternates only where the tag has pages, so the switcher never leads to a 404', async () => {
    const { input } = await taggedSite();
    const fa = await tagView({ ...input('fa'), pageNumber: 2, tag: 'کتاب' });
    expect(fa?.seo.alternates).toEqual({
      fa: '/fa/tags/%DA%A9%D8%AA%D8%A7%D8%A8?page=2',
      en: '/en/tags/%DA%A9%D8%AA%D8%A7%D8%A8',
    });
    const year = await tagView({ ...input('fa'), pageNumber: 1, tag: 'سال-1404' });
    expect(Object.keys(year?.seo.alternates ?? {})).toEqual(['fa']);
    expect(await tagView({ ...input('en'), pageNumber: 1, tag: 'سال-1404' })).toBeUndefined();
  });

  it('shows a page’s tags and links its author to the account the front matter names', async () => {
    const { deps } = await taggedSite();
    const shown = await getContentPage(deps.db, 'fa', 'logs/book-3', defaultSiteSettings);
    expect(shown?.tags).toEqual([
      { slug: 'کتاب', name: 'کتاب' },
      { slug: 'سال-1404', name: 'سال ۱۴۰۴' },
    ]);
    expect(shown?.authorAccount).toEqual({ user: 'editor', name: expect.any(String) });
    const plain = await getContentPage(deps.db, 'fa', 'plain', defaultSiteSettings);
    expect(plain).toMatchObject({ author: 'Someone Else', tags: [] });
    expect(plain?.authorAccount).toBeUndefined();
  });
});

describe('author pages', () => {
  it('lists the pages whose author names the account (folded like sign-in), ten a page', async () => {
    const { deps, input } = await taggedSite();
    const fa = await authorPage(deps.db, 'fa', 'Editor', 1);
    expect(fa).toMatchObject({ total: 12, pageCount: 2, author: { user: 'editor' } });
    expect((await authorPage(deps.db, 'fa', 'editor', 2))?.items).toHaveLength(2);
    expect(await authorPage(deps.db, 'fa', 'editor', 3)).toBeUndefined();
    // An account without public pages (a reader) is not listed; nor is a name without an account.
    expect(await authorPage(deps.db, 'fa', 'member', 1)).toBeUndefined();
    expect(await authorPage(deps.db, 'fa', 'Someone Else', 1)).toBeUndefined();
    for (const user of ['../editor', '<script>', "editor' --", ''])
      expect(await authorPage(deps.db, 'fa', user, 1), user).toBeUndefined();
    const view = await authorView({ ...input('en'), pageNumber: 1, user: 'EDITOR' });
    // The account's own spelling is the address.
    expect(view?.seo).toMatchObject({
      path: '/en/authors/editor',
      alternates: { en: '/en/authors/editor', fa: '/fa/authors/editor' },
    });
  });
});

describe('sitemaps and feeds of tags and authors', () => {
  it('lists tag and author pages in the first sitemap file, with alternates where both languages have them', async () => {
    const { app } = await taggedSite();
    const fa = await (await app.request('/fa/sitemap.xml')).text();
    expect(fa).toContain('<loc>http://localhost/fa/tags/%DA%A9%D8%AA%D8%A7%D8%A8</loc>');
    expect(fa).toContain('hreflang="en" href="http://localhost/en/tags/%DA%A9%D8%AA%D8%A7%D8%A8"');
    expect(fa).toContain(`<loc>http://localhost/fa/tags/${encodeURIComponent('سال-1404')}</loc>`);
    expect(fa).toContain('<loc>http://localhost/fa/authors/editor</loc>');
    expect(fa).not.toContain('/fa/authors/member');
    const en = await (await app.request('/en/sitemap.xml')).text();
    expect(en).toContain('<loc>http://localhost/en/tags/books</loc>');
    expect(en).not.toContain(encodeURIComponent('سال-1404'));
  });

  it('serves a tag’s and an author’s Atom feed, and 404 for one without pages', async () => {
    const { app, deps } = await taggedSite();
    const tag = await app.request(`/fa/tags/${encodeURIComponent('کتاب')}/feed.xml`);
    expect(tag.status).toBe(200);
    expect(tag.headers.get('content-type')).toContain('application/atom+xml');
    const body = await tag.text();
    expect(body.match(/<entry>/g)).toHaveLength(12);
    expect(body).not.toContain('/fa/logs/draft');
    const author = await (await app.request('/en/authors/editor/feed.xml')).text();
    expect(author.match(/<entry>/g)).toHaveLength(1);
    // The byline is the account's name, as on the page (walk-through D10), in every feed; a
    // front-matter author who is no account keeps the words written.
    const { displayName } = (await deps.db.select().from(users).where(eq(users.username, 'editor')).get())!;
    expect(author).toContain(`<author><name>${displayName}</name></author>`);
    expect(author).not.toContain('<author><name>editor</name></author>');
    const faFeed = await (await app.request('/fa/feed.xml')).text();
    expect(faFeed).toContain(`<author><name>${displayName}</name></author>`);
    expect(faFeed).not.toMatch(/<author><name>(editor|EDITOR)<\/name><\/author>/);
    expect((await app.request('/fa/tags/nothing/feed.xml')).status).toBe(404);
    expect((await app.request('/fa/authors/member/feed.xml')).status).toBe(404);
    expect((await app.request('/fa/authors/%3Cscript%3E/feed.xml')).status).toBe(404);
  });
});

describe('GET /api/public/tags (the editor’s suggestions)', () => {
  it('lists a language’s tags most used first, drafts left out, and refuses a bad locale', async () => {
    const { app } = await taggedSite();
    const response = await app.request('/api/public/tags?locale=en');
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBeTruthy();
    // With the sample pages' tags (Markdown on two English pages, Writing on one).
    expect(await response.json()).toEqual({
      items: [
        { slug: 'markdown', name: 'Markdown', pages: 2 },
        { slug: 'books', name: 'Books', pages: 1 },
        { slug: 'writing', name: 'Writing', pages: 1 },
        { slug: 'کتاب', name: 'کتاب', pages: 1 },
      ],
    });
    const fa = (await (await app.request('/api/public/tags?locale=fa')).json()) as { items: { pages: number }[] };
    expect(fa.items.map((item) => item.pages)).toEqual([12, 12, 2, 1]);
    for (const query of ['', '?locale=de', '?locale=%00', "?locale=fa'--"])
      expect((await app.request(`/api/public/tags${query}`)).status, query).toBe(400);
  });
});

describe('front matter tags', () => {
  it('reads a list (or one name), and refuses tags without letters, too long or too many', () => {
    const doc = (tags: string) => `---\ntitle: T\ntags: ${tags}\n---\n`;
    expect(parseDocument(doc('[كتاب, کتاب]')).data.tags).toEqual([{ slug: 'کتاب', name: 'کتاب' }]);
    expect(parseDocument(doc('Books')).data.tags).toEqual([{ slug: 'books', name: 'Books' }]);
    expect(parseDocument(doc('[]')).data.tags).toBeUndefined();
    expect(() => parseDocument(doc('["!!!"]'))).toThrow(/tags\.0 a tag needs at least one letter or digit/i);
    expect(() => parseDocument(doc(`[${'x'.repeat(101)}]`))).toThrow(/at most 100 characters/i);
    expect(() => parseDocument(doc(`[${Array.from({ length: 51 }, (_, i) => `t${i}`).join(', ')}]`))).toThrow(/at most 50/i);
    expect(() => parseDocument(doc('{ a: 1 }'))).toThrow(/tags/);
  });
});

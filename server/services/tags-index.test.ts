import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { commitFiles } from '../../tests/support/content-repo';
import { createInstalledSite } from '../../tests/support/site';
import { runMigrations } from '../db/migrate';
import { foldedAddress } from '../http/redirects';
import { listTags, tagPage } from './content';
import { syncContent } from './content-sync';
import { listPages } from './pages';
import { sitemapXml } from './seo';

const page = (title: string, extra = '') => `---\ntitle: "${title}"\n${extra}---\n\nText.\n`;

describe('the tag index (page_tags, kept by the triggers of drizzle/0021)', () => {
  it('follows the pages through a sync: added, changed, folded, removed', async () => {
    const { deps } = await createInstalledSite();
    const { db } = deps;
    const repo = deps.contentRepository!;
    const rows = () =>
      db.all<{ slug: string; tag: string; name: string }>(
        sql`select p.slug, t.tag, t.name from page_tags t join pages p on p.id = t.page_id where p.slug in ('logs/a', 'logs/b') order by p.slug, t.tag`,
      );
    commitFiles(
      repo.location,
      {
        'content/fa/logs/a.md': page('الف', 'date: 2026-01-02\ntags: [كتاب, "کتاب", "کتاب‌ها", Books]\n'),
        'content/fa/logs/b.md': page('ب', 'date: 2026-01-03\ntags: کتاب ها\n'),
      },
      'tags',
    );
    await syncContent(db, repo);
    expect(await rows()).toEqual([
      { slug: 'logs/a', tag: 'books', name: 'Books' },
      { slug: 'logs/a', tag: 'کتاب', name: 'کتاب' },
      // The tag's key (common/tags.ts tagKey): its slug without the breaks between words.
      { slug: 'logs/a', tag: 'کتابها', name: 'کتاب‌ها' },
      { slug: 'logs/b', tag: 'کتابها', name: 'کتاب ها' },
    ]);
    commitFiles(repo.location, { 'content/fa/logs/a.md': page('الف', 'tags: [Books]\n'), 'content/fa/logs/b.md': null }, 'less');
    await syncContent(db, repo);
    expect(await rows()).toEqual([{ slug: 'logs/a', tag: 'books', name: 'Books' }]);
    // A forced re-index goes through the staging table's copy (an upsert): the rows stay one each.
    await syncContent(db, repo, { force: true, chunkPages: 5 });
    expect(await rows()).toEqual([{ slug: 'logs/a', tag: 'books', name: 'Books' }]);
  });

  it('names a tag by the spelling first used, whatever the later pages write', async () => {
    const { deps } = await createInstalledSite();
    const { db } = deps;
    const repo = deps.contentRepository!;
    commitFiles(
      repo.location,
      {
        // The later page's «کتاب ها» (a space) sorts before «کتاب‌ها» (a half-space): the older spelling still names it.
        'content/fa/logs/old.md': page('کهنه', 'date: 2024-01-02\ntags: [کتاب‌ها]\n'),
        'content/fa/logs/new.md': page('تازه', 'date: 2026-01-03\ntags: [کتاب ها]\n'),
        'content/fa/undated.md': page('بی‌تاریخ', 'tags: [کتاب-ها]\n'),
      },
      'spellings',
    );
    await syncContent(db, repo);
    expect((await tagPage(db, 'fa', 'کتاب-ها', 1))?.name).toBe('کتاب‌ها');
    expect((await listTags(db, 'fa')).find((tag) => tag.slug === 'کتاب-ها')).toEqual({
      slug: 'کتاب-ها',
      name: 'کتاب‌ها',
      pages: 3,
    });
  });

  it('makes one tag of spellings that join or part the words, named and addressed by the first', async () => {
    const { deps } = await createInstalledSite();
    const { db } = deps;
    const repo = deps.contentRepository!;
    commitFiles(
      repo.location,
      {
        'content/fa/logs/first.md': page('نخست', 'date: 2024-01-02\ntags: [کتاب‌خوانی]\n'),
        'content/fa/logs/joined.md': page('پیوسته', 'date: 2026-01-03\ntags: [کتابخوانی]\n'),
        'content/fa/logs/spaced.md': page('جدا', 'date: 2025-01-03\ntags: [کتاب خوانی, "كتابخواني"]\n'),
        'content/en/logs/one.md': page('One', 'date: 2026-01-03\ntags: [Book club]\n'),
        'content/en/logs/two.md': page('Two', 'date: 2026-01-04\ntags: [bookclub]\n'),
      },
      'spellings',
    );
    await syncContent(db, repo);
    const tag = await tagPage(db, 'fa', 'کتاب-خوانی', 1);
    expect(tag?.name).toBe('کتاب‌خوانی');
    expect(tag?.items.map((item) => item.slug)).toEqual(['logs/joined', 'logs/spaced', 'logs/first']);
    // The other spellings are not pages of their own: the folded-address answer sends them to the first.
    expect(await tagPage(db, 'fa', 'کتابخوانی', 1)).toBeUndefined();
    expect(await foldedAddress(db, `/fa/tags/${encodeURIComponent('کتابخوانی')}`, '?page=1')).toBe(
      `/fa/tags/${encodeURIComponent('کتاب-خوانی')}?page=1`,
    );
    expect(await foldedAddress(db, `/fa/tags/${encodeURIComponent('کتاب-خوانی')}`, '')).toBeUndefined();
    const reading = (tags: { slug: string }[]) => tags.filter((tag) => tag.slug.replaceAll('-', '') === 'کتابخوانی');
    expect(reading(await listTags(db, 'fa'))).toEqual([{ slug: 'کتاب-خوانی', name: 'کتاب‌خوانی', pages: 3 }]);
    expect((await listTags(db, 'en')).filter((tag) => tag.slug.startsWith('book'))).toEqual([
      { slug: 'book-club', name: 'Book club', pages: 2 },
    ]);
    const sitemap = await sitemapXml(db, 'https://example.org', 'fa', 1);
    expect(sitemap).toContain(`/fa/tags/${encodeURIComponent('کتاب-خوانی')}<`);
    expect(sitemap).not.toContain(`/fa/tags/${encodeURIComponent('کتابخوانی')}<`);

    // A database tagged before the keys: the migration rebuilds the rows with them.
    await db.run(sql`update page_tags set tag = 'کتاب-خوانی' where tag = 'کتابخوانی'`);
    await db.run(sql`delete from __daftar_migrations where name like '0036_%'`);
    expect((await runMigrations(db)).applied).toEqual([expect.stringMatching(/^0036_/)]);
    expect(await db.all(sql`select distinct tag from page_tags where tag like 'کتاب%'`)).toEqual([{ tag: 'کتابخوانی' }]);
  });

  it('finds pages by their tags in the dashboard’s pages list, published and pending, folded', async () => {
    const site = await createAuthoringSite();
    const editor = client(site, 'owner');
    await editor.put('/api/pages/fa/notes/read', { frontMatter: { title: 'یادداشت', tags: ['کتاب‌خوانی'] }, body: 'متن\n' });
    expect((await editor.post('/api/builds/publish', { title: 'tags' })).status).toBe(200);
    await editor.put('/api/pages/fa/notes/draft', { frontMatter: { title: 'پیش‌نویس', tags: ['كتابخواني'] }, body: 'متن\n' });
    await editor.put('/api/pages/en/notes/other', { frontMatter: { title: 'Other', tags: ['Travel'] }, body: 'text\n' });
    const found = async (query: string) =>
      (await listPages(site.deps, { query })).items.map((item) => `${item.locale}/${item.path}`).sort();
    expect(await found('کتابخوانی')).toEqual(['fa/notes/draft', 'fa/notes/read']);
    expect(await found('TRAVEL')).toEqual(['en/notes/other']);
    // The JSON around the names is not searched.
    expect(await found('slug')).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commitFiles } from '../../tests/support/content-repo';
import { createInstalledSite } from '../../tests/support/site';
import { listTags, tagPage } from './content';
import { syncContent } from './content-sync';

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
      { slug: 'logs/a', tag: 'کتاب-ها', name: 'کتاب‌ها' },
      { slug: 'logs/b', tag: 'کتاب-ها', name: 'کتاب ها' },
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
});

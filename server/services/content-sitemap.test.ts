import { describe, expect, it } from 'vitest';
import { createAuthoringSite } from '../../tests/support/authoring';
import { commitFiles } from '../../tests/support/content-repo';
import { listPublicPages } from './content';
import { syncContent } from './content-sync';

describe('listPublicPages (sitemap files)', () => {
  it('says a page is translated only when the other language publishes the same address', async () => {
    const site = await createAuthoringSite();
    commitFiles(site.deps.contentRepository!.location, {
      'content/en/only-english.md': '---\ntitle: "Only in English"\n---\n\nText.\n',
      'content/en/both.md': '---\ntitle: "Both"\n---\n\nText.\n',
      'content/fa/both.md': '---\ntitle: "هر دو"\n---\n\nمتن.\n',
      'content/fa/draft-in-fa.md': '---\ntitle: "پیش‌نویس"\ndraft: true\n---\n\nمتن.\n',
      'content/en/draft-in-fa.md': '---\ntitle: "Draft in Persian"\n---\n\nText.\n',
    });
    await syncContent(site.deps.db, site.deps.contentRepository!);
    const rows = await listPublicPages(site.deps.db, 'en', { limit: 1000, offset: 0 });
    const translated = (slug: string) => rows.find((row) => row.slug === slug)?.translationSlug;
    expect(translated('only-english')).toBeNull();
    expect(translated('draft-in-fa')).toBeNull();
    expect(translated('both')).toBe('both');
  });
});

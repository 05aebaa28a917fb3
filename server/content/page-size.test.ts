import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commitFiles } from '../../tests/support/content-repo';
import { createInstalledSite } from '../../tests/support/site';
import { pages } from '../db/schema';
import { syncContent } from '../services/content-sync';
import { PAGE_SOURCE_MAX_BYTES, pageRowBytes } from './page-size';
import { renderPage } from './render-page';

const file = (title: string, body: string) => `---\ntitle: "${title}"\n---\n\n${body}\n`;
const prose = (bytes: number) => 'Plain words in a long page. '.repeat(Math.ceil(bytes / 28));

describe('page size: D1 keeps a row under 2 MB', () => {
  it('renders a page up to 512 KB of Markdown; over it, or over 1.5 MB rendered, is a named problem', () => {
    const ordinary = renderPage({ text: file('Ordinary', prose(7000)), locale: 'en' });
    if (!('fields' in ordinary)) throw new Error('not rendered');
    // About twice the Markdown: the body's HTML segments and the search text; the HTML is not
    // stored a second time in one string (issue 24: a row held it three times).
    expect(ordinary.fields.html).toBe('');
    expect(pageRowBytes(ordinary.fields)).toBeGreaterThan(2 * 7000);
    expect(pageRowBytes(ordinary.fields)).toBeLessThan(2.5 * 7000);

    const over = renderPage({ text: file('Over', prose(PAGE_SOURCE_MAX_BYTES + 512)), locale: 'en' });
    expect(over).toEqual({
      problem: expect.stringMatching(
        /^page too large: 512\.5 KB of Markdown, over the limit of 512 KB a page \(D1 stores at most 2 MB in a row\); skipped, split it into several pages$/,
      ),
    });
    const within = prose(PAGE_SOURCE_MAX_BYTES - 28 * 20).slice(0, PAGE_SOURCE_MAX_BYTES - 40);
    expect('fields' in renderPage({ text: file('Within', within), locale: 'en' })).toBe(true);
    // About 480 KB of bare links: each typed byte is about 5 stored, well past 1.5 MB.
    const links = renderPage({ text: file('Links', 'https://example.com/a '.repeat(22_000)), locale: 'en' });
    expect(links).toMatchObject({
      problem: expect.stringMatching(/^page too large: \d\.\d MB once rendered, over the limit of 1\.5 MB a page/),
      storedBytes: expect.any(Number),
    });
  });

  it('a page too large arriving through git is a sync warning: skipped, the rest indexed, the last good version kept', async () => {
    const { deps } = await createInstalledSite();
    const repo = deps.contentRepository!.location;
    commitFiles(repo, { 'content/en/logs/grows.md': file('Small at first', 'A few words.') }, 'A small page');
    await syncContent(deps.db, deps.contentRepository!);
    commitFiles(
      repo,
      {
        'content/en/logs/grows.md': file('Too big now', prose(600 * 1024)),
        'content/en/logs/huge.md': file('Huge', prose(600 * 1024)),
        'content/en/logs/fine.md': file('Fine', 'Still fine.'),
      },
      'Two pages too large, one fine',
    );
    const result = await syncContent(deps.db, deps.contentRepository!);
    expect(result.problems).toEqual([
      { path: 'content/en/logs/grows.md', message: expect.stringMatching(/^page too large: 600 KB of Markdown/) },
      { path: 'content/en/logs/huge.md', message: expect.stringMatching(/^page too large: 600 KB of Markdown/) },
    ]);
    const title = async (slug: string) =>
      (await deps.db.select({ title: pages.title }).from(pages).where(eq(pages.slug, slug)).get())?.title;
    expect(await title('logs/fine')).toBe('Fine');
    expect(await title('logs/huge')).toBeUndefined();
    expect(await title('logs/grows')).toBe('Small at first');
  });
});

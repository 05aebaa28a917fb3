import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { defaultSiteSettings } from '../../common/site-settings';
import { commitFiles } from '../../tests/support/content-repo';
import { createInstalledSite } from '../../tests/support/site';
import { getContentPage } from '../services/content';
import { syncContent } from '../services/content-sync';
import { FRONT_MATTER_MAX_DEPTH, parseDocument, tooDeepPath } from './front-matter';

/** `{ a: { a: … } }` with `levels` mappings in all (the innermost holds a string). */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { a: 'end' };
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

/** A page whose front matter's `extra` is `[[[…]]]`, `levels` lists deep, in YAML flow style. */
const deepListPage = (levels: number) => `---\ntitle: Deep\nextra: ${'['.repeat(levels)}${']'.repeat(levels)}\n---\n\nText.\n`;

describe('front matter nesting depth (F-22)', () => {
  it(`allows ${FRONT_MATTER_MAX_DEPTH} levels, the front matter itself counted, and names the path past them`, () => {
    // The front matter mapping is level 1, so `extra` may hold 31 more.
    expect(tooDeepPath({ title: 'x', extra: nested(FRONT_MATTER_MAX_DEPTH - 1) })).toBeUndefined();
    const path = tooDeepPath({ title: 'x', extra: nested(FRONT_MATTER_MAX_DEPTH) });
    expect(path).toEqual(['extra', ...Array(FRONT_MATTER_MAX_DEPTH - 1).fill('a')]);
    expect(tooDeepPath({ list: [[[1]]], deep: nested(100_000) })?.slice(0, 2)).toEqual(['deep', 'a']);
  });

  it('the indexer names a file nested too deeply (a problem, never a crash), at any depth', () => {
    const justRight = `---\n${stringify({ title: 'Deep', extra: nested(FRONT_MATTER_MAX_DEPTH - 1) })}---\n\nText.\n`;
    expect(parseDocument(justRight).data.title).toBe('Deep');
    const tooDeep = `---\n${stringify({ title: 'Deep', extra: nested(FRONT_MATTER_MAX_DEPTH) })}---\n\nText.\n`;
    expect(() => parseDocument(tooDeep)).toThrow(
      /^front matter: extra(\.a){31} nested too deeply: at most 32 levels of lists and mappings$/,
    );
    // Deep enough to overflow the YAML reader's own recursion.
    expect(() => parseDocument(deepListPage(5_000))).toThrow(/^front matter is nested too deeply to read \(at most 32 levels\)$/);
  });

  it('a sync reports such files by name and publishes the rest', async () => {
    const { deps } = await createInstalledSite();
    const repository = deps.contentRepository;
    if (!repository) throw new Error('the test site has a content repository');
    commitFiles(
      repository.location,
      {
        'content/en/deep.md': deepListPage(5_000),
        'content/en/deeper.md': deepListPage(40),
        'content/en/fine.md': deepListPage(3),
      },
      'Deep front matter',
    );
    const result = await syncContent(deps.db, repository);
    expect(result.problems).toEqual([
      { path: 'content/en/deep.md', message: 'front matter is nested too deeply to read (at most 32 levels)' },
      { path: 'content/en/deeper.md', message: expect.stringMatching(/^front matter: extra(\.0){31} nested too deeply/) },
    ]);
    expect((await getContentPage(deps.db, 'en', 'fine', defaultSiteSettings))?.title).toBe('Deep');
  });
});

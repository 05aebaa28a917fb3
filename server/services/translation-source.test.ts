import { describe, expect, it } from 'vitest';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { git, writeFiles } from '../../tests/support/content-repo';
import { syncContent } from './content-sync';
import { getPage } from './pages';
import { blockMarks, SOURCE_BLOCKS_MAX, translationSource } from './translation-source';

/*
 * Issue 37 §3: the editor shows a translation's source beside it, block by block, marking the
 * blocks that are new or changed since the translation was last published.
 */

function commitAt(dir: string, iso: string, files: Record<string, string | null>, message = 'Commit') {
  writeFiles(dir, files);
  git(dir, 'add', '-A', '--', ...Object.keys(files));
  const env = { ...process.env };
  process.env.GIT_AUTHOR_DATE = iso;
  process.env.GIT_COMMITTER_DATE = iso;
  try {
    git(dir, 'commit', '-qm', message);
  } finally {
    process.env = env;
  }
}

const page = (title: string, body: string, extra = '') => `---\ntitle: "${title}"\n${extra}---\n\n${body}\n`;

async function site() {
  const s = await createAuthoringSite();
  const dir = s.deps.contentRepository!.location;
  return { ...s, dir, sync: () => syncContent(s.deps.db, s.deps.contentRepository!) };
}

describe('blockMarks', () => {
  it('marks added blocks new, replaced ones changed, and ignores white space', () => {
    expect(blockMarks(['a', 'b', 'c'], ['a', 'b2', 'c', 'd'])).toEqual([null, 'changed', null, 'new']);
    expect(blockMarks(['a', 'b'], ['x', 'a', 'b'])).toEqual(['new', null, null]);
    expect(blockMarks(['a  b\nc', 'd'], ['a b c', 'd'])).toEqual([null, null]);
    expect(blockMarks([], ['a'])).toEqual(['new']);
    expect(blockMarks(['a', 'b'], ['b'])).toEqual([null]);
  });
});

describe('translationSource (issue 37 §3)', () => {
  it('gives the paired page block by block, marks what changed since the translation was published, and keeps the marks across a move of the source', async () => {
    const s = await site();
    const fa = (body: string) => page('سفر اصفهان', body);
    commitAt(s.dir, '2026-03-01T10:00:00Z', {
      'content/fa/logs/سفر.md': fa('بند یک.\n\n## سر\n\nبند دو.\n\n- یک\n- دو'),
      'content/en/logs/trip.md': page('Trip', 'One.\n\n## Head\n\nTwo.\n\n- one\n- two', 'translationKey: logs/سفر\n'),
    });
    commitAt(s.dir, '2026-03-02T10:00:00Z', {
      'content/fa/logs/سفر.md': fa('بند یک.\n\n## سر\n\nبند دو، تازه.\n\n- یک\n- دو\n\nبند سه.'),
    });
    await s.sync();
    const ref = { locale: 'en' as const, path: 'logs/trip' };
    const document = await getPage(s.deps, ref);
    const source = await translationSource(s.deps, ref, document);
    expect(source).toMatchObject({
      page: { locale: 'fa', path: 'logs/سفر' },
      title: 'سفر اصفهان',
      since: '2026-03-01T10:00:00.000Z',
      compared: true,
    });
    expect(source!.blocks.map((block) => block.mark)).toEqual([null, null, 'changed', null, 'new']);
    expect(source!.blocks.map((block) => block.html)).toEqual([
      '<p>بند یک.</p>',
      expect.stringMatching(/^<h2[^>]*>سر<\/h2>$/),
      '<p>بند دو، تازه.</p>',
      expect.stringContaining('<li>یک</li>'),
      '<p>بند سه.</p>',
    ]);

    // The source moves in the dashboard: the marks still compare with its text at its old address (D10).
    const api = client(s);
    expect((await api.post(`/api/pages/fa/${encodeURI('logs/سفر')}/move`, { to: 'fa/logs/سفر-به-اصفهان' })).status).toBe(200);
    expect((await api.post('/api/builds/publish', { title: 'Move' })).status).toBe(200);
    const moved = await translationSource(s.deps, ref, await getPage(s.deps, ref));
    expect(moved?.page).toEqual({ locale: 'fa', path: 'logs/سفر-به-اصفهان' });
    expect(moved?.blocks.map((block) => block.mark)).toEqual([null, null, 'changed', null, 'new']);

    // The Persian page is shown beside its English one too (translating the other way), unmarked:
    // the English page has not changed since the Persian one was published.
    const faRef = { locale: 'fa' as const, path: 'logs/سفر-به-اصفهان' };
    const other = await translationSource(s.deps, faRef, await getPage(s.deps, faRef));
    expect(other?.page).toEqual(ref);
    expect(other?.blocks.map((block) => block.mark)).toEqual([null, null, null, null]);
  });

  it('a new translation opened with ?from= gets that page, unmarked; no pair, a same-language from or a missing one give none', async () => {
    const s = await site();
    commitAt(s.dir, '2026-03-01T10:00:00Z', {
      'content/en/guide.md': page(
        'Guide',
        'First.\n\n```js\nconst a = "<script>";\n```\n\n<script>alert(1)</script>\n\nSee [the docs][d].\n\n[d]: https://example.com/docs',
      ),
      'content/fa/alone.md': page('تنها', 'متن.'),
    });
    await s.sync();
    const fresh = { locale: 'fa' as const, path: 'راهنما' };
    const source = await translationSource(s.deps, fresh, null, { locale: 'en', path: 'guide' });
    expect(source).toMatchObject({ page: { locale: 'en', path: 'guide' }, since: null, compared: false });
    const blocks = source!.blocks;
    // The reference definition is no block of its own, but the link that uses it still renders.
    expect(blocks).toHaveLength(4);
    expect(blocks.every((block) => block.mark === null)).toBe(true);
    expect(blocks[1]!.html).toContain('&#x3C;script>');
    // Raw HTML is sanitised as on the published page.
    expect(blocks[2]!.html ?? '').not.toContain('<script');
    expect(blocks[3]!.html).toContain('href="https://example.com/docs"');

    expect(await translationSource(s.deps, fresh, null)).toBeNull();
    expect(await translationSource(s.deps, fresh, null, { locale: 'fa', path: 'alone' })).toBeNull();
    expect(await translationSource(s.deps, fresh, null, { locale: 'en', path: 'missing' })).toBeNull();
    const alone = { locale: 'fa' as const, path: 'alone' };
    expect(await translationSource(s.deps, alone, await getPage(s.deps, alone))).toBeNull();
  });

  it(`a very long source is shown in at most ${SOURCE_BLOCKS_MAX} blocks, the rest in the last`, async () => {
    const s = await site();
    const paragraphs = Array.from({ length: 1000 }, (_, index) => `Paragraph ${index + 1}.`);
    commitAt(s.dir, '2026-03-01T10:00:00Z', { 'content/en/long.md': page('Long', paragraphs.join('\n\n')) });
    await s.sync();
    const source = await translationSource(s.deps, { locale: 'fa', path: 'long' }, null, { locale: 'en', path: 'long' });
    expect(source?.blocks).toHaveLength(SOURCE_BLOCKS_MAX);
    expect(source?.blocks.at(-1)?.html).toContain('<p>Paragraph 1000.</p>');
    expect(source?.blocks.at(-2)?.html).toBe(`<p>Paragraph ${SOURCE_BLOCKS_MAX - 1}.</p>`);
  });
});

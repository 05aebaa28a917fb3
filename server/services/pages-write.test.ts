import { describe, expect, it } from 'vitest';
import type { Locale } from '../../common/locales';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { batchInParts } from '../db/limits';
import { pages } from '../db/schema';
import { pendingChanges } from './builds';

/**
 * Saving, moving and deleting look up only the files and addresses they touch (indexed queries),
 * not the whole index: at a few thousand indexed pages every rule of the pending view must still
 * hold — collisions between `x` and `x/index`, pending deletions, moves, pages moved away.
 */
describe('saving, moving and deleting pages at 3 000 indexed pages', () => {
  it('finds collisions, pending changes and moves exactly as over the whole index', { timeout: 90_000 }, async () => {
    const site = await createAuthoringSite();
    const { db } = site.deps;
    const rows: (typeof pages.$inferInsert)[] = [];
    for (let i = 0; i < 3_000; i++) {
      const locale: Locale = i % 2 ? 'fa' : 'en';
      // Folder pages (`sN/guides/index` at the address `sN/guides`) and plain ones.
      const path = i % 3 ? `s${i}/notes` : `s${i}/guides/index`;
      rows.push({
        locale,
        slug: path.replace(/\/index$/, ''),
        sourcePath: `content/${locale}/${path}.md`,
        sourceHash: `${String(i).padStart(40, '0')}:r9`,
        title: `Page ${i}`,
        html: '<p>x</p>',
      });
    }
    await batchInParts(db, rows, (part) => db.insert(pages).values(part));
    const api = client(site);
    const page = { frontMatter: { title: 'A page' }, body: 'Text.' };
    const status = async (response: Response) => {
      const body = response.status === 200 ? '' : ((await json(response)) as { message: string }).message;
      return `${response.status}${body ? ` ${body}` : ''}`;
    };
    const create = (path: string) => api.put(`/api/pages/${path}`, page, { 'if-none-match': '*' });

    // An address served by another file (`s0/guides/index` serves `/en/s0/guides`): taken, in both forms.
    expect(await status(await create('en/s0/guides'))).toBe('409 A page already exists at /en/s0/guides');
    expect(await status(await create('en/s0/guides/index'))).toBe('409 A page already exists at /en/s0/guides');
    expect(await status(await api.put('/api/pages/en/s0/guides', page))).toBe('409 A page already exists at /en/s0/guides');
    // The same path in the other language, and a page's folder, are free.
    expect(await status(await create('fa/s0/guides'))).toBe('200');
    expect(await status(await create('en/s2/notes/index'))).toBe('409 A page already exists at /en/s2/notes');
    expect(await status(await create('en/s2/notes/more'))).toBe('200');

    // A published page being deleted: its address may be created again by a save, but not moved onto.
    expect(await status(await api.del('/api/pages/en/s6/guides/index'))).toBe('200');
    expect(await status(await api.del('/api/pages/en/s6/guides/index'))).toBe('200');
    expect(await status(await api.post('/api/pages/en/s2/notes/more/move', { to: 'en/s6/guides' }))).toBe(
      '409 A page already exists at /en/s6/guides',
    );
    expect(await status(await create('en/s6/guides'))).toBe('200');

    // Moves: onto a taken address refused, onto a free one a pending move; the old place is gone.
    expect(await status(await api.post('/api/pages/en/about/move', { to: 'en/s12/guides' }))).toBe(
      '409 A page already exists at /en/s12/guides',
    );
    expect(await status(await api.post('/api/pages/en/about/move', { to: 'en/s8/notes' }))).toBe(
      '409 A page already exists at /en/s8/notes',
    );
    expect(await status(await api.post('/api/pages/en/about/move', { to: 'en/elsewhere/about' }))).toBe('200');
    expect(await status(await api.put('/api/pages/en/about', page))).toBe(
      '409 This page has a pending move; discard the move first',
    );
    expect((await api.get('/api/pages/en/about')).status).toBe(404);
    expect((await json(await api.get('/api/pages/en/elsewhere/about'))).pending).toBe('move');
    // A page moved to its own address under the other name (`x` → `x/index`) is not in its own way.
    expect(await status(await api.post('/api/pages/en/s2/notes/more/move', { to: 'en/s2/notes/more/index' }))).toBe('200');
    // Missing pages.
    expect(await status(await api.del('/api/pages/en/s0/no-such'))).toBe('404 There is no page at /en/s0/no-such');
    expect(await status(await api.post('/api/pages/en/s0/no-such/move', { to: 'en/s0/x' }))).toBe(
      '404 There is no page at /en/s0/no-such',
    );
    // Deleting a pending move deletes the page where it is published; deleting a pending creation drops it.
    expect(await status(await api.del('/api/pages/en/elsewhere/about'))).toBe('200');
    expect(await status(await api.del('/api/pages/fa/s0/guides'))).toBe('200');

    const changes = (await pendingChanges(db)).map((change) => `${change.kind} ${change.fromPath ?? ''}→${change.path}`);
    expect(changes.sort()).toEqual(
      [
        'create →content/en/s2/notes/more/index.md',
        'delete →content/en/s6/guides/index.md',
        'create →content/en/s6/guides.md',
        'delete →content/en/about.md',
      ].sort(),
    );
  });
});

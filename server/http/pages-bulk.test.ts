import { describe, expect, it } from 'vitest';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { builds } from '../db/schema';

type Result = { locale: string; path: string; ok: boolean; status?: number; message?: string };

describe('pages API: bulk actions', () => {
  it('changes the category of several pages as the single save does, each page reported', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const answer = await api.post('/api/pages/bulk', {
      action: 'set-category',
      category: 'notes',
      pages: [
        { locale: 'en', path: 'about' },
        { locale: 'fa', path: 'about' },
        { locale: 'en', path: 'never-was' },
      ],
    });
    expect(answer.status).toBe(200);
    const { results } = await json(answer);
    expect(results.map((r: Result) => [r.path, r.ok, r.status])).toEqual([
      ['about', true, undefined],
      ['about', true, undefined],
      ['never-was', false, 404],
    ]);
    for (const locale of ['en', 'fa']) {
      const page = await json(await api.get(`/api/pages/${locale}/about`));
      expect(page).toMatchObject({ pending: 'update', frontMatter: { cat: 'notes' } });
    }
    const open = await json(await api.get('/api/builds/open'));
    expect(open.changes.map((change: { kind: string; path: string }) => `${change.kind} ${change.path}`).sort()).toEqual([
      'update content/en/about.md',
      'update content/fa/about.md',
    ]);
  });

  it('deletes several pages as the single delete does; a publish under way refuses each page with 409', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const { results } = await json(
      await api.post('/api/pages/bulk', { action: 'delete', pages: [{ locale: 'en', path: 'about' }] }),
    );
    expect(results).toEqual([{ locale: 'en', path: 'about', ok: true }]);
    expect((await json(await api.get('/api/pages/en/about'))).pending).toBe('delete');

    await site.deps.db.update(builds).set({ status: 'publishing' });
    const refused = await json(await api.post('/api/pages/bulk', { action: 'delete', pages: [{ locale: 'fa', path: 'about' }] }));
    expect(refused.results).toEqual([{ locale: 'fa', path: 'about', ok: false, status: 409, message: 'api.publishInProgress' }]);
  });

  it('refuses hostile or oversized requests as a whole, changing nothing', async () => {
    const site = await createAuthoringSite();
    const api = client(site);
    const pages = (count: number) => Array.from({ length: count }, (_, i) => ({ locale: 'en', path: `p${i}` }));
    const refused = [
      { action: 'delete', pages: [{ locale: 'en', path: '../../etc/passwd' }] },
      { action: 'delete', pages: [{ locale: 'en', path: '/about' }] },
      { action: 'delete', pages: [{ locale: 'en', path: 'a/../about' }] },
      { action: 'delete', pages: [{ locale: 'en', path: 'about\u0000' }] },
      { action: 'delete', pages: [{ locale: 'de', path: 'about' }] },
      { action: 'delete', pages: [{ locale: 'en', path: 'x'.repeat(301) }] },
      { action: 'delete', pages: pages(101) },
      { action: 'delete', pages: [] },
      {
        action: 'delete',
        pages: [
          { locale: 'en', path: 'about' },
          { locale: 'en', path: 'about' },
        ],
      },
      { action: 'set-category', category: 'no-such-cat', pages: [{ locale: 'en', path: 'about' }] },
      { action: 'set-category', pages: [{ locale: 'en', path: 'about' }] },
      { action: 'publish', pages: [{ locale: 'en', path: 'about' }] },
      { action: 'delete', pages: 'about' },
    ];
    for (const body of refused) {
      const answer = await api.post('/api/pages/bulk', body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const duplicate = await json(
      await api.post('/api/pages/bulk', {
        action: 'delete',
        pages: [
          { locale: 'en', path: 'about' },
          { locale: 'en', path: 'about' },
        ],
      }),
    );
    expect(JSON.stringify(duplicate)).toMatch(/listed twice/);
    const unknown = await json(
      await api.post('/api/pages/bulk', { action: 'set-category', category: 'nope', pages: [{ locale: 'en', path: 'about' }] }),
    );
    expect(JSON.stringify(unknown)).toMatch(/No such category/);
    // 100 pages are accepted (each reported, here not found).
    const hundred = await json(await api.post('/api/pages/bulk', { action: 'delete', pages: pages(100) }));
    expect(hundred.results).toHaveLength(100);
    expect(hundred.results.every((r: Result) => r.status === 404)).toBe(true);
    expect((await json(await api.get('/api/builds/open'))).changes ?? []).toEqual([]);
  });

  it('needs commits.create (a member is refused)', async () => {
    const site = await createAuthoringSite();
    const answer = await client(site, 'member').post('/api/pages/bulk', {
      action: 'delete',
      pages: [{ locale: 'en', path: 'about' }],
    });
    expect(answer.status).toBe(403);
  });
});

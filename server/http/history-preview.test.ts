import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PageHistory, PageVersionDetail } from '../../common/page-history';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { imageBytes } from '../../tests/support/images';
import { previewLinks, users } from '../db/schema';
import { pageCacheKey } from './page-cache';

type Site = Awaited<ReturnType<typeof createAuthoringSite>>;

async function publish(site: Site, title: string) {
  const response = await client(site, 'owner').post('/api/builds/publish', { title });
  expect(response.status).toBe(200);
}
const save = (site: Site, path: string, title: string, body: string) =>
  client(site).put(`/api/pages/${path}`, { frontMatter: { title }, body });

describe('page history API', () => {
  it('lists the commits that changed a page, with build titles, following a published move; a version has its diff and restores as a pending change', async () => {
    const site = await createAuthoringSite();
    await save(site, 'en/notes/first', 'First', 'Version one.\n');
    await publish(site, 'Build one');
    await save(site, 'en/notes/first', 'First', 'Version two.\n');
    await publish(site, 'Build two');
    expect((await client(site).post('/api/pages/en/notes/first/move', { to: 'en/notes/moved' })).status).toBe(200);
    await publish(site, 'Build three');

    const history = (await json(await client(site).get('/api/pages/en/notes/moved/history'))) as PageHistory;
    expect(history.items.map((item) => item.build?.title)).toEqual(['Build three', 'Build two', 'Build one']);
    expect(history.items.map((item) => item.page.path)).toEqual(['notes/moved', 'notes/first', 'notes/first']);
    expect(history).toMatchObject({ page: 1, pageSize: 20, hasMore: false });
    expect(history.items[0]!.author).toBeTruthy();
    expect(history.items.every((item) => /^[0-9a-f]{40}$/.test(item.commit) && !item.deleted)).toBe(true);

    const oldest = history.items[2]!;
    const version = (await json(
      await client(site).get(`/api/pages/en/notes/moved/history/${oldest.commit}`),
    )) as PageVersionDetail;
    expect(version.body).toBe('Version one.\n');
    expect(version.diff).toContain('-Version one.');
    expect(version.diff).toContain('+Version two.');

    // Restoring is the editor's save of that text: a pending change, nothing published.
    const current = await json(await client(site).get('/api/pages/en/notes/moved'));
    expect(
      (
        await client(site).put('/api/pages/en/notes/moved', {
          frontMatter: version.frontMatter,
          body: version.body,
          baseSha: current.baseSha,
        })
      ).status,
    ).toBe(200);
    const open = await json(await client(site).get('/api/builds/open'));
    expect(open.changes).toEqual([expect.objectContaining({ kind: 'update', path: 'content/en/notes/moved.md' })]);
    expect(open.changes[0].diff).toContain('+Version one.');
  });

  it('pages the history, 404s an unknown page or commit, and refuses hostile paths and commits', async () => {
    const site = await createAuthoringSite();
    await save(site, 'en/notes/a', 'A', 'one\n');
    await publish(site, 'One');
    expect((await client(site).get('/api/pages/en/notes/a/history?page=2')).status).toBe(200);
    expect(((await json(await client(site).get('/api/pages/en/notes/a/history?page=2'))) as PageHistory).items).toEqual([]);
    expect((await client(site).get('/api/pages/en/notes/none/history')).status).toBe(404);
    expect((await client(site).get(`/api/pages/en/notes/a/history/${'0'.repeat(40)}`)).status).toBe(404);
    for (const bad of [
      '/api/pages/en/..%2f..%2fetc%2fpasswd/history',
      '/api/pages/en/notes%2f..%2f..%2fsecret/history',
      '/api/pages/en/notes/a%00/history',
      '/api/pages/en/%2Fetc%2Fpasswd/history',
      '/api/pages/en/notes/a/history?page=0',
      '/api/pages/en/notes/a/history?page=abc',
      '/api/pages/en/notes/a/history/HEAD',
      '/api/pages/en/notes/a/history/..%2f..%2fconfig',
      `/api/pages/en/notes/a/history/${'g'.repeat(40)}`,
    ])
      expect([400, 404], bad).toContain((await client(site).get(bad)).status);
    expect((await client(site).get('/api/pages/xx/notes/a/history')).status).toBe(404);
    expect((await client(site, 'member').get('/api/pages/en/notes/a/history')).status).toBe(403);
    expect((await site.app.request('/api/pages/en/notes/a/history')).status).toBe(401);
  });

  it('serves a page whose own path ends in /history rather than a history', async () => {
    const site = await createAuthoringSite();
    await save(site, 'en/notes/history', 'A page called history', 'text\n');
    const page = await json(await client(site).get('/api/pages/en/notes/history'));
    expect(page.frontMatter.title).toBe('A page called history');
  });
});

describe('preview links', () => {
  async function linked(site: Site) {
    await save(site, 'en/notes/draft', 'Published title', 'Published text.\n');
    await publish(site, 'One');
    await save(site, 'en/notes/draft', 'Pending title', 'Pending text, not public yet.\n');
    const response = await client(site).post('/api/pages/en/notes/draft/preview-link');
    expect(response.status).toBe(201);
    return (await json(response)) as { id: string; url: string; expiresAt: string };
  }

  it('makes a 7-day link kept out of the page cache, whose token is stored hashed only', async () => {
    const site = await createAuthoringSite();
    const link = await linked(site);
    expect(link.url).toMatch(/^\/en\/preview\/[A-Za-z0-9_-]{59}$/);
    const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const token = link.url.split('/').at(-1)!;
    const request = { method: 'GET', host: 'x', target: link.url, header: () => undefined };
    expect(pageCacheKey(request, false)).toBeUndefined();
    expect(pageCacheKey({ ...request, target: '/en/notes/draft' }, false)).toBe('/en/notes/draft');
    const rows = await site.deps.db.select().from(previewLinks);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token.slice(16));
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const listed = await json(await client(site).get('/api/pages/en/notes/draft/preview-links'));
    expect(listed.items).toEqual([expect.objectContaining({ id: link.id, expiresAt: link.expiresAt })]);
    expect(JSON.stringify(listed)).not.toContain(token.slice(16));
  });

  it('answers 404 for a wrong, truncated, other-language, expired or revoked token', async () => {
    const site = await createAuthoringSite();
    const link = await linked(site);
    const token = link.url.split('/').at(-1)!;
    const { previewPageView } = await import('../services/preview-links');
    const { defaultSiteSettings } = await import('../../common/site-settings');
    const view = (locale: 'en' | 'fa', value: string, now?: Date) =>
      previewPageView(site.deps, defaultSiteSettings, locale, value, now);
    expect((await view('en', token))?.page.title).toBe('Pending title');
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [
      flipped,
      token.slice(0, -1),
      `${token}A`,
      `${token.slice(0, 16)}${'A'.repeat(43)}`,
      '',
      '../../x',
      `${token}%00`,
    ])
      expect(await view('en', bad), bad).toBeUndefined();
    expect(await view('fa', token)).toBeUndefined();
    expect(await view('en', token, new Date(Date.parse(link.expiresAt) + 1000))).toBeUndefined();

    // Another page's token opens that page only.
    await save(site, 'en/notes/other', 'Other page', 'Other.\n');
    const other = await json(await client(site).post('/api/pages/en/notes/other/preview-link'));
    expect((await view('en', other.url.split('/').at(-1)!))?.page.title).toBe('Other page');

    // The byline is the author's name as on the published page (walk-through D10), not the user name.
    await client(site).put('/api/pages/en/notes/bylined', { frontMatter: { title: 'Bylined', author: 'EDITOR' }, body: 'x\n' });
    const bylined = await json(await client(site).post('/api/pages/en/notes/bylined/preview-link'));
    const { displayName } = (await site.deps.db.select().from(users).where(eq(users.username, 'editor')).get())!;
    expect((await view('en', bylined.url.split('/').at(-1)!))?.page.authorAccount).toEqual({ user: 'editor', name: displayName });

    expect((await client(site, 'member').send('DELETE', `/api/preview-links/${link.id}`)).status).toBe(403);
    expect((await client(site).send('DELETE', `/api/preview-links/${link.id}`)).status).toBe(204);
    expect(await view('en', token)).toBeUndefined();
    expect((await client(site).send('DELETE', `/api/preview-links/${link.id}`)).status).toBe(404);
    expect((await client(site).send('DELETE', '/api/preview-links/..%2f..%2fx')).status).toBe(404);
    expect((await json(await client(site).get('/api/pages/en/notes/draft/preview-links'))).items).toEqual([]);
  });

  it('is commits.create, takes days from 1 to 30, and refuses a page that does not exist', async () => {
    const site = await createAuthoringSite();
    await save(site, 'en/notes/x', 'X', 'x\n');
    expect((await client(site, 'member').post('/api/pages/en/notes/x/preview-link')).status).toBe(403);
    expect((await site.app.request('/api/pages/en/notes/x/preview-link', { method: 'POST' })).status).toBe(401);
    expect((await client(site).post('/api/pages/en/notes/none/preview-link')).status).toBe(404);
    for (const days of [0, 31, 1.5, '7', -1])
      expect((await client(site).post('/api/pages/en/notes/x/preview-link', { days })).status).toBe(400);
    const short = await json(await client(site).post('/api/pages/en/notes/x/preview-link', { days: 1 }));
    expect(Date.parse(short.expiresAt) - Date.now()).toBeLessThanOrEqual(86_400_000);
  });

  it('shows the page its pending images at a token-scoped address, and nothing else pending', async () => {
    const site = await createAuthoringSite();
    const uploadImage = async (name: string, kind: 'png' | 'webpExtended') => {
      const form = new FormData();
      form.set('file', new Blob([imageBytes(kind)]), name);
      const response = await site.app.request('/api/media', {
        method: 'POST',
        body: form,
        headers: { cookie: site.cookies.editor },
      });
      expect(response.status).toBe(201);
      return (await json(response)) as { url: string; path: string };
    };
    const published = await uploadImage('old.png', 'webpExtended');
    await save(site, 'en/notes/pics', 'Pics', `![Old](${published.url})\n`);
    await publish(site, 'Old picture');
    const pending = await uploadImage('sea.png', 'png');
    const elsewhere = await uploadImage('other.webp', 'webpExtended');
    await client(site).put('/api/pages/en/notes/pics', {
      frontMatter: { title: 'Pics', thumbnail: pending.url },
      body: `![Sea](${pending.url})\n\n![Old](${published.url})\n`,
    });
    await save(site, 'en/notes/other', 'Other', `![Other](${elsewhere.url})\n`);
    const token = (await json(await client(site).post('/api/pages/en/notes/pics/preview-link'))).url.split('/').at(-1)!;
    const otherToken = (await json(await client(site).post('/api/pages/en/notes/other/preview-link'))).url.split('/').at(-1)!;

    const { previewPageView } = await import('../services/preview-links');
    const { defaultSiteSettings } = await import('../../common/site-settings');
    const view = await previewPageView(site.deps, defaultSiteSettings, 'en', token);
    const html = view!.page.body.map((segment) => ('html' in segment ? segment.html : '')).join('');
    const scoped = `/en/preview/${token}${pending.url}`;
    expect(html).toContain(`src="${scoped}"`);
    expect(view!.page.thumbnail).toBe(scoped);
    // Published media keeps its normal address.
    expect(html).toContain(`src="${published.url}"`);
    expect(html).not.toContain(`/preview/${token}${published.url}`);

    const image = await site.app.request(scoped);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('no-store');
    expect(image.headers.get('x-robots-tag')).toBe('noindex');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(imageBytes('png'));
    // A WebP copy's address (srcset) under the link follows its original.
    const copy = await site.app.request(`${scoped}.w640.webp`);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toMatch(/^image\//);
    expect(copy.headers.get('cache-control')).toBe('no-store');
    expect((await site.app.request(`/en/preview/${token}${elsewhere.url}.w640.webp`)).status).toBe(404);
    // The normal address is still closed to a signed-out visitor.
    expect((await site.app.request(pending.url)).status).toBe(404);

    const rest = pending.url.slice('/media/'.length);
    const revealed = [
      `/en/preview/${otherToken}${pending.url}`, // another page's token
      `/en/preview/${token}${elsewhere.url}`, // pending, but not on this page
      `/en/preview/${token}${published.url}`, // published: its own address
      `/fa/preview/${token}${pending.url}`, // another language
      `/en/preview/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}${pending.url}`,
      `/en/preview/${token}/media/../${pending.url}`,
      `/en/preview/${token}/media/%2e%2e/${rest}`,
      `/en/preview/${token}/media/x/%2e%2e%2f${rest}`,
      `/en/preview/${token}/media/x/..%2f..%2f${pending.path}`,
      `/en/preview/${token}/media//${pending.path}`,
      `/en/preview/${token}/media/%2F${pending.path}`,
      `/en/preview/${token}//media/${rest}`,
      `/en/preview/${token}/media/%E0%A4%A`,
      `/en/preview/${token}/content/en/notes/pics.md`,
    ];
    for (const url of revealed) expect((await site.app.request(url)).status, url).toBe(404);

    // A revoked or expired link shows nothing more.
    const { previewMayReadMedia } = await import('../services/preview-links');
    expect(await previewMayReadMedia(site.deps, 'en', token, pending.url)).toBe(true);
    expect(await previewMayReadMedia(site.deps, 'en', token, pending.url, new Date(Date.now() + 8 * 86_400_000))).toBe(false);
    expect((await client(site).send('DELETE', `/api/preview-links/${token.slice(0, 16)}`)).status).toBe(204);
    expect((await site.app.request(scoped)).status).toBe(404);
  });
});

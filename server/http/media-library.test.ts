import { describe, expect, it } from 'vitest';
import type { MediaList } from '../../common/media';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { git } from '../../tests/support/content-repo';
import { imageBytes, type testImages } from '../../tests/support/images';

type Site = Awaited<ReturnType<typeof createAuthoringSite>>;

async function upload(site: Site, name: keyof typeof testImages, fileName: string) {
  const form = new FormData();
  form.set('file', new Blob([imageBytes(name)]), fileName);
  const response = await site.app.request('/api/media', { method: 'POST', body: form, headers: { cookie: site.cookies.editor } });
  expect(response.status).toBe(201);
  return (await json(response)) as { url: string; path: string };
}
const library = async (site: Site, query = '') => (await json(await client(site).get(`/api/media${query}`))) as MediaList;

describe('media library API', () => {
  it('lists published and pending files with their facts, uploader and the pages that use them', async () => {
    const site = await createAuthoringSite();
    const banner = await upload(site, 'png', 'Banner.png');
    await client(site).put('/api/pages/en/logs/with-banner', {
      frontMatter: { title: 'With a banner' },
      body: `![Sea](${banner.url})`,
    });
    expect((await client(site).post('/api/builds/publish', { title: 'Banner' })).status).toBe(200);
    const photo = await upload(site, 'webpExtended', 'عکس سفر.webp');
    await client(site).put('/api/pages/fa/logs/safar', { frontMatter: { title: 'سفر', thumbnail: photo.url }, body: 'متن' });

    const list = await library(site);
    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 24 });
    const [newest, older] = list.items;
    expect(newest).toMatchObject({
      path: photo.path,
      url: photo.url,
      status: 'pending',
      type: 'image/webp',
      bytes: imageBytes('webpExtended').byteLength,
      uploadedBy: { name: expect.any(String) },
      usedBy: [{ locale: 'fa', path: 'logs/safar', title: 'سفر' }],
      usedBySettings: [],
    });
    expect(newest!.url).toMatch(/^\/media\/\d{4}\/\d{2}\/%D8%B9/);
    expect(older).toMatchObject({
      path: banner.path,
      status: 'published',
      type: 'image/png',
      width: 37,
      height: 21,
      usedBy: [{ locale: 'en', path: 'logs/with-banner', title: 'With a banner' }],
    });
    expect(Date.parse(older!.uploadedAt!)).toBeLessThanOrEqual(Date.parse(newest!.uploadedAt!));

    // Search by name, pagination past the end, and hostile queries.
    expect((await library(site, '?q=banner')).items.map((item) => item.path)).toEqual([banner.path]);
    expect((await library(site, '?q=%D8%B9%DA%A9%D8%B3')).items.map((item) => item.path)).toEqual([photo.path]);
    expect((await library(site, '?page=2')).items).toEqual([]);
    for (const bad of ['?page=0', '?page=-1', '?page=abc', '?page=1&page=2', `?q=${'x'.repeat(201)}`])
      expect((await client(site).get(`/api/media${bad}`)).status, bad).toBe(400);
    expect((await library(site, '?q=%27%20or%201%3D1--')).items).toEqual([]);
  });

  it('is dashboard.read to list and commits.create to delete', async () => {
    const site = await createAuthoringSite();
    const { url } = await upload(site, 'png', 'a.png');
    expect((await client(site, 'member').get('/api/media')).status).toBe(403);
    expect((await site.app.request('/api/media')).status).toBe(401);
    expect((await client(site, 'member').del(`/api${url}`)).status).toBe(403);
    expect((await site.app.request(`/api${url}`, { method: 'DELETE' })).status).toBe(401);
  });

  it('refuses deleting a file a page uses (409 naming the page), then deletes it as a pending change once unused', async () => {
    const site = await createAuthoringSite();
    const { url, path } = await upload(site, 'png', 'used.png');
    await client(site).put('/api/pages/en/logs/uses', { frontMatter: { title: 'Uses it' }, body: `![Used](${url})` });
    await client(site).post('/api/builds/publish', { title: 'One' });

    const refused = await client(site).del(`/api${url}`);
    expect(refused.status).toBe(409);
    const body = await json(refused);
    expect(body.message).toContain('/en/logs/uses');
    expect(body.data).toEqual({ pages: [{ locale: 'en', path: 'logs/uses', title: 'Uses it' }], settings: [] });
    const fa = await client(site, 'editor', 'fa').del(`/api${url}`);
    expect((await json(fa)).message).toContain('این پرونده در این صفحه‌ها');

    // A pending edit that drops the image frees the file (the pending version wins).
    await client(site).put('/api/pages/en/logs/uses', { frontMatter: { title: 'Uses it' }, body: 'No image now.' });
    expect((await client(site).del(`/api${url}`)).status).toBe(200);
    expect((await library(site)).items[0]).toMatchObject({ path, status: 'deleting', usedBy: [] });
    await client(site).post('/api/builds/publish', { title: 'Two' });
    const dir = site.deps.contentRepository!.location;
    expect(git(dir, 'show', '--name-status', '--format=', 'HEAD')).toContain(`D\t${path}`);
    expect((await library(site)).total).toBe(0);
    expect((await site.app.request(url)).status).toBe(404);
  });

  it('drops a pending upload nothing uses, and answers 404 for a file the library does not have', async () => {
    const site = await createAuthoringSite();
    const { url } = await upload(site, 'png', 'drop.png');
    expect(await json(await client(site).del(`/api${url}`))).toEqual({ commit: null });
    expect((await library(site)).total).toBe(0);
    expect((await client(site).del(`/api${url}`)).status).toBe(404);
  });

  it('refuses hostile paths: traversal, encoded separators and NULs, absolute and backslash paths', async () => {
    const site = await createAuthoringSite();
    await upload(site, 'png', 'x.png');
    for (const bad of [
      '/api/media/..%2f..%2fdaftar.db',
      '/api/media/2026/..%2F..%2Fcontent%2Fen%2Findex.md',
      '/api/media/%2e%2e/content/en/index.md',
      '/api/media/x%00.png',
      '/api/media/2026/%00',
      '/api/media/%2Fetc%2Fpasswd',
      '/api/media//etc/passwd',
      '/api/media/a%5C..%5Cb.png',
      '/api/media/.git/config',
    ]) {
      const response = await client(site).del(bad);
      expect([400, 404], bad).toContain(response.status);
    }
    // None of them touched the open build.
    expect((await json(await client(site).get('/api/builds/open'))).changes).toHaveLength(1);
  });

  it('serves a pending upload chosen as a site image in Settings to everyone at once, and keeps it while Settings use it (D2)', async () => {
    const site = await createAuthoringSite();
    const { url, path } = await upload(site, 'png', 'site-banner.png');
    expect((await site.app.request(url)).status).toBe(404);
    const owner = client(site, 'owner');
    const settings = await json(await owner.get('/api/settings'));
    expect((await owner.put('/api/settings', { ...settings, defaultBanner: url })).status).toBe(200);

    const anonymous = await site.app.request(url);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('content-type')).toBe('image/png');
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=300');
    expect((await site.app.request(`${url}.w640.webp`)).status).toBe(200);

    const entry = (await library(site)).items[0]!;
    expect(entry).toMatchObject({ path, status: 'pending', usedBySettings: ['defaultBanner'] });
    expect((await client(site).del(`/api${url}`)).status).toBe(409);
    const open = await json(await owner.get('/api/builds/open'));
    const change = open.changes.find((item: { path: string }) => item.path === path);
    const discard = await owner.del(`/api/builds/open/changes/${change.id}`);
    expect(discard.status).toBe(409);
    expect((await json(discard)).message).toContain('Settings');

    // Another image in Settings: the upload is an ordinary pending file again.
    expect((await owner.put('/api/settings', { ...settings, defaultBanner: '/images/default-banner.webp' })).status).toBe(200);
    expect((await site.app.request(url)).status).toBe(404);
    expect((await owner.del(`/api/builds/open/changes/${change.id}`)).status).toBe(200);
  });
});

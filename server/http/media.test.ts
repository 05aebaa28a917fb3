import { describe, expect, it } from 'vitest';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { git } from '../../tests/support/content-repo';
import { imageBytes, type testImages } from '../../tests/support/images';

type Site = Awaited<ReturnType<typeof createAuthoringSite>>;

function upload(site: Site, file: Blob | undefined, name: string, who: 'owner' | 'editor' | 'member' | 'anonymous' = 'editor') {
  const form = new FormData();
  if (file) form.set('file', file, name);
  return site.app.request('/api/media', {
    method: 'POST',
    body: form,
    headers: who === 'anonymous' ? {} : { cookie: site.cookies[who] },
  });
}
const image = (name: keyof typeof testImages, type = 'application/octet-stream') => new Blob([imageBytes(name)], { type });

describe('media API', () => {
  it('takes an image, answers 201 with its address and size, and shows it to editors only until it is published', async () => {
    const site = await createAuthoringSite();
    const response = await upload(site, image('png', 'image/png'), 'Sunset Photo.PNG');
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body).toEqual({
      url: expect.stringMatching(/^\/media\/\d{4}\/\d{2}\/sunset-photo-[0-9a-f]{8}\.png$/),
      path: expect.stringMatching(/^media\/\d{4}\/\d{2}\/sunset-photo-[0-9a-f]{8}\.png$/),
      width: 37,
      height: 21,
      bytes: imageBytes('png').byteLength,
      // Node makes its own copies: it asks the browser for none (decision 0008).
      variants: [],
    });
    expect(body.url).toBe(`/${body.path}`);

    const forEditor = await site.app.request(body.url, { headers: { cookie: site.cookies.editor } });
    expect(forEditor.status).toBe(200);
    expect(forEditor.headers.get('content-type')).toBe('image/png');
    expect(forEditor.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await forEditor.arrayBuffer())).toEqual(imageBytes('png'));
    expect((await site.app.request(body.url)).status).toBe(404);
    expect((await site.app.request(body.url, { headers: { cookie: site.cookies.member } })).status).toBe(404);

    const open = await json(await client(site).get('/api/builds/open'));
    expect(open.changes).toEqual([
      expect.objectContaining({ kind: 'create', path: body.path, page: null, diff: null, message: 'Upload Sunset Photo.PNG' }),
    ]);
    // The same file again: the same address, no second change.
    expect(await json(await upload(site, image('png'), 'Sunset Photo.PNG'))).toEqual(body);
    expect((await json(await client(site).get('/api/builds/open'))).changes).toHaveLength(1);
  });

  it('publishes media into media/ of the repository, served to everyone with long-lived caching', async () => {
    const site = await createAuthoringSite();
    const { url, path } = await json(await upload(site, image('webpExtended'), 'banner.webp'));
    await client(site).put('/api/pages/en/logs/with-image', {
      frontMatter: { title: 'With an image', thumbnail: url },
      body: `![A banner](${url})`,
    });
    const published = await json(await client(site).post('/api/builds/publish', { title: 'Image' }));
    const dir = site.deps.contentRepository!.location;
    expect(git(dir, 'show', '--name-status', '--format=', 'HEAD').trim().split('\n').sort()).toEqual([
      'A\tcontent/en/logs/with-image.md',
      `A\t${path}`,
    ]);
    expect(git(dir, 'cat-file', '-s', `HEAD:${path}`).trim()).toBe(String(imageBytes('webpExtended').byteLength));
    expect(git(dir, 'status', '--porcelain').trim()).toBe('');

    const response = await site.app.request(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(imageBytes('webpExtended'));
    const etag = response.headers.get('etag')!;
    expect((await site.app.request(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await site.app.request('/media/2020/01/none.png')).status).toBe(404);
    expect((await site.app.request('/media/../daftar.db')).status).toBe(404);

    // Reverting the build takes the file away again.
    expect((await client(site).post(`/api/builds/${published.id}/revert`)).status).toBe(200);
    expect((await site.app.request(url)).status).toBe(404);
  });

  it('recognises PNG, JPEG, WebP, GIF and AVIF by their bytes, not their names', async () => {
    const site = await createAuthoringSite();
    const cases = [
      ['jpeg', 'photo.png', 'jpg', 37, 21],
      ['webpLossy', 'a.webp', 'webp', 37, 21],
      ['webpLossless', 'b', 'webp', 37, 21],
      ['gif', 'anim.gif', 'gif', 16, 16],
      ['avif', 'pic.avif', 'avif', 640, 360],
    ] as const;
    for (const [name, fileName, extension, width, height] of cases) {
      const response = await upload(site, image(name), fileName);
      expect(response.status, name).toBe(201);
      const body = await json(response);
      expect(body, name).toMatchObject({ width, height });
      expect(body.path.endsWith(`.${extension}`), name).toBe(true);
    }
  });

  it('refuses SVG (whatever its name), other files, missing files, and members', async () => {
    const site = await createAuthoringSite();
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], { type: 'image/svg+xml' });
    for (const name of ['logo.svg', 'logo.png']) {
      const refused = await upload(site, svg, name);
      expect(refused.status, name).toBe(415);
      expect((await json(refused)).message).toBe(
        'SVG images are not accepted: they can carry scripts. Upload PNG, JPEG, WebP, GIF or AVIF',
      );
    }
    const text = await upload(site, new Blob(['just text, not an image at all'], { type: 'image/png' }), 'fake.png');
    expect(text.status).toBe(415);
    expect((await json(text)).message).toBe('Only PNG, JPEG, WebP, GIF and AVIF images can be uploaded');
    const missing = await upload(site, undefined, '');
    expect(missing.status).toBe(400);
    expect((await upload(site, image('png'), 'x.png', 'member')).status).toBe(403);
    expect((await upload(site, image('png'), 'x.png', 'anonymous')).status).toBe(401);
    expect((await json(await client(site).get('/api/builds/open'))).changes).toEqual([]);
  });

  it('answers 413 past MEDIA_MAX_BYTES, in the request language', async () => {
    const site = await createAuthoringSite({ MEDIA_MAX_BYTES: '1000' });
    const big = new Uint8Array(2000);
    big.set(imageBytes('png'));
    const refused = await upload(site, new Blob([big]), 'big.png');
    expect(refused.status).toBe(413);
    expect((await json(refused)).message).toBe('The file is larger than the limit of 1000 bytes');
    // Far past it: refused before the body is read.
    const huge = await upload(site, new Blob([new Uint8Array(200_000)]), 'huge.png');
    expect(huge.status).toBe(413);
    expect((await upload(site, image('png'), 'small.png')).status).toBe(201);
    // The default is 10 MB.
    const defaults = await createAuthoringSite();
    expect(defaults.deps.config.MEDIA_MAX_BYTES).toBe(10 * 1024 * 1024);
  });
});

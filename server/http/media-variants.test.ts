import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { variantUrl, variantWidths } from '../../common/image-variants';
import { createNodeMediaVariants } from '../../platforms/node/media-variants';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { commitFiles } from '../../tests/support/content-repo';
import { imageBytes } from '../../tests/support/images';
import { syncContent } from '../services/content-sync';

/** An installed site whose node store keeps copies in a fresh folder. */
async function siteWithVariants(options: { store?: boolean } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'daftar-variants-'));
  const mediaVariants = options.store === false ? undefined : createNodeMediaVariants(dir);
  const site = await createAuthoringSite({}, mediaVariants ? { mediaVariants } : {});
  return { site, dir, mediaVariants };
}

async function upload(site: Awaited<ReturnType<typeof createAuthoringSite>>, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  const response = await site.app.request('/api/media', { method: 'POST', body: form, headers: { cookie: site.cookies.editor } });
  expect(response.status).toBe(201);
  return (await json(response)) as { url: string; path: string; width: number; height: number };
}

/** A photo-like JPEG (a gradient, so the encoder has something to do). */
async function photo(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) pixels.set([(x * 255) / width, (y * 255) / height, 128], (y * width + x) * 3);
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
}

/** A PNG whose header claims `width` × `height` (CRC fixed) over the pixels of a tiny image: a decompression bomb's shape. */
function pngClaiming(width: number, height: number) {
  const bytes = imageBytes('png').slice();
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  let crc = 0xffffffff;
  for (const byte of bytes.subarray(12, 29)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  view.setUint32(29, (crc ^ 0xffffffff) >>> 0);
  return bytes;
}

const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));

describe('responsive image copies', () => {
  it('publishing an uploaded image makes its WebP copies at the planned widths; pages list them and the server sends them', async () => {
    const { site, dir, mediaVariants } = await siteWithVariants();
    const original = await photo(2400, 1600);
    const { url, width, height } = await upload(site, original, 'Photo.jpg');
    expect([width, height]).toEqual([2400, 1600]);
    await client(site).put('/api/pages/en/logs/with-photo', {
      frontMatter: { title: 'With a photo' },
      body: `![A photo](${url}#${width}x${height})`,
    });
    expect((await client(site).post('/api/builds/publish', { title: 'Photo' })).status).toBe(200);
    await mediaVariants!.idle();

    const plan = variantWidths(2400);
    expect(plan).toEqual([320, 480, 576, 640, 768, 960, 996, 1152, 1200, 1367, 1536, 1600, 1921, 1992]);
    const made = files(dir);
    expect(made).toHaveLength(plan.length);
    for (const file of made) expect(file).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{40}\/w\d+\.webp$/);

    const html = await (await site.app.request('/en/logs/with-photo')).text();
    expect(html).toContain(`width="2400" height="1600"`);
    expect(html).toContain(`srcset="${plan.map((w) => `${variantUrl(url, w)} ${w}w`).join(', ')}"`);
    expect(html).toContain('sizes="(min-width: 44rem) 42rem, calc(100vw - 2rem)"');

    for (const w of plan) {
      const response = await site.app.request(variantUrl(url, w));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(new Uint8Array(await response.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', w, Math.round((w * 1600) / 2400)]);
    }
    const first = await site.app.request(variantUrl(url, 640));
    const etag = first.headers.get('etag')!;
    expect((await site.app.request(variantUrl(url, 640), { headers: { 'if-none-match': etag } })).status).toBe(304);
    // A copy missing from the cache (a new server, a restored backup) is made again when asked for.
    rmSync(path.join(dir, made.find((file) => file.endsWith('/w320.webp'))!));
    expect((await site.app.request(variantUrl(url, 320))).status).toBe(200);
    expect(files(dir)).toHaveLength(plan.length);
  }, 90_000); // image encoding is CPU work: slow on a loaded 2-core machine

  it('makes a missing copy on request, only at planned widths, never wider than the original', async () => {
    const { site, dir } = await siteWithVariants();
    const { url } = await upload(site, await photo(700, 300), 'small.jpg');
    // Not published yet: only editors see the copy, never cached.
    expect((await site.app.request(variantUrl(url, 480))).status).toBe(404);
    const forEditor = await site.app.request(variantUrl(url, 480), { headers: { cookie: site.cookies.editor } });
    expect(forEditor.status).toBe(200);
    expect(forEditor.headers.get('cache-control')).toBe('private, no-store');
    expect((await sharp(new Uint8Array(await forEditor.arrayBuffer())).metadata()).width).toBe(480);
    // Wider than the original: the widest copy (640, the plan of a 700 px image), not an enlargement.
    const wide = await site.app.request(variantUrl(url, 1992), { headers: { cookie: site.cookies.editor } });
    expect((await sharp(new Uint8Array(await wide.arrayBuffer())).metadata()).width).toBe(640);
    // A width between two planned ones is served at the next one; nothing else is encoded.
    await site.app.request(`${url}.w500.webp`, { headers: { cookie: site.cookies.editor } });
    expect(
      files(dir)
        .map((file) => path.basename(file))
        .sort(),
    ).toEqual(['w480.webp', 'w576.webp', 'w640.webp']);
  });

  it('refuses hostile addresses without touching the file system', async () => {
    const { site, dir, mediaVariants } = await siteWithVariants();
    const { url } = await upload(site, await photo(800, 600), 'x.jpg');
    await client(site).post('/api/builds/publish', { title: 'x' });
    await mediaVariants!.idle();
    const before = files(dir);
    expect(before).toHaveLength(variantWidths(800).length);
    for (const address of [
      '/media/../../etc/passwd.w640.webp',
      '/media/%2e%2e/%2e%2e/etc/passwd.jpg.w640.webp',
      '/media/..%2f..%2fetc%2fpasswd.jpg.w640.webp',
      `/media/${'%2e%2e%5c'.repeat(4)}x.jpg.w640.webp`,
      `${url}.w64000.webp`,
      `${url}.w100.webp`,
      `${url}.w0640.webp`,
      `${url}.wNaN.webp`,
      `${url.replace('.jpg', '.svg')}.w640.webp`,
      `${url}.w640.webp/..`,
      '/media/does-not-exist.jpg.w640.webp',
    ]) {
      const response = await site.app.request(address);
      expect([404, 400], address).toContain(response.status);
    }
    // Nothing written anywhere by those requests: the store still holds x.jpg's copies only.
    expect(files(dir)).toEqual(before);
  });

  it('never rasterises SVG or an animation, and never decodes a non-image or a decompression bomb', async () => {
    const { site, dir, mediaVariants } = await siteWithVariants();
    const repoDir = site.deps.contentRepository!.location;
    commitFiles(
      repoDir,
      {
        'media/fake.jpg': '<html><script>alert(1)</script></html>',
        'media/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        'content/en/hostile-images.md':
          '---\ntitle: Hostile images\n---\n\n![f](/media/fake.jpg#2000x1000)\n\n![s](/media/logo.svg#2000x1000)\n',
      },
      'Hostile media',
    );
    await syncContent(site.deps.db, site.deps.contentRepository!);
    expect((await site.app.request('/media/fake.jpg.w640.webp')).status).toBe(404);
    expect((await site.app.request('/media/logo.svg.w640.webp')).status).toBe(404);
    // The SVG itself is still only ever a download, never an image of this origin.
    expect((await site.app.request('/media/logo.svg')).headers.get('content-disposition')).toBe('attachment');
    const page = await (await site.app.request('/en/hostile-images')).text();
    expect(page).not.toContain('logo.svg.w');
    // fake.jpg's address looks like an image's, so the page lists copies; the server refuses them (above).

    // A header claiming 30 000 × 30 000 pixels: the original is sent as it is, nothing is decoded.
    const bomb = pngClaiming(30_000, 30_000);
    const { url: bombUrl } = await upload(site, bomb, 'bomb.png');
    // A header within the limit over pixels that do not match: the decoder refuses, the original is sent.
    const liar = pngClaiming(6000, 6000);
    const { url: liarUrl } = await upload(site, liar, 'liar.png');
    const gif = imageBytes('gif');
    const { url: gifUrl } = await upload(site, gif, 'anim.gif');
    await client(site).post('/api/builds/publish', { title: 'Bombs' });
    await mediaVariants!.idle();
    const started = performance.now();
    for (const [address, bytes, type] of [
      [bombUrl, bomb, 'image/png'],
      [liarUrl, liar, 'image/png'],
    ] as const) {
      const response = await site.app.request(variantUrl(address, 640));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    }
    expect(performance.now() - started).toBeLessThan(5000);
    expect((await site.app.request(`${gifUrl}.w640.webp`)).status).toBe(404);
    expect(files(dir)).toEqual([]);
  });

  it('without a store (Workers) a copy address serves the original image', async () => {
    const { site } = await siteWithVariants({ store: false });
    const original = await photo(800, 600);
    const { url } = await upload(site, original, 'x.jpg');
    await client(site).post('/api/builds/publish', { title: 'x' });
    const response = await site.app.request(variantUrl(url, 640));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(original);
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_VARIANT_BYTES, variantHeight, variantUrl, variantWidths } from '../../common/image-variants';
import { createNodeMediaVariants } from '../../platforms/node/media-variants';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { imageBytes } from '../../tests/support/images';
import { createApp } from '../app';
import { imageInfo, isAnimated } from '../content/image-info';
import { mediaVariants as mediaVariantsTable } from '../db/schema';
import { createTableMediaVariants } from '../services/media-variant-uploads';

/*
 * Copies handed in by the browser (Workers; decision 0008): `POST /api/media` asks for them,
 * `POST /api/media/variants` checks every one and keeps all or none in `media_variants`, and a
 * copy's address serves the copy kept at its planned width, else the original.
 */

type Site = Awaited<ReturnType<typeof createAuthoringSite>>;

/** An installed site whose copies store is the table one, as the Worker builds it. */
async function workersLikeSite(): Promise<Site> {
  const site = await createAuthoringSite();
  return { ...site, app: createApp({ ...site.deps, mediaVariants: createTableMediaVariants(site.deps.db) }) };
}

type Uploaded = { url: string; path: string; width: number; height: number; bytes: number; variants: number[] };

async function upload(site: Site, bytes: Uint8Array, name: string): Promise<Uploaded> {
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  const response = await site.app.request('/api/media', { method: 'POST', body: form, headers: { cookie: site.cookies.editor } });
  expect(response.status).toBe(201);
  return (await json(response)) as Uploaded;
}

/** A photo-like JPEG (a gradient). */
async function photo(width: number, height: number, quality = 80) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) pixels.set([(x * 255) / width, (y * 255) / height, 128], (y * width + x) * 3);
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer(),
  );
}

/** A WebP `width` × `height` of the given bytes' picture (what the browser's canvas makes). */
async function webp(original: Uint8Array, width: number, height: number) {
  return new Uint8Array(await sharp(original).resize({ width, height, fit: 'fill' }).webp({ quality: 70 }).toBuffer());
}

/** Random pixels, lossless: a WebP far larger than a gradient JPEG. */
async function noiseWebp(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .webp({ lossless: true })
      .toBuffer(),
  );
}

type Part = { bytes: Uint8Array; type?: string; name?: string };

async function sendVariants(site: Site, mediaPath: string, parts: Part[], options: { locale?: string; cookie?: string } = {}) {
  const form = new FormData();
  form.set('path', mediaPath.replace(/^media\//, ''));
  for (const part of parts)
    form.append(
      'file',
      new Blob([part.bytes as Uint8Array<ArrayBuffer>], { type: part.type ?? 'image/webp' }),
      part.name ?? 'copy.webp',
    );
  return site.app.request('/api/media/variants', {
    method: 'POST',
    body: form,
    headers: { cookie: options.cookie ?? site.cookies.editor, 'x-locale': options.locale ?? 'en' },
  });
}

async function rows(site: Site) {
  return site.deps.db.select({ sha: mediaVariantsTable.blobSha, width: mediaVariantsTable.width }).from(mediaVariantsTable).all();
}

/** The answer's status and message, and that nothing was kept. */
async function refused(site: Site, response: Response, status: number, message: RegExp) {
  const body = (await json(response)) as { message: string };
  expect(response.status, body.message).toBe(status);
  expect(body.message).toMatch(message);
  expect(await rows(site)).toEqual([]);
}

describe('responsive copies made by the browser (Workers)', () => {
  it('the upload asks for the planned widths only where the server keeps handed-in copies', async () => {
    const original = await photo(1400, 700);
    const table = await workersLikeSite();
    expect((await upload(table, original, 'a.jpg')).variants).toEqual(variantWidths(1400));
    // Node makes its own with sharp; without a store nothing is asked either.
    const node = await createAuthoringSite(
      {},
      { mediaVariants: createNodeMediaVariants(mkdtempSync(path.join(tmpdir(), 'v-'))) },
    );
    expect((await upload(node, original, 'a.jpg')).variants).toEqual([]);
    expect((await upload(await createAuthoringSite(), original, 'a.jpg')).variants).toEqual([]);
    // A GIF, an image too small for copies, an animated WebP: none asked.
    expect((await upload(table, imageBytes('gif'), 'a.gif')).variants).toEqual([]);
    expect((await upload(table, await photo(300, 200), 'small.jpg')).variants).toEqual([]);
    const animated = await animatedWebp(await photo(800, 400));
    expect((await upload(table, animated, 'moving.webp')).variants).toEqual([]);
  });

  it('keeps checked copies; a copy address serves the copy at its planned width, the original where none was handed in', async () => {
    const site = await workersLikeSite();
    const original = await photo(2400, 1600);
    const uploaded = await upload(site, original, 'Photo.jpg');
    const copies = await Promise.all([320, 768, 1992].map((width) => webp(original, width, variantHeight(width, uploaded))));
    const response = await sendVariants(
      site,
      uploaded.path,
      copies.map((bytes) => ({ bytes })),
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ widths: [320, 768, 1992] });
    // Pending: editors see it, anonymous readers do not.
    const asEditor = await site.app.request(variantUrl(uploaded.url, 700), { headers: { cookie: site.cookies.editor } });
    expect(asEditor.status).toBe(200);
    expect(asEditor.headers.get('content-type')).toBe('image/webp');
    expect(new Uint8Array(await asEditor.arrayBuffer())).toEqual(copies[1]);
    expect((await site.app.request(variantUrl(uploaded.url, 768))).status).toBe(404);

    await client(site).put('/api/pages/en/logs/photo', {
      frontMatter: { title: 'Photo' },
      body: `![A photo](${uploaded.url}#2400x1600)`,
    });
    expect((await client(site).post('/api/builds/publish', { title: 'Photo' })).status).toBe(200);
    const published = await site.app.request(variantUrl(uploaded.url, 768));
    expect(published.status).toBe(200);
    expect(published.headers.get('cache-control')).toContain('immutable');
    expect(imageInfo(new Uint8Array(await published.arrayBuffer()))).toMatchObject({
      type: 'image/webp',
      width: 768,
      height: 512,
    });
    const widest = await site.app.request(variantUrl(uploaded.url, 1992));
    expect(imageInfo(new Uint8Array(await widest.arrayBuffer()))?.width).toBe(1992);
    // 1200 was not handed in: the original, as before copies existed.
    const notKept = await site.app.request(variantUrl(uploaded.url, 1200));
    expect(notKept.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await notKept.arrayBuffer())).toEqual(original);
    // A width outside the plan is no copy at all, as on Node.
    expect((await site.app.request(variantUrl(uploaded.url, 200))).status).toBe(404);

    // A published image takes copies too (one uploaded before copies existed); the first copy kept stays.
    const more = await sendVariants(site, uploaded.path, [{ bytes: await webp(original, 1200, 800) }]);
    expect(more.status).toBe(200);
    const other = await webp(await photo(2400, 1600, 30), 768, 512);
    expect((await sendVariants(site, uploaded.path, [{ bytes: other }])).status).toBe(200);
    const still = await site.app.request(variantUrl(uploaded.url, 768));
    expect(new Uint8Array(await still.arrayBuffer())).toEqual(copies[1]);
  });

  it('refuses hostile copies with a clear message and keeps none of the request', async () => {
    const site = await workersLikeSite();
    const original = await photo(2400, 1600);
    const { path: file } = await upload(site, original, 'Photo.jpg');
    const good = { bytes: await webp(original, 640, 427) };

    // Not an image, though declared one.
    await refused(
      site,
      await sendVariants(site, file, [good, { bytes: new TextEncoder().encode('<svg onload=alert(1)>') }]),
      415,
      /still WebP/,
    );
    // A real image of another type than declared, and a WebP declared as PNG.
    await refused(site, await sendVariants(site, file, [{ bytes: imageBytes('png') }]), 415, /still WebP/);
    await refused(site, await sendVariants(site, file, [{ bytes: good.bytes, type: 'image/png' }]), 415, /still WebP/);
    // An animation.
    await refused(site, await sendVariants(site, file, [{ bytes: await animatedWebp(good.bytes) }]), 415, /still WebP/);
    // Larger than the original file (bytes), and over the limit of a copy.
    const thin = await upload(site, await photo(2400, 1600, 5), 'thin.jpg');
    await refused(
      site,
      await sendVariants(site, thin.path, [{ bytes: await noiseWebp(480, 320) }]),
      422,
      /smaller than the original/,
    );
    const huge = await noiseWebp(640, 560);
    expect(huge.byteLength).toBeGreaterThan(MAX_VARIANT_BYTES);
    await refused(site, await sendVariants(site, file, [{ bytes: huge }]), 413, /larger than the limit of 1 MB/);
    // Wider than the original, at a width the plan does not have, twice the same width.
    const small = await upload(site, await photo(700, 350), 'small.jpg');
    await refused(
      site,
      await sendVariants(site, small.path, [{ bytes: await webp(original, 768, 384) }]),
      422,
      /768 pixels wide is not one/,
    );
    await refused(site, await sendVariants(site, file, [{ bytes: await webp(original, 700, 467) }]), 422, /its widths: 320, 480/);
    await refused(site, await sendVariants(site, file, [good, good]), 422, /sent twice/);
    // The wrong shape (a square copy of a 3:2 photo), and a copy of another image sent for this one.
    await refused(site, await sendVariants(site, file, [{ bytes: await webp(original, 640, 640) }]), 422, /640×640.*640×427/);
    const square = await upload(site, await photo(1000, 1000), 'square.jpg');
    await refused(site, await sendVariants(site, square.path, [good]), 422, /shape/);
    // Too many: more copies than the plan has widths (15 for a plan of 14).
    const plan = variantWidths(2400);
    const tooMany = await Promise.all(
      [...plan, 320].map(async (width) => ({
        bytes: await webp(original, width, variantHeight(width, { width: 2400, height: 1600 })),
      })),
    );
    await refused(site, await sendVariants(site, file, tooMany), 400, /only 14 copy widths/);
    // No such file, a path out of the media folder, no copies, a GIF original.
    await refused(site, await sendVariants(site, 'media/2026/01/nothing-12345678.jpg', [good]), 404, /no such file/);
    await refused(site, await sendVariants(site, '../content/en/index.md', [good]), 400, /Media paths/);
    await refused(site, await sendVariants(site, file, []), 400, /WebP copies to send/);
    const gif = await upload(site, imageBytes('gif'), 'a.gif');
    await refused(site, await sendVariants(site, gif.path, [good]), 422, /gets no smaller copies/);

    // The same refusal in Persian.
    const fa = await sendVariants(site, file, [{ bytes: await webp(original, 640, 640) }], { locale: 'fa' });
    expect(fa.status).toBe(422);
    expect(((await json(fa)) as { message: string }).message).toContain('شکل تصویر را نگه نمی‌دارد');
    // Readers may not hand in copies; nor may anyone signed out.
    expect((await sendVariants(site, file, [good], { cookie: site.cookies.member })).status).toBe(403);
    expect((await sendVariants(site, file, [good], { cookie: '' })).status).toBe(401);
    expect(await rows(site)).toEqual([]);
  });

  it('a server that makes its own copies (Node) takes none from the browser', async () => {
    const site = await createAuthoringSite(
      {},
      { mediaVariants: createNodeMediaVariants(mkdtempSync(path.join(tmpdir(), 'v-'))) },
    );
    const original = await photo(1400, 700);
    const { path: file } = await upload(site, original, 'a.jpg');
    const response = await sendVariants(site, file, [{ bytes: await webp(original, 640, 320) }]);
    expect(response.status).toBe(409);
    expect(((await json(response)) as { message: string }).message).toMatch(/makes the smaller copies of images itself/);
  });
});

/** A still WebP with its VP8X header's animation flag set: what an animated WebP says of itself. */
async function animatedWebp(bytes: Uint8Array) {
  // An alpha channel makes sharp write the extended (VP8X) header.
  const extended = new Uint8Array(await sharp(bytes).ensureAlpha(0.5).webp({ quality: 70 }).toBuffer());
  expect(String.fromCharCode(...extended.subarray(12, 16))).toBe('VP8X');
  extended[20] = extended[20]! | 0x02;
  expect(isAnimated(extended)).toBe(true);
  return extended;
}

import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { createSessionCookie } from '../support/install';
import { expect, test } from './fixtures';
import { kb, LONG_PAGE, phoneBytes, photo } from './phone-bytes';

/*
 * The Node side of the phone figures (docs/performance.md "Images on phones"): the long sample page
 * with the same 2400 × 1600 photo as tests/e2e/workers-images.spec.ts, published, seen by a phone
 * (390 px, DPR 2): sharp's 768 px WebP copy, never the original.
 */
test('a phone gets the server-made WebP copy of an image on Node', async ({ browser, freshSite }) => {
  test.setTimeout(180_000);
  const { name, value } = await createSessionCookie(freshSite, 'owner');
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${freshSite.url}${path}`, {
      method,
      headers: { cookie: `${name}=${value}`, ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
  const original = await photo(2400, 1600);
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(original)]), 'dusk.jpg');
  const upload = await api('POST', '/api/media', form);
  expect(upload.status).toBe(201);
  const media = (await upload.json()) as { url: string; variants: number[] };
  expect(media.variants).toEqual([]);
  const page = (await (await api('GET', `/api/pages/en/${LONG_PAGE}`)).json()) as { frontMatter: unknown; body: string };
  const saved = await api('PUT', `/api/pages/en/${LONG_PAGE}`, {
    frontMatter: page.frontMatter,
    body: `![Dusk over the hills](${media.url}#2400x1600)\n\n${page.body}`,
  });
  expect(saved.status).toBe(200);
  expect((await api('POST', '/api/builds/publish', { title: 'A photo on the long page' })).status).toBe(200);

  const seen = await phoneBytes(browser, `${freshSite.url}/en/${LONG_PAGE}`);
  expect(seen.image.url).toMatch(/\.w768\.webp$/);
  expect(seen.image.type).toBe('image/webp');
  expect(seen.image.bytes).toBeLessThan(original.byteLength / 4);
  const copy = await sharp(Buffer.from(await (await fetch(seen.image.url)).arrayBuffer())).metadata();
  expect([copy.format, copy.width]).toEqual(['webp', 768]);
  console.log(
    `Node, phone 390 px DPR 2, ${LONG_PAGE}: ${kb(seen.total)} (image ${kb(seen.image.bytes)}); original ${kb(original.byteLength)}`,
  );
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/phone-bytes-node.json', JSON.stringify({ original: original.byteLength, seen }, null, 2));
});

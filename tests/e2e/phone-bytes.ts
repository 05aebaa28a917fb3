import { type Browser, expect } from '@playwright/test';
import sharp from 'sharp';

/*
 * What a phone downloads for a page (docs/performance.md "Images on phones"): Chromium at 390 × 844
 * CSS pixels and device pixel ratio 2, a fresh context (nothing cached), the page scrolled to its
 * end so every image below the fold loads too. Bytes are those on the wire: each response's
 * encoded body plus its headers, as Chromium counts them.
 */

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 };
export const LONG_PAGE = 'logs/a-long-guide-to-bilingual-publishing';

/** A photo-like JPEG, `width` × `height`, quality 85: smooth light with fine grain (seeded, so every run is alike). */
export async function photo(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  const grain = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed % 41) - 20;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const light = 110 + 70 * Math.sin(x / 97) * Math.cos(y / 131);
      pixels.set([light + 40 + grain(), light + grain(), 200 - light / 2 + grain()], (y * width + x) * 3);
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export type PhoneBytes = {
  total: number;
  images: number;
  responses: number;
  image: { url: string; type: string; bytes: number };
};

/** Loads `url` as a phone, scrolls to the end and counts the bytes; `image` is the article's first image as shown. */
export async function phoneBytes(browser: Browser, url: string): Promise<PhoneBytes> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const sizes: Promise<{ url: string; type: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) =>
    sizes.push(
      Promise.all([request.sizes(), request.response()]).then(([size, response]) => ({
        url: request.url(),
        type: response?.headers()['content-type'] ?? '',
        bytes: size.responseBodySize + size.responseHeadersSize,
      })),
    ),
  );
  await page.goto(url, { waitUntil: 'load' });
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += innerHeight) {
      scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  const first = page.locator('[data-testid="article"] .contents img').first();
  // On Node a copy not made yet is encoded when asked, after the publish's own queue of copies.
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 90_000 })
    .toBe(true);
  const shown = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(sizes);
  await context.close();
  const image = all.find((entry) => entry.url === shown);
  expect(image, `the image ${shown} among ${all.map((entry) => entry.url).join(', ')}`).toBeDefined();
  return {
    total: all.reduce((sum, entry) => sum + entry.bytes, 0),
    images: all.filter((entry) => entry.type.startsWith('image/')).reduce((sum, entry) => sum + entry.bytes, 0),
    responses: all.length,
    image: image!,
  };
}

export const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

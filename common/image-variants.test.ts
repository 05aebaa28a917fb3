import { describe, expect, it } from 'vitest';
import {
  IMAGE_BREAKPOINTS,
  isMediaImageUrl,
  MAX_VARIANT_WIDTH,
  parseVariantUrl,
  responsiveImage,
  VARIANT_WIDTHS,
  variantUrl,
  variantWidthFor,
  variantWidths,
} from './image-variants';

describe('the variant plan', () => {
  it("is the spec's breakpoints at densities 1 and 2, up to twice md", () => {
    expect(Object.values(IMAGE_BREAKPOINTS).sort((a, b) => a - b)).toEqual([
      320, 480, 576, 768, 996, 1200, 1367, 1536, 1600, 1921,
    ]);
    expect(VARIANT_WIDTHS).toEqual([320, 480, 576, 640, 768, 960, 996, 1152, 1200, 1367, 1536, 1600, 1921, 1992]);
    expect(MAX_VARIANT_WIDTH).toBe(1992);
  });

  it('never makes a copy wider than the original', () => {
    for (const original of [321, 400, 577, 640, 641, 999, 1000, 1300, 1921, 1992, 2400, 6000, 65535]) {
      const plan = variantWidths(original);
      expect(plan.length).toBeGreaterThan(0);
      for (const width of plan) expect(width).toBeLessThanOrEqual(original);
      expect(plan).toEqual([...new Set(plan)].sort((a, b) => a - b));
    }
  });

  it('gives small images no copies, and odd widths none either', () => {
    for (const original of [0, 1, 100, 319, 320, Number.NaN, Number.POSITIVE_INFINITY, -5])
      expect(variantWidths(original)).toEqual([]);
  });

  it("adds a copy at the original's own width only when it is clearly wider than the last planned one", () => {
    expect(variantWidths(1000)).toEqual([320, 480, 576, 640, 768, 960, 996]);
    expect(variantWidths(1300)).toEqual([320, 480, 576, 640, 768, 960, 996, 1152, 1200]);
    expect(variantWidths(900)).toEqual([320, 480, 576, 640, 768, 900]);
    expect(variantWidths(4000)).toEqual(VARIANT_WIDTHS);
  });

  it('serves a requested width at the nearest planned one at or above it, never encoding an unplanned width', () => {
    expect(variantWidthFor(640, 4000)).toBe(640);
    expect(variantWidthFor(641, 4000)).toBe(768);
    expect(variantWidthFor(1992, 900)).toBe(900);
    expect(variantWidthFor(1000, 1000)).toBe(996); // the widest copy of a 1000 px image
    for (const requested of [0, 319, 1993, 99999, 640.5, Number.NaN]) expect(variantWidthFor(requested, 4000)).toBeUndefined();
    expect(variantWidthFor(640, 300)).toBeUndefined(); // a small image has no copies
  });
});

describe('variant addresses', () => {
  it('round-trip, and only for images of the site media', () => {
    expect(variantUrl('/media/2026/05/cat-1a2b3c4d.jpg', 640)).toBe('/media/2026/05/cat-1a2b3c4d.jpg.w640.webp');
    expect(parseVariantUrl('/media/2026/05/cat-1a2b3c4d.jpg.w640.webp')).toEqual({
      original: '/media/2026/05/cat-1a2b3c4d.jpg',
      width: 640,
    });
    expect(parseVariantUrl('/media/2026/05/%D8%B9%DA%A9%D8%B3-1a2b3c4d.png.w320.webp')).toEqual({
      original: '/media/2026/05/%D8%B9%DA%A9%D8%B3-1a2b3c4d.png',
      width: 320,
    });
  });

  it('refuses traversal, other places, other types and odd widths', () => {
    for (const url of [
      '/media/../etc/passwd.jpg.w640.webp',
      '/media/2026/../../x.jpg.w640.webp',
      '/media/./x.jpg.w640.webp',
      '/media//x.jpg.w640.webp',
      '/media/a\\..\\x.jpg.w640.webp',
      '/images/x.jpg.w640.webp',
      '/media/x.svg.w640.webp',
      '/media/x.html.w640.webp',
      '/media/x.jpg.w64000.webp',
      '/media/x.jpg.w64.webp',
      '/media/x.jpg.w640.webp?x=1',
      '/media/x.jpg.wabc.webp',
      '/media/x.jpg.w0640.webp',
    ])
      expect(parseVariantUrl(url), url).toBeUndefined();
    for (const url of [
      'https://example.com/media/x.jpg',
      '//evil/media/x.jpg',
      '/media/x.svg',
      'javascript:alert(1)//media/x.jpg',
      '/media/x.jpg#1x1',
    ])
      expect(isMediaImageUrl(url), url).toBe(false);
  });
});

describe('responsiveImage', () => {
  it('lists every planned copy with its width, and the slot as sizes', () => {
    expect(responsiveImage('/media/a.png', 720, 'content')).toEqual({
      srcSet:
        '/media/a.png.w320.webp 320w, /media/a.png.w480.webp 480w, /media/a.png.w576.webp 576w, /media/a.png.w640.webp 640w, /media/a.png.w720.webp 720w',
      sizes: '(min-width: 44rem) 42rem, calc(100vw - 2rem)',
    });
    expect(responsiveImage('/media/a.png', 3000, 'banner')?.sizes).toBe('(min-width: 64rem) 62rem, calc(100vw - 2rem)');
  });

  it('leaves other images alone', () => {
    expect(responsiveImage('/media/a.png', 300, 'content')).toBeUndefined();
    expect(responsiveImage('/media/a.png', undefined, 'content')).toBeUndefined();
    expect(responsiveImage('https://example.com/a.png', 3000, 'content')).toBeUndefined();
    expect(responsiveImage('/media/a.gif', 3000, 'content')).toBeUndefined();
    expect(responsiveImage('/media/logo.svg', 3000, 'content')).toBeUndefined();
    expect(responsiveImage('/images/default-banner.webp', 3000, 'banner')).toBeUndefined();
  });
});

/*
 * Responsive images (docs/spec.md §9; decision 0008): each published image under `/media/` gets
 * WebP copies at quality 70, at the spec's breakpoint widths for densities 1 and 2, never wider
 * than the original. Pages point at them with `srcset` and `sizes`. One plan, used by the renderer
 * (which widths a page lists), the server (which widths it makes and serves) and the page banner.
 */

/** The spec's breakpoints, in CSS pixels. */
export const IMAGE_BREAKPOINTS = {
  default: 320,
  xxs: 480,
  xs: 576,
  sm: 768,
  md: 996,
  lg: 1200,
  xl: 1367,
  '2xl': 1536,
  xxl: 1600,
  '4k': 1921,
} as const;
export const IMAGE_DENSITIES = [1, 2] as const;
export const IMAGE_QUALITY = 70;
export const IMAGE_FORMAT = 'webp';

/**
 * No page shows an image wider than the site's column (64rem less its padding, under the `md`
 * breakpoint), so twice `md` is the widest copy any screen can use.
 */
export const MAX_VARIANT_WIDTH = IMAGE_BREAKPOINTS.md * 2;

/** Every width a copy may have: breakpoint × density, up to MAX_VARIANT_WIDTH, ascending. */
export const VARIANT_WIDTHS: readonly number[] = [
  ...new Set(Object.values(IMAGE_BREAKPOINTS).flatMap((width) => IMAGE_DENSITIES.map((density) => width * density))),
]
  .filter((width) => width <= MAX_VARIANT_WIDTH)
  .sort((a, b) => a - b);

/** At most 40 megapixels are decoded (a 1 KB PNG can claim 65 535 × 65 535); larger originals are served as they are. */
export const MAX_VARIANT_INPUT_PIXELS = 40_000_000;
/** Types that get copies. GIFs keep their animation by being served as they are; SVG is never rasterised. */
export const VARIANT_SOURCE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/avif'];
/**
 * The largest copy a browser may hand in (Workers keeps them in D1 rows of at most 2 MB, as base64):
 * far above a 1992 px WebP at quality 70 (a few hundred KB).
 */
export const MAX_VARIANT_BYTES = 1024 * 1024;

/** Whether an image of this type and size gets copies at all (still only when wider than 320 px). */
export function takesVariants(info: { type: string; width: number; height: number }) {
  return VARIANT_SOURCE_TYPES.includes(info.type) && info.width * info.height <= MAX_VARIANT_INPUT_PIXELS;
}

/**
 * A copy's height: the original's aspect at the copy's width, rounded. A copy handed in by a browser
 * may be one pixel off either way (its canvas rounds on its own).
 */
export function variantHeight(width: number, original: { width: number; height: number }) {
  return Math.max(1, Math.round((original.height * width) / original.width));
}

/**
 * The copies made of an image `originalWidth` pixels wide: every width of VARIANT_WIDTHS below it,
 * plus one at its own width when that is more than 10 % wider than the widest of them (a WebP
 * copy is smaller than most originals). Never wider than the original. An image no wider than the smallest breakpoint gets
 * no copies: it is shown as it is.
 */
export function variantWidths(originalWidth: number): number[] {
  if (!Number.isFinite(originalWidth) || originalWidth <= VARIANT_WIDTHS[0]!) return [];
  const below = VARIANT_WIDTHS.filter((width) => width < originalWidth);
  const capped = Math.min(Math.floor(originalWidth), MAX_VARIANT_WIDTH);
  // A copy at the original's width only when it is clearly wider than the widest planned one.
  return capped > below.at(-1)! * 1.1 ? [...below, capped] : below;
}

/**
 * The width a requested copy is served at: the smallest planned width at or above it, else the
 * widest. Only planned widths are ever encoded, whatever is asked (at most ~15 files an image), and
 * a page whose `#WxH` suffix was wrong still gets an image. Undefined outside 320…MAX_VARIANT_WIDTH
 * or for an image that has no copies.
 */
export function variantWidthFor(requested: number, originalWidth: number): number | undefined {
  if (!Number.isInteger(requested) || requested < VARIANT_WIDTHS[0]! || requested > MAX_VARIANT_WIDTH) return undefined;
  const plan = variantWidths(originalWidth);
  return plan.find((width) => width >= requested) ?? plan.at(-1);
}

/**
 * An image of the site's media that gets copies: `/media/….{png,jpg,webp,avif}` (GIFs keep their
 * animation, SVG is never rasterised), no query or fragment; `..`, `.`, `//` and `\` refused.
 */
const MEDIA_URL = /^\/media\/(?:[^/?#\\.][^/?#\\]*\/)*[^/?#\\]+\.(?:png|jpe?g|webp|avif)$/i;
/** A copy's address: the original's, then `.w{width}.webp`. */
const VARIANT_URL = /^(\/media\/.+)\.w([1-9]\d{2,3})\.webp$/;

export function isMediaImageUrl(url: string) {
  return MEDIA_URL.test(url) && !url.split('/').some((segment) => segment === '..' || segment === '.');
}

export function variantUrl(mediaUrl: string, width: number) {
  return `${mediaUrl}.w${width}.webp`;
}

/** `/media/a/b.jpg.w640.webp` → `{ original: '/media/a/b.jpg', width: 640 }`, else undefined. */
export function parseVariantUrl(url: string): { original: string; width: number } | undefined {
  const match = VARIANT_URL.exec(url);
  if (!match || !isMediaImageUrl(match[1]!)) return undefined;
  return { original: match[1]!, width: Number(match[2]) };
}

/** Where an image is shown, as the `sizes` attribute says it: the article column or the page banner. */
export const IMAGE_SIZES = {
  /** The reading column: 42rem, less the page's 1rem padding on each side on narrow screens. */
  content: '(min-width: 44rem) 42rem, calc(100vw - 2rem)',
  /** The banner: the site's column, 64rem less its padding. */
  banner: '(min-width: 64rem) 62rem, calc(100vw - 2rem)',
} as const;

/**
 * `srcset` and `sizes` for an image of the site's media at its known width, or undefined when it has
 * no copies (not site media, unknown or small width). The largest entry is the widest copy.
 */
export function responsiveImage(
  src: string,
  originalWidth: number | undefined,
  slot: keyof typeof IMAGE_SIZES,
): { srcSet: string; sizes: string } | undefined {
  if (!originalWidth || !isMediaImageUrl(src)) return undefined;
  const widths = variantWidths(originalWidth);
  if (!widths.length) return undefined;
  return { srcSet: widths.map((width) => `${variantUrl(src, width)} ${width}w`).join(', '), sizes: IMAGE_SIZES[slot] };
}

/** How wide an image alone in its paragraph is shown: the text column (default), wider, or the whole window. */
export const IMAGE_LAYOUTS = ['column', 'wide', 'full'] as const;
export type ImageLayout = (typeof IMAGE_LAYOUTS)[number];

/**
 * An image address may end in a fragment giving its size and its width on the page:
 * `#800x600` (the editor writes it on upload), `#800x600,wide`, `#full` (docs/content.md).
 */
const IMAGE_FRAGMENT = /#(?:(\d{1,5})x(\d{1,5}))?,?(wide|full)?$/;

export function splitImageSize(src: string): { src: string; width?: number; height?: number; layout: ImageLayout } {
  const match = IMAGE_FRAGMENT.exec(src);
  if (!match || (!match[1] && !match[3])) return { src, layout: 'column' };
  const layout = (match[3] as ImageLayout | undefined) ?? 'column';
  const base = src.slice(0, match.index);
  return match[1] ? { src: base, width: Number(match[1]), height: Number(match[2]), layout } : { src: base, layout };
}

/** The address with its layout set (`column` writes none), keeping the `#WxH` size it has. */
export function withImageLayout(src: string, layout: ImageLayout): string {
  const { src: base, width, height } = splitImageSize(src);
  const parts = [width && height ? `${width}x${height}` : '', layout === 'column' ? '' : layout].filter(Boolean);
  return parts.length ? `${base}#${parts.join(',')}` : base;
}

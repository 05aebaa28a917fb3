import type { MediaType } from '../../common/authoring';

export type ImageInfo = { type: MediaType; extension: string; width: number; height: number };

/**
 * Recognises an uploaded image by its bytes (never by its name) and reads its size from the
 * header: PNG, JPEG, WebP, GIF and AVIF. Plain byte reading, no native image library, so it runs
 * on Workers too. Returns undefined for anything else (SVG included: see `looksLikeSvg`).
 */
export function imageInfo(bytes: Uint8Array): ImageInfo | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (offset: number, length: number) =>
    offset + length <= bytes.length ? String.fromCharCode(...bytes.subarray(offset, offset + length)) : '';
  const sized = (type: MediaType, extension: string, width: number, height: number) =>
    width > 0 && height > 0 ? { type, extension, width, height } : undefined;

  // PNG: signature, then the IHDR chunk with width and height (big-endian).
  if (bytes.length >= 24 && ascii(1, 3) === 'PNG' && bytes[0] === 0x89 && ascii(12, 4) === 'IHDR')
    return sized('image/png', 'png', view.getUint32(16), view.getUint32(20));

  // GIF87a / GIF89a: the logical screen size (little-endian).
  if (bytes.length >= 10 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a'))
    return sized('image/gif', 'gif', view.getUint16(6, true), view.getUint16(8, true));

  // WebP: RIFF....WEBP, then a VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk.
  if (bytes.length >= 30 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') {
    const chunk = ascii(12, 4);
    if (chunk === 'VP8 ' && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a)
      return sized('image/webp', 'webp', view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
    if (chunk === 'VP8L' && bytes[20] === 0x2f) {
      const bits = view.getUint32(21, true);
      return sized('image/webp', 'webp', (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
    }
    if (chunk === 'VP8X') {
      const width = 1 + (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16));
      const height = 1 + (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16));
      return sized('image/webp', 'webp', width, height);
    }
    return undefined;
  }

  // JPEG: walk the markers to the first start-of-frame (SOF0–SOF15 except DHT, JPG, DAC).
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return undefined;
      const marker = bytes[offset + 1]!;
      if (marker === 0xff) {
        offset++; // fill byte
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        offset += 2; // markers without a length
        continue;
      }
      const length = view.getUint16(offset + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return sized('image/jpeg', 'jpg', view.getUint16(offset + 7), view.getUint16(offset + 5));
      if (marker === 0xd9 || marker === 0xda || length < 2) return undefined; // end of image / scan before a frame
      offset += 2 + length;
    }
    return undefined;
  }

  // AVIF: an ISO-BMFF `ftyp` box naming avif/avis, then meta → iprp → ipco → ispe (the size).
  if (bytes.length >= 16 && ascii(4, 4) === 'ftyp') {
    const ftypSize = view.getUint32(0);
    const brands: string[] = [];
    for (let at = 8; at + 4 <= Math.min(ftypSize, bytes.length); at += 4) if (at !== 12) brands.push(ascii(at, 4));
    if (!brands.includes('avif') && !brands.includes('avis')) return undefined;
    const size = findIspe(bytes, view);
    return size ? sized('image/avif', 'avif', size.width, size.height) : undefined;
  }
  return undefined;
}

/** Finds the first `ispe` (image spatial extents) property inside meta/iprp/ipco. */
function findIspe(bytes: Uint8Array, view: DataView): { width: number; height: number } | undefined {
  const containers: Record<string, number> = { meta: 4, iprp: 0, ipco: 0 }; // meta is a full box: 4 bytes of version/flags
  const walk = (start: number, end: number, depth: number): { width: number; height: number } | undefined => {
    let at = start;
    while (at + 8 <= end && depth < 6) {
      let size = view.getUint32(at);
      const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
      let header = 8;
      if (size === 1 && at + 16 <= end) {
        size = Number(view.getBigUint64(at + 8));
        header = 16;
      } else if (size === 0) size = end - at;
      if (size < header || at + size > end) return undefined;
      if (type === 'ispe' && size >= header + 12)
        return { width: view.getUint32(at + header + 4), height: view.getUint32(at + header + 8) };
      if (type in containers) {
        const found = walk(at + header + containers[type]!, at + size, depth + 1);
        if (found) return found;
      }
      at += size;
    }
    return undefined;
  };
  return walk(0, bytes.length, 0);
}

/** An SVG (or any XML/HTML text that may carry script): refused rather than served from the site's origin. */
export function looksLikeSvg(bytes: Uint8Array, name: string, type: string): boolean {
  if (/\.svgz?$/i.test(name) || type.includes('svg')) return true;
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<?xml') || head.startsWith('<svg') || head.startsWith('<!doctype svg') || head.includes('<svg');
}

/**
 * Whether an image is an animation: a WebP whose VP8X header sets the animation flag, or an APNG
 * (an `acTL` chunk before the first `IDAT`). GIFs are not asked about: they never get copies.
 */
export function isAnimated(bytes: Uint8Array): boolean {
  const ascii = (offset: number, length: number) =>
    offset + length <= bytes.length ? String.fromCharCode(...bytes.subarray(offset, offset + length)) : '';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') return ascii(12, 4) === 'VP8X' && ((bytes[20] ?? 0) & 0x02) !== 0;
  if (bytes[0] === 0x89 && ascii(1, 3) === 'PNG') {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let at = 8; at + 8 <= bytes.length; ) {
      const type = ascii(at + 4, 4);
      if (type === 'acTL') return true;
      if (type === 'IDAT' || type === 'IEND') return false;
      at += 12 + view.getUint32(at);
    }
  }
  return false;
}

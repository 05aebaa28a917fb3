import { describe, expect, it } from 'vitest';
import { imageBytes } from '../../tests/support/images';
import { gitBlobSha } from './git-blob';
import { imageInfo, looksLikeSvg } from './image-info';

describe('image info', () => {
  it('recognises PNG, JPEG, WebP (lossy, lossless, extended), GIF and AVIF by their bytes and reads their size', () => {
    expect(imageInfo(imageBytes('png'))).toEqual({ type: 'image/png', extension: 'png', width: 37, height: 21 });
    expect(imageInfo(imageBytes('jpeg'))).toEqual({ type: 'image/jpeg', extension: 'jpg', width: 37, height: 21 });
    expect(imageInfo(imageBytes('webpLossy'))).toEqual({ type: 'image/webp', extension: 'webp', width: 37, height: 21 });
    expect(imageInfo(imageBytes('webpLossless'))).toEqual({ type: 'image/webp', extension: 'webp', width: 37, height: 21 });
    expect(imageInfo(imageBytes('webpExtended'))).toEqual({ type: 'image/webp', extension: 'webp', width: 300, height: 17 });
    expect(imageInfo(imageBytes('gif'))).toEqual({ type: 'image/gif', extension: 'gif', width: 16, height: 16 });
    expect(imageInfo(imageBytes('avif'))).toEqual({ type: 'image/avif', extension: 'avif', width: 640, height: 360 });
  });

  it('recognises nothing else, and cut-off files are not images', () => {
    const text = new TextEncoder().encode('just some text, long enough to look at');
    expect(imageInfo(text)).toBeUndefined();
    expect(imageInfo(new Uint8Array())).toBeUndefined();
    for (const name of ['png', 'jpeg', 'webpLossy', 'gif', 'avif'] as const)
      expect(imageInfo(imageBytes(name).subarray(0, 9)), name).toBeUndefined();
    // A PNG signature with a zero width is not an image either.
    const zero = imageBytes('png').slice();
    zero.fill(0, 16, 20);
    expect(imageInfo(zero)).toBeUndefined();
  });

  it('spots SVG by name, type or content', () => {
    const svg = new TextEncoder().encode(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(looksLikeSvg(svg, 'picture.png', 'image/png')).toBe(true);
    expect(looksLikeSvg(imageBytes('png'), 'logo.svg', 'image/png')).toBe(true);
    expect(looksLikeSvg(imageBytes('png'), 'logo', 'image/svg+xml')).toBe(true);
    expect(looksLikeSvg(imageBytes('png'), 'logo.png', 'image/png')).toBe(false);
  });

  it('computes the id git gives a blob', async () => {
    // `printf 'hello\n' | git hash-object --stdin`
    expect(await gitBlobSha('hello\n')).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
    expect(await gitBlobSha(new Uint8Array())).toBe('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
  });
});

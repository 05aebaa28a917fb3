import { describe, expect, it } from 'vitest';
import { embedOf } from './embeds';

describe('embedOf', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=10', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1'],
    ['https://www.aparat.com/v/abc123XY', 'https://www.aparat.com/video/video/embed/videohash/abc123XY/vt/frame'],
  ])('%s plays from %s', (address, src) => {
    expect(embedOf(address)?.src).toBe(src);
  });

  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://www.youtube.com/watch?v=short',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'https://vimeo.com/76979871/../../x',
    'https://vimeo.com/channels/staff',
    'https://www.aparat.com/v/a/b<x>',
    'not a url',
  ])('%s is not an embed', (address) => {
    expect(embedOf(address)).toBeUndefined();
  });
});

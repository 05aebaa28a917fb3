import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render';

const html = (markdown: string) => renderMarkdown(markdown).html;

describe('renderMarkdown: responsive images (decision 0008)', () => {
  it("gives the site's images of known size srcset, sizes, width and height", () => {
    const out = html('![A cat](/media/2026/05/cat-1a2b3c4d.jpg#1200x800)');
    expect(out).toContain('src="/media/2026/05/cat-1a2b3c4d.jpg"');
    expect(out).toContain('width="1200" height="800"');
    expect(out).toContain(
      'srcset="/media/2026/05/cat-1a2b3c4d.jpg.w320.webp 320w, /media/2026/05/cat-1a2b3c4d.jpg.w480.webp 480w, /media/2026/05/cat-1a2b3c4d.jpg.w576.webp 576w, /media/2026/05/cat-1a2b3c4d.jpg.w640.webp 640w, /media/2026/05/cat-1a2b3c4d.jpg.w768.webp 768w, /media/2026/05/cat-1a2b3c4d.jpg.w960.webp 960w, /media/2026/05/cat-1a2b3c4d.jpg.w996.webp 996w, /media/2026/05/cat-1a2b3c4d.jpg.w1152.webp 1152w"',
    );
    expect(out).toContain('sizes="(min-width: 44rem) 42rem, calc(100vw - 2rem)"');
    expect(out).toContain('loading="lazy" decoding="async"');
  });

  it('the same inside raw HTML an author wrote, in Persian file names too', () => {
    const out = html('<p><img src="/media/2026/05/%D8%B9%DA%A9%D8%B3-1a2b3c4d.png#640x480" alt="عکس"></p>');
    expect(out).toContain('srcset="/media/2026/05/%D8%B9%DA%A9%D8%B3-1a2b3c4d.png.w320.webp 320w');
  });

  it('leaves alone images that are small, of unknown size, not ours, GIF or SVG', () => {
    for (const markdown of [
      '![small](/media/a.png#300x200)',
      '![unknown](/media/a.png)',
      '![external](https://example.com/a.png#2000x1000)',
      '![static](/images/default-banner.webp#1600x600)',
      '![gif](/media/a.gif#2000x1000)',
      '![svg](/media/a.svg#2000x1000)',
    ])
      expect(html(markdown), markdown).not.toMatch(/srcset|sizes=/);
  });

  it('drops every srcset and sizes an author writes, also in <picture><source>', () => {
    const out = html(
      [
        '<img src="/media/a.png" srcset="javascript:alert(1) 1x, https://evil.example/x.png 2x" sizes="100vw">',
        '<picture><source srcset="https://evil.example/a.webp" type="image/webp"><img src="/media/b.png"></picture>',
        '<img src="/media/c.png#800x600" srcset="https://evil.example/c.png 800w">',
      ].join('\n\n'),
    );
    expect(out).not.toContain('evil.example');
    expect(out).not.toContain('javascript:');
    expect(out).not.toContain('100vw"');
    // The third image gets ours only.
    expect(out).toContain('srcset="/media/c.png.w320.webp 320w');
  });
});

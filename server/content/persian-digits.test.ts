import { describe, expect, it } from 'vitest';
import { persianDigitsInBody, persianDigitsInHtml } from '../../common/persian-digits';
import { renderMarkdown } from './render';

const fa = (markdown: string) => persianDigitsInHtml(renderMarkdown(markdown, 'fa').html);

describe('Persian digits in content (common/persian-digits.ts)', () => {
  it('shows the digits of Persian text in Persian', () => {
    expect(persianDigitsInHtml('<p>سال 1404، ساعت 10:30 و ۳ روز</p>')).toBe('<p>سال ۱۴۰۴، ساعت ۱۰:۳۰ و ۳ روز</p>');
    expect(persianDigitsInHtml('<p>12 نفر آمدند</p>')).toBe('<p>۱۲ نفر آمدند</p>');
    expect(persianDigitsInHtml('<h2>فصل 2</h2><ul><li>گام 1</li></ul>')).toBe('<h2>فصل ۲</h2><ul><li>گام ۱</li></ul>');
    expect(fa('در **سال 1403** و _ماه 8_ نوشتم.')).toBe('<p>در <strong>سال ۱۴۰۳</strong> و <em>ماه ۸</em> نوشتم.</p>');
  });

  it('never touches code, preformatted text, keyboard keys or math', () => {
    const html = fa('متن 1 و `npm i 2` و <kbd>F5</kbd>\n\n```\nx = 42\n```');
    expect(html).toContain('متن ۱ و');
    expect(html).toContain('<code dir="auto">npm i 2</code>');
    expect(html).toContain('x = 42');
    expect(persianDigitsInHtml('<p>فرمول <math><mn>2</mn></math> و <var>x1</var> و <samp>3</samp></p>')).toBe(
      '<p>فرمول <math><mn>2</mn></math> و <var>x1</var> و <samp>3</samp></p>',
    );
    // Nested inside a skipped element, and after it closes.
    expect(persianDigitsInHtml('<pre><code><span>1</span> 2</code></pre><p>بند 3</p>')).toBe(
      '<pre><code><span>1</span> 2</code></pre><p>بند ۳</p>',
    );
  });

  it('never touches attributes: links, images, sizes, ids', () => {
    const html =
      '<p><a href="/fa/logs/1404/08?page=2" title="صفحه 2" data-n="3">آبان 1404</a> <img src="/media/a-2.webp" srcset="/media/a-2-640.webp 640w" alt="عکس 5" width="640"></p>';
    expect(persianDigitsInHtml(html)).toBe(
      '<p><a href="/fa/logs/1404/08?page=2" title="صفحه 2" data-n="3">آبان ۱۴۰۴</a> <img src="/media/a-2.webp" srcset="/media/a-2-640.webp 640w" alt="عکس 5" width="640"></p>',
    );
    // A quoted `>` inside an attribute does not end the tag.
    expect(persianDigitsInHtml('<p title="a > 5">عدد 6</p>')).toBe('<p title="a > 5">عدد ۶</p>');
    expect(persianDigitsInHtml('<h2 id="بخش-2">بخش 2</h2>')).toBe('<h2 id="بخش-2">بخش ۲</h2>');
  });

  it('leaves Latin words, addresses and versions, and numbers in a Latin run', () => {
    expect(persianDigitsInHtml('<p>پرونده‌های mp3 و H2O و v2 و x86_64 در 3 پوشه</p>')).toBe(
      '<p>پرونده‌های mp3 و H2O و v2 و x86_64 در ۳ پوشه</p>',
    );
    expect(persianDigitsInHtml('<p>نشانی https://example.com/2024/05 و www.a1.ir و نسخهٔ 1.2.3 و 192.168.0.1</p>')).toBe(
      '<p>نشانی https://example.com/2024/05 و www.a1.ir و نسخهٔ 1.2.3 و 192.168.0.1</p>',
    );
    expect(persianDigitsInHtml('<p>نسخهٔ React 19 را با npm 10 نصب کردم و 2 بار آزمودم.</p>')).toBe(
      '<p>نسخهٔ React 19 را با npm 10 نصب کردم و ۲ بار آزمودم.</p>',
    );
    // The Latin word is in another element of the same block; a new block starts afresh.
    expect(persianDigitsInHtml('<p>با <strong>Windows</strong> 11 کار می‌کنم</p><p>11 بار</p>')).toBe(
      '<p>با <strong>Windows</strong> 11 کار می‌کنم</p><p>۱۱ بار</p>',
    );
    expect(persianDigitsInHtml('<p>با <code>node</code> 24</p>')).toBe('<p>با <code>node</code> 24</p>');
  });

  it('leaves blocks marked left to right or in another language', () => {
    const html = fa('متن فارسی 1\n\nOnly English here, 2024 and 3 cats.');
    expect(html).toContain('متن فارسی ۱');
    expect(html).toMatch(/<p dir="ltr"[^>]*>Only English here, 2024 and 3 cats\.<\/p>/);
    expect(persianDigitsInHtml('<p lang="en">عدد 1</p><p lang="fa-IR">عدد 2</p><bdi dir="ltr">3</bdi>')).toBe(
      '<p lang="en">عدد 1</p><p lang="fa-IR">عدد ۲</p><bdi dir="ltr">3</bdi>',
    );
  });

  it('keeps character references whole and the markup byte for byte', () => {
    expect(persianDigitsInHtml('<p>کمتر از &#x3C; 5 و &#60; و &amp; 7 و &nbsp;8</p>')).toBe(
      '<p>کمتر از &#x3C; ۵ و &#60; و &amp; ۷ و &nbsp;۸</p>',
    );
    expect(persianDigitsInHtml('<!-- 1 --><p>عدد 1</p>')).toBe('<!-- 1 --><p>عدد ۱</p>');
    for (const html of ['', 'no digits', '<p>بی رقم</p>', '<br>', '<p>', '</p>2', '<<p>>3', '<p a="unterminated>4']) {
      expect(() => persianDigitsInHtml(html), html).not.toThrow();
      expect(
        persianDigitsInHtml(html).replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)),
        html,
      ).toBe(html);
    }
  });

  it('leaves an unmarked number with no letter near it as the Persian page has it', () => {
    expect(persianDigitsInHtml('<table><tr><td>12</td><td>Total 3</td></tr></table>')).toBe(
      '<table><tr><td>۱۲</td><td>Total 3</td></tr></table>',
    );
  });

  it('converts a body segment by segment and leaves widgets alone', () => {
    expect(persianDigitsInBody([{ html: '<p>عدد 1</p>' }, { widget: 0 }])).toEqual([{ html: '<p>عدد ۱</p>' }, { widget: 0 }]);
  });
});

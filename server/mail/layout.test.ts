import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../content/render';
import { directedText, escapeHtml, htmlToText, mailButton, mailDate, mailSafeHtml, renderMail } from './layout';
import { messageHeaders } from './mailer';

const SITE = 'https://s.test';
const RLM = '\u200f';
const LRM = '\u200e';

/** A page as the renderer makes it: a Persian paragraph, a sized site image (WebP srcset, lazy), code, a quote, a table. */
const page = renderMarkdown(
  'سلام ۱۲ `code` و [پیوند](/fa/about)\n\n![عکس](/media/photo.png#1600x900)\n\n```js\nconst a = 1;\nif (a < 2) x();\n```\n\n> نقل\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
  'fa',
).html;

describe('mail layout', () => {
  it('lays Persian mail out right to left: html, body and every layout cell; Vazirmatn first', () => {
    const { html } = renderMail({
      locale: 'fa',
      site: 'دفتر',
      siteUrl: SITE,
      title: 'عنوان',
      bodyHtml: '<p>متن</p>',
      text: 'متن',
    });
    expect(html).toMatch(/^<!doctype html>\n<html lang="fa" dir="rtl">/);
    expect(html).toMatch(/<body dir="rtl" style="[^"]*direction:rtl;text-align:right;/);
    const cells = [...html.matchAll(/<td [^>]*>/g)].map((match) => match[0]);
    expect(cells.length).toBeGreaterThanOrEqual(3);
    for (const cell of cells) expect(cell).toContain('dir="rtl"');
    for (const cell of cells.filter((c) => c.includes('font-family'))) {
      expect(cell).toContain('align="right"');
      expect(cell).toContain('text-align:right');
      expect(cell).toMatch(/font-family:Vazirmatn, Tahoma/);
    }
    expect(html).toContain('<title>عنوان</title>');
    expect(html).toContain('<h1 style="font-size:24px;line-height:1.4;margin:0 0 16px;">عنوان</h1>');
    expect(html).toContain(`<a href="${SITE}/fa"`);
  });

  it('lays English mail out left to right with the system fonts', () => {
    const { html } = renderMail({
      locale: 'en',
      site: 'Daftar',
      siteUrl: `${SITE}/`,
      title: 'T',
      bodyHtml: '<p>x</p>',
      text: 'x',
    });
    expect(html).toMatch(/<html lang="en" dir="ltr">/);
    expect(html).not.toContain('dir="rtl"');
    expect(html).not.toContain('Vazirmatn');
    expect(html).toContain(`<a href="${SITE}/en"`); // no double slash from a trailing one
  });

  it('escapes the title, site and footer; the footer link is the last line of the text part', () => {
    const mail = renderMail({
      locale: 'en',
      site: '<b>S</b>',
      siteUrl: SITE,
      title: 'A "title" <script>',
      bodyHtml: mailButton('Go <now>', 'https://s.test/x?a=1&b="2"'),
      text: 'Go: https://s.test/x',
      footer: { text: 'Why <you>', link: { label: 'Unsubscribe', url: 'https://s.test/u?t=1' } },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>S</b>');
    expect(mail.html).toContain('A &quot;title&quot; &lt;script&gt;');
    expect(mail.html).toContain('href="https://s.test/x?a=1&amp;b=&quot;2&quot;"');
    expect(mail.html).toContain('Why &lt;you&gt; <a href="https://s.test/u?t=1"');
    // The standard signature line, dash dash space (D18).
    expect(mail.text).toBe('A "title" <script>\n\nGo: https://s.test/x\n\n-- \n\nWhy <you>\nUnsubscribe: https://s.test/u?t=1');
  });

  it('makes images mail-safe: absolute original upload, no srcset/sizes/lazy/WebP, at most the column wide', () => {
    const html = mailSafeHtml(page, { locale: 'fa', siteUrl: SITE });
    const [img] = html.match(/<img [^>]*>/g) ?? [];
    expect(img).toBeDefined();
    expect(img).toContain(`src="${SITE}/media/photo.png"`);
    expect(img).toContain('alt="عکس"');
    expect(img).toContain('width="592"');
    expect(img).toContain('height="333"');
    expect(img).toContain('max-width:100%');
    expect(img).not.toMatch(/srcset|sizes|loading|decoding|\.webp/i);
    // A site WebP copy an author linked to is traded for its original; other images kept.
    expect(mailSafeHtml('<img src="/media/a/b.jpg.w768.webp" alt="">', { locale: 'en', siteUrl: SITE })).toContain(
      `src="${SITE}/media/a/b.jpg"`,
    );
    expect(mailSafeHtml(`<img src="${SITE}/media/b.png.w320.webp">`, { locale: 'en', siteUrl: SITE })).toContain(
      `src="${SITE}/media/b.png"`,
    );
    expect(mailSafeHtml('<img src="/media/own.webp">', { locale: 'en', siteUrl: SITE })).toContain(
      `src="${SITE}/media/own.webp"`,
    );
    expect(mailSafeHtml('<img src="https://o.test/x.png" loading="lazy">', { locale: 'en', siteUrl: SITE })).toMatch(
      /^<img src="https:\/\/o\.test\/x\.png" style="[^"]+">$/,
    );
  });

  it('keeps code blocks left to right and left-aligned in Persian mail, quotes ruled on the reading side', () => {
    const html = mailSafeHtml(page, { locale: 'fa', siteUrl: SITE });
    const [pre] = html.match(/<pre [^>]*>/g) ?? [];
    expect(pre).toContain('dir="ltr"');
    expect(pre).toContain('align="left"');
    expect(pre).toContain('direction:ltr;text-align:left');
    expect(html.replace(/<\/?span[^>]*>/g, '')).toContain('if (a &#x3C; 2) x();');
    expect(html).toMatch(/<blockquote style="[^"]*border-right:3px solid/);
    expect(html).toContain(`<a href="${SITE}/fa/about" style="color:#1d4ed8;">`);
    expect(mailSafeHtml(page, { locale: 'en', siteUrl: SITE })).toMatch(/<blockquote style="[^"]*border-left:3px solid/);
  });

  it('is idempotent and leaves an element’s own style alone', () => {
    const once = mailSafeHtml(page, { locale: 'fa', siteUrl: SITE });
    expect(mailSafeHtml(once, { locale: 'fa', siteUrl: SITE })).toBe(once);
    expect(mailSafeHtml('<a href="/x" style="color:red">x</a>', { locale: 'en', siteUrl: SITE })).toBe(
      `<a href="${SITE}/x" style="color:red">x</a>`,
    );
    // Protocol-relative and other sites' addresses are not touched; attributes with quotes survive.
    expect(mailSafeHtml(`<a href="//cdn.test/x" title='a "b"'>c</a>`, { locale: 'en', siteUrl: SITE })).toBe(
      '<a href="//cdn.test/x" title="a &quot;b&quot;" style="color:#1d4ed8;">c</a>',
    );
  });

  it('dates are Jalali with Persian digits in fa, Gregorian in en', () => {
    expect(mailDate('fa', '2026-03-29')).toBe('۹ فروردین ۱۴۰۵');
    expect(mailDate('en', '2026-03-29')).toBe('March 29, 2026');
  });

  it('writes a text part that reads right: RLM on Persian lines; code lines indented, with no invisible mark to copy (D15)', () => {
    const text = htmlToText(page);
    expect(text).toContain('    const a = 1;\n    if (a < 2) x();');
    const directed = directedText('fa', text);
    for (const line of directed.split('\n').filter(Boolean))
      expect(line).toMatch(line.startsWith('    ') ? /^ {4}\S/ : new RegExp(`^${RLM}`));
    expect(directed).toContain('\n    const a = 1;\n    if (a < 2) x();');
    expect(directed).not.toContain(LRM);
    const signed = renderMail({
      locale: 'fa',
      site: 'دفتر',
      siteUrl: SITE,
      title: 'ع',
      bodyHtml: '',
      text: 'م',
      footer: { text: 'چرا' },
    });
    expect(signed.text).toContain('\n-- \n');
    expect(directed).toContain(`${RLM}سلام ۱۲ code و پیوند [/fa/about]`);
    expect(directedText('fa', directed)).toBe(directed);
    expect(directedText('en', text)).toBe(text);
    const mail = renderMail({ locale: 'fa', site: 'دفتر', siteUrl: SITE, title: 'عنوان', bodyHtml: page, text });
    expect(mail.text.startsWith(`${RLM}عنوان\n\n`)).toBe(true);
  });

  it('turns page HTML into readable text: paragraphs, list items, links with their address, entities', () => {
    const html =
      '<h2 id="a">Shelves</h2><p>Read <a href="https://x.test/b">the book</a> &amp; more&nbsp;now &#x1F600; &#1601;</p>' +
      '<ul><li><p><strong>One</strong>: first</p></li><li><p>Two</p></li></ul><p>x<br>y</p><script>alert(1)</script>';
    expect(htmlToText(html)).toBe('Shelves\n\nRead the book [https://x.test/b] & more now 😀 ف\n- One: first\n- Two\n\nx\ny');
    expect(htmlToText('<p><a href="https://x.test">https://x.test</a></p>')).toBe('https://x.test');
  });

  it('numbers ordered lists in the text part (Persian digits in Persian), and puts a table row on one line (D15)', () => {
    const html =
      '<ol><li><p>یک</p></li><li>دو<ul><li>الف</li></ul></li><li>سه</li></ol><ol start="7"><li>seven</li></ol>' +
      '<table><thead><tr><th>Name</th><th>Age</th></tr></thead><tbody><tr><td>Sara</td><td>31</td></tr></tbody></table>';
    expect(htmlToText(html, { locale: 'fa' })).toBe('۱. یک\n۲. دو\n- الف\n۳. سه\n۷. seven\n\nName | Age\nSara | 31');
    expect(htmlToText('<ol><li>a</li><li>b</li></ol>')).toBe('1. a\n2. b');
  });

  it('numbers an ordered list the Persian way in Persian mail, and says the language (D15, D16)', () => {
    expect(mailSafeHtml('<ol><li>x</li></ol>', { locale: 'fa', siteUrl: SITE })).toContain(
      '<ol style="list-style-type:persian;">',
    );
    expect(mailSafeHtml('<ol><li>x</li></ol>', { locale: 'en', siteUrl: SITE })).toContain(
      '<ol style="list-style-type:decimal;">',
    );
    expect(messageHeaders({ to: 'a@x.test', locale: 'fa', subject: '', html: '', text: '', headers: { 'X-A': '1' } })).toEqual({
      'Content-Language': 'fa',
      'X-A': '1',
    });
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

import { describe, expect, it } from 'vitest';
import { absoluteLinks, confirmationMail, htmlToText, issueParts } from './newsletter-mail';

const links = {
  unsubscribePage: 'https://s.test/en/newsletter/unsubscribe?token=u',
  unsubscribeApi: 'https://s.test/api/newsletter/unsubscribe?token=u',
};

describe('newsletter mail', () => {
  it('turns page HTML into readable text: paragraphs, list items, links with their address, entities', () => {
    const html =
      '<h2 id="a">Shelves</h2><p>Read <a href="https://x.test/b">the book</a> &amp; more&nbsp;now &#x1F600; &#1601;</p>' +
      '<ul><li><p><strong>One</strong>: first</p></li><li><p>Two</p></li></ul><p>x<br>y</p><script>alert(1)</script>';
    expect(htmlToText(html)).toBe('Shelves\n\nRead the book [https://x.test/b] & more now 😀 ف\n- One: first\n- Two\n\nx\ny');
    expect(htmlToText('<p><a href="https://x.test">https://x.test</a></p>')).toBe('https://x.test');
  });

  it('makes site-relative links and images absolute, and leaves other addresses alone', () => {
    const html = '<a href="/fa/about">a</a><img src="/media/x.png"><a href="//cdn.test/x">c</a><a href="https://o.test/">o</a>';
    expect(absoluteLinks(html, 'https://s.test')).toBe(
      '<a href="https://s.test/fa/about">a</a><img src="https://s.test/media/x.png"><a href="//cdn.test/x">c</a><a href="https://o.test/">o</a>',
    );
  });

  it('escapes what it puts into HTML, writes Persian right to left, and carries the RFC 8058 headers', () => {
    const mail = confirmationMail({
      to: 'r@x.test',
      locale: 'fa',
      site: 'دفتر <script>alert(1)</script>',
      confirmUrl: 'https://s.test/fa/newsletter/confirm?token=a"b',
      links,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('href="https://s.test/fa/newsletter/confirm?token=a&quot;b"');
    expect(mail.html).toMatch(/<html lang="fa" dir="rtl">/);
    expect(mail.text).toContain('https://s.test/fa/newsletter/confirm?token=a"b');
    expect(mail.text).toContain(links.unsubscribePage);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${links.unsubscribeApi}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('freezes an issue as HTML with its title and a link to the page, and as text', () => {
    const parts = issueParts({
      locale: 'en',
      title: 'A <b>',
      html: '<p>Hi <a href="/en/x">x</a></p>',
      pageUrl: 'https://s.test/en/p',
      origin: 'https://s.test',
    });
    expect(parts.subject).toBe('A <b>');
    expect(parts.html).toContain('A &lt;b&gt;');
    expect(parts.html).toContain('href="https://s.test/en/x"');
    expect(parts.text).toBe('A <b>\n\nHi x [https://s.test/en/x]\n\nRead it on the site: https://s.test/en/p');
  });
});

import { describe, expect, it } from 'vitest';
import { confirmationMail, issueParts } from './newsletter-mail';

const links = {
  unsubscribePage: 'https://s.test/en/newsletter/unsubscribe?token=u',
  unsubscribeApi: 'https://s.test/api/newsletter/unsubscribe?token=u',
};

describe('newsletter mail', () => {
  it('escapes what it puts into HTML, writes Persian right to left, and carries the RFC 8058 headers', () => {
    const mail = confirmationMail({
      to: 'r@x.test',
      locale: 'fa',
      site: 'دفتر <script>alert(1)</script>',
      siteUrl: 'https://s.test',
      confirmUrl: 'https://s.test/fa/newsletter/confirm?token=a"b',
      links,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('href="https://s.test/fa/newsletter/confirm?token=a&quot;b"');
    expect(mail.html).toMatch(/<html lang="fa" dir="rtl">/);
    expect(mail.html).toContain('۴۸');
    expect(mail.text).toContain('https://s.test/fa/newsletter/confirm?token=a"b');
    expect(mail.text).toContain(links.unsubscribePage);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${links.unsubscribeApi}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('freezes an issue as HTML with its title, date and a link to the page, and as text', () => {
    const parts = issueParts({
      locale: 'en',
      title: 'A <b>',
      html: '<p>Hi <a href="/en/x">x</a></p>',
      pageUrl: 'https://s.test/en/p',
      origin: 'https://s.test',
      date: '2026-03-29',
    });
    expect(parts.subject).toBe('A <b>');
    expect(parts.html).toContain('A &lt;b&gt;');
    expect(parts.html).toContain('March 29, 2026');
    expect(parts.html).toContain('href="https://s.test/en/x"');
    expect(parts.text).toBe('A <b>\nMarch 29, 2026\n\nHi x [https://s.test/en/x]\n\nRead it on the site: https://s.test/en/p');
  });
});

import { describe, expect, it } from 'vitest';
import { checkLinkUrl } from './link-url';

describe('checkLinkUrl: what the link popover accepts', () => {
  it.each([
    ['https://example.com/a?b=1#c', 'https://example.com/a?b=1#c'],
    ['HTTPS://Example.com', 'https://Example.com'],
    ['http://localhost:3000/x', 'http://localhost:3000/x'],
    ['  https://example.com  ', 'https://example.com'],
    ['example.com', 'https://example.com'],
    ['www.example.com/path', 'https://www.example.com/path'],
    ['/fa/سلام-دنیا', '/fa/سلام-دنیا'],
    ['/en/about#team', '/en/about#team'],
    ['#part-2', '#part-2'],
    ['mailto:a@example.com', 'mailto:a@example.com'],
    ['a@example.com', 'mailto:a@example.com'],
    ['https://en.wikipedia.org/wiki/Pratchett_(author)', 'https://en.wikipedia.org/wiki/Pratchett_%28author%29'],
    ['/a b', '/a%20b'],
  ])('accepts %j as %j', (input, href) => {
    expect(checkLinkUrl(input)).toEqual({ ok: true, href });
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\u0000script:alert(1)',
    '\u200bjavascript:alert(1)',
    'jav\u202eascript:alert(1)',
    'javascript :alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DATA:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/x',
  ])('refuses %j as unsafe', (input) => {
    expect(checkLinkUrl(input)).toEqual({ ok: false, reason: 'unsafe' });
  });

  it.each([
    '/\\evil.example',
    'https://exa mple',
    'https://',
    'about',
    '&#106;avascript:alert(1)',
    'javascript%3Aalert(1)',
    '/a\u0007b',
    'mailto:not-an-address',
    '#',
  ])('refuses %j as not an address', (input) => {
    expect(checkLinkUrl(input)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('an empty field is empty, not an error of form', () => {
    expect(checkLinkUrl('   ')).toEqual({ ok: false, reason: 'empty' });
  });
});

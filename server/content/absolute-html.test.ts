import { describe, expect, it } from 'vitest';
import { absoluteAddress, absoluteHtml } from './absolute-html';

const SITE = 'https://daftar.example';

describe('absoluteAddress', () => {
  it.each([
    ['/media/2026/12/a.jpg', undefined, `${SITE}/media/2026/12/a.jpg`],
    ['/fa/درباره', undefined, `${SITE}/fa/درباره`],
    ['neighbour', '/en/logs/hello', `${SITE}/en/logs/neighbour`],
    ['../about', '/en/logs/hello', `${SITE}/en/about`],
    ['?page=2', '/en/logs', `${SITE}/en/logs?page=2`],
    ['a?x=1&amp;y=2', '/en/p', `${SITE}/en/a?x=1&amp;y=2`],
    ['x.png', undefined, `${SITE}/x.png`],
  ])('%s (page %s) → %s', (url, page, expected) => {
    expect(absoluteAddress(url, SITE, page)).toBe(expected);
  });

  it.each([
    '#top',
    'https://other.example/x',
    'HTTP://other.example/x',
    'mailto:a@b.example',
    'tel:+98',
    '//cdn.example/x.png',
    'data:image/png;base64,AAAA',
    '',
  ])('leaves %j as it is', (url) => {
    expect(absoluteAddress(url, SITE, '/en/p')).toBe(url);
  });

  it('keeps the site: hostile relative addresses never leave its origin', () => {
    for (const url of ['/\\evil.example/x', '/.//evil.example', '../../../../evil', '..%2f..%2fevil', '/%2e%2e/x']) {
      expect(new URL(absoluteAddress(url, SITE, '/en/a/b')).origin, url).toBe(SITE);
    }
  });
});

describe('absoluteHtml', () => {
  it('makes href, src, srcset, poster and cite absolute, in any quoting, and nothing else', () => {
    const html =
      '<p><a href="/fa/about">a</a> <img src="/media/a.jpg" srcset="/media/a.jpg.w320.webp 320w, /media/a.jpg.w640.webp 640w" alt="/not/this">' +
      '<video poster=\'/media/p.jpg\' src=/media/v.mp4></video><blockquote cite="/en/source">q</blockquote>' +
      '<a data-href="/keep" href="#x">x</a></p>';
    expect(absoluteHtml(html, SITE)).toBe(
      `<p><a href="${SITE}/fa/about">a</a> <img src="${SITE}/media/a.jpg" srcset="${SITE}/media/a.jpg.w320.webp 320w, ${SITE}/media/a.jpg.w640.webp 640w" alt="/not/this">` +
        `<video poster='${SITE}/media/p.jpg' src="${SITE}/media/v.mp4"></video><blockquote cite="${SITE}/en/source">q</blockquote>` +
        '<a data-href="/keep" href="#x">x</a></p>',
    );
  });

  it('never touches text, nor an address-like string inside another attribute', () => {
    const html =
      '<pre><code>&lt;img src="/media/x.png"> href="/fa"</code></pre><img alt="a src=/x href=\'/y\'" title=\' src="/z"\' src="/media/b.png">';
    expect(absoluteHtml(html, SITE)).toBe(
      `<pre><code>&lt;img src="/media/x.png"> href="/fa"</code></pre><img alt="a src=/x href='/y'" title=' src="/z"' src="${SITE}/media/b.png">`,
    );
  });

  it('changes nothing when applied twice, and keeps self-closing tags', () => {
    const html = '<img src="/media/a.png" /><a href="x">x</a><br/>';
    const once = absoluteHtml(html, `${SITE}/`, '/en/logs/p');
    expect(once).toBe(`<img src="${SITE}/media/a.png" /><a href="${SITE}/en/logs/x">x</a><br/>`);
    expect(absoluteHtml(once, SITE, '/en/logs/p')).toBe(once);
  });
});

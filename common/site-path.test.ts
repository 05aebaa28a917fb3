import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './page-access';
import { hasControlCharacter, isSameSitePath, sameSitePath } from './site-path';

const SITE = 'https://site.example';
/** React Router treats a `to` matching this as another site ("External navigation is not allowed"). */
const ROUTER_ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** Pieces of hostile paths: slashes in every spelling, dot segments, encodings, whitespace, hosts. */
const piece = fc.constantFrom(
  '/',
  '//',
  '\\',
  '/\\',
  '\\/',
  '.',
  '..',
  './',
  '../',
  '%2e',
  '%2E',
  '%2e%2e',
  '.%2e',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%09',
  '%00',
  '\t',
  '\n',
  '\r',
  '\u0000',
  '\u007f',
  ' ',
  '\u00a0',
  '\u3000',
  '\uff0f', // fullwidth solidus
  '\u2044', // fraction slash
  '\u2215', // division slash
  '\u29f8', // big solidus
  '\uff3c', // fullwidth reverse solidus
  '\u200b',
  'evil.example',
  'site.example',
  '@',
  ':',
  '?',
  '#',
  '?x=//evil.example',
  '#//evil.example',
  'https:',
  'http://',
  'javascript:',
  'a',
  'fa',
  'manage',
);
const hostilePath = fc.oneof(
  fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => parts.join('')),
  fc.array(piece, { maxLength: 8 }).map((parts) => `/${parts.join('')}`),
  fc.string({ maxLength: 12 }).map((text) => `/${text}`),
);

describe('safeReturnPath (F-02)', () => {
  it.each([
    ['/fa/manage/users', '/fa/manage/users'],
    ['/en/profile?tab=devices#x', '/en/profile?tab=devices#x'],
    ['/en/a/../profile', '/en/profile'],
    ['https://evil.example/', '/en'],
    ['//evil.example/path', '/en'],
    ['/\\evil.example', '/en'],
    ['javascript:alert(1)', '/en'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    // The report's reproductions: dot segments that used to leave `//evil.example` after the check.
    ['/.//evil.example', '/en'],
    ['/..//evil.example/x', '/en'],
    ['/a/..//evil.example', '/en'],
    ['/%2e//evil.example', '/en'],
    ['/%2E%2E//evil.example', '/en'],
    ['/\t/evil.example', '/en'],
    ['/\n/evil.example', '/en'],
    ['', '/en'],
    [null, '/en'],
  ])('%j becomes %j', (input, expected) => {
    expect(safeReturnPath(input, 'en')).toBe(expected);
  });

  it('always gives a path on this site, whatever it is given', () => {
    fc.assert(
      fc.property(hostilePath, (input) => {
        const result = safeReturnPath(input, 'en');
        expect(new URL(result, SITE).origin).toBe(SITE);
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        expect(result.startsWith('/\\')).toBe(false);
        // The browser's navigation after the login form can follow it (React Router would refuse an absolute URL).
        expect(result).not.toMatch(ROUTER_ABSOLUTE);
        expect(result.includes('\\') || hasControlCharacter(result)).toBe(false);
        // Already normal: checking it again changes nothing.
        expect(safeReturnPath(result, 'fa')).toBe(result);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('isSameSitePath (F-10: thumbnails)', () => {
  it.each([
    ['/images/a.webp', true],
    ['/images/گربه.webp', true],
    ['/images/a b.webp?x=1#y', true],
    ['/\\evil.invalid/a.png', false],
    ['/\\/evil.invalid/a.png', false],
    ['//evil.invalid/a.png', false],
    ['/.//evil.invalid/a.png', false],
    ['/%2e//evil.invalid/a.png', false],
    ['/\t/evil.invalid/a.png', false],
    ['images/a.webp', false],
    ['https://cdn.example/a.webp', false],
    ['javascript:alert(1)', false],
  ])('%j → %j', (input, expected) => {
    expect(isSameSitePath(input)).toBe(expected);
  });

  it('accepts only what a browser resolves on this site, as written and joined to the origin', () => {
    fc.assert(
      fc.property(hostilePath, (input) => {
        if (!isSameSitePath(input)) return;
        // A thumbnail keeps the text the author wrote: `<img src>` resolves it, og:image joins it to the origin.
        expect(new URL(input, SITE).origin).toBe(SITE);
        expect(new URL(`${SITE}${input}`).origin).toBe(SITE);
        expect(sameSitePath(input)).toBe(sameSitePath(sameSitePath(input)!));
      }),
      { numRuns: 3000 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { parseRedirectSource, parseRedirectTarget, redirectSchema } from './redirects';

const value = (result: { ok: boolean; value?: string; message?: string }) => (result.ok ? result.value : `! ${result.message}`);

describe('a redirect’s source', () => {
  it.each([
    ['/old-page/', '/old-page'],
    ['  /2018/10/02/hello-world/  ', '/2018/10/02/hello-world'],
    ['/EN/Old', '/en/Old'],
    ['/fa/%D8%B3%D9%84%D8%A7%D9%85', '/fa/سلام'],
    ['/fa/سلام', '/fa/سلام'],
    ['/?p=12', '/?p=12'],
    ['/?page_id=3&utm=x', '/?page_id=3'],
    ['/a/./b/../c', '/a/c'],
  ])('%s is matched as %s', (input, key) => expect(value(parseRedirectSource(input))).toBe(key));

  it.each([
    ['', 'validation.required'],
    ['old', 'validation.redirectFromPath'],
    ['https://elsewhere.example/old', 'validation.redirectFromPath'],
    ['//elsewhere.example/old', 'validation.redirectFromPath'],
    ['/.//elsewhere.example', 'validation.redirectFromPath'],
    ['/\\elsewhere.example', 'validation.redirectFromPath'],
    ['/a\u0000b', 'validation.redirectFromPath'],
    ['/%zz', 'validation.redirectFromPath'],
    ['/a#b', 'validation.redirectFragment'],
    ['/a?b=1', 'validation.redirectFromQuery'],
    ['/?utm=1', 'validation.redirectFromQuery'],
    ['/', 'validation.redirectFromSiteRoute?path=%2F'],
    ['/en/login', 'validation.redirectFromSiteRoute?path=%2Fen%2Flogin'],
    ['/en/LOGIN/', 'validation.redirectFromSiteRoute?path=%2Fen%2FLOGIN'],
    ['/fa/manage/../manage', 'validation.redirectFromSiteRoute?path=%2Ffa%2Fmanage'],
    ['/api/x', 'validation.redirectFromSiteRoute?path=%2Fapi%2Fx'],
    [`/${'x'.repeat(1000)}`, 'validation.tooLong?max=1000'],
  ])('%j is refused: %s', (input, message) => expect(value(parseRedirectSource(input))).toBe(`! ${message}`));
});

describe('a redirect’s target', () => {
  it.each([
    ['/en/new/', '/en/new'],
    ['/FA', '/fa'],
    ['/fa/%D8%B3%D9%84%D8%A7%D9%85', '/fa/سلام'],
    ['/media/a b.jpg', '/media/a b.jpg'],
    ['https://example.com/a?b=1#c', 'https://example.com/a?b=1#c'],
    ['HTTP://Example.COM', 'http://example.com/'],
  ])('%s is kept as %s', (input, to) => expect(value(parseRedirectTarget(input))).toBe(to));

  it.each([
    ['', 'validation.required'],
    ['javascript:alert(1)', 'validation.redirectToAddress'],
    ['data:text/html,x', 'validation.redirectToAddress'],
    ['ftp://example.com/', 'validation.redirectToAddress'],
    ['//example.com/', 'validation.redirectToAddress'],
    ['en/x', 'validation.redirectToAddress'],
    ['/en/x\ny', 'validation.redirectToAddress'],
    ['https://a:b@example.com/', 'validation.redirectToCredentials'],
    ['/en/x?y=1', 'validation.redirectToQuery'],
    ['/en/x#y', 'validation.redirectToQuery'],
    ['/en/login', 'validation.redirectToSiteRoute?path=%2Fen%2Flogin'],
    ['/old', 'validation.redirectToSiteRoute?path=%2Fold'],
  ])('%j is refused: %s', (input, message) => expect(value(parseRedirectTarget(input))).toBe(`! ${message}`));
});

describe('redirectSchema', () => {
  it('gives the stored forms, 301 by default', () => {
    expect(redirectSchema.parse({ from: '/Old/', to: '/en/new/' })).toEqual({ from: '/Old', to: '/en/new', status: 301 });
    expect(redirectSchema.parse({ from: '/a', to: '/en/b', status: '302' }).status).toBe(302);
  });
  it('refuses a redirect to itself, a bad status and what is not text', () => {
    const issues = (input: unknown) =>
      redirectSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ from: '/en/a/', to: '/en/a' })).toEqual([['to', 'validation.redirectToItself']]);
    expect(issues({ from: '/a', to: '/en/a', status: 307 })).toEqual([['status', 'validation.redirectStatus']]);
    expect(issues({ from: ['/a'], to: { x: 1 } })?.map(([path]) => path)).toEqual(['from', 'to']);
  });
});

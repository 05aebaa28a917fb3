import { describe, expect, it } from 'vitest';
import { headCodeInputSchema, headCodeOrigins, isValidHeadCode, parseHeadCode } from './head-code';
import { translateMessage } from './messages';

const refusal = (source: string) => {
  const result = parseHeadCode(source);
  if (result.ok) throw new Error(`accepted: ${source}`);
  return result.message.split('?')[0];
};

describe('parseHeadCode', () => {
  it('reads what search consoles and analytics services ask to paste', () => {
    const result = parseHeadCode(`
      <!-- Search Console -->
      <meta name="google-site-verification" content="abc_DEF-123" />
      <meta name='msvalidate.01' content='0123ABCD'>
      <meta name=yandex-verification content=42abc>
      <meta property="fb:app_id" content="12345">
      <link rel="me" href="https://mastodon.example/@owner">
      <script defer data-domain="example.org" src="https://plausible.io/js/script.js"></script>
      <script async src="https://cloud.umami.is/script.js" data-website-id="94db1cb1-74f4-4a40-ad6c-962362670409"></script>
    `);
    expect(result).toEqual({
      ok: true,
      tags: [
        { kind: 'meta', attribute: 'name', name: 'google-site-verification', content: 'abc_DEF-123' },
        { kind: 'meta', attribute: 'name', name: 'msvalidate.01', content: '0123ABCD' },
        { kind: 'meta', attribute: 'name', name: 'yandex-verification', content: '42abc' },
        { kind: 'meta', attribute: 'property', name: 'fb:app_id', content: '12345' },
        { kind: 'link', rel: 'me', href: 'https://mastodon.example/@owner' },
        {
          kind: 'script',
          src: 'https://plausible.io/js/script.js',
          async: false,
          defer: true,
          data: { 'data-domain': 'example.org' },
        },
        {
          kind: 'script',
          src: 'https://cloud.umami.is/script.js',
          async: true,
          defer: false,
          data: { 'data-website-id': '94db1cb1-74f4-4a40-ad6c-962362670409' },
        },
      ],
    });
    if (!result.ok) return;
    expect(headCodeOrigins(result.tags)).toEqual(['https://plausible.io', 'https://cloud.umami.is']);
    expect(parseHeadCode('  \n ')).toEqual({ ok: true, tags: [] });
    expect(headCodeOrigins([])).toEqual([]);
  });

  it('keeps a port in the origin, and two scripts of one origin name it once', () => {
    const result = parseHeadCode(
      '<script src="https://stats.example.org:8443/a.js"></script><script src="https://stats.example.org:8443/b.js" async=""></script>',
    );
    expect(result.ok && headCodeOrigins(result.tags)).toEqual(['https://stats.example.org:8443']);
  });

  it('refuses inline script, in every spelling', () => {
    expect(refusal('<script>alert(1)</script>')).toBe('validation.headCodeInlineScript');
    expect(refusal('<script src="https://a.example/x.js">alert(1)</script>')).toBe('validation.headCodeInlineScript');
    expect(refusal('<script src="https://a.example/x.js">')).toBe('validation.headCodeInlineScript');
    expect(refusal('<SCRIPT>alert(1)</SCRIPT>')).toBe('validation.headCodeInlineScript');
    expect(refusal('<script src="https://a.example/x.js"></script>alert(1)')).toBe('validation.headCodeMarkup');
  });

  it('refuses javascript:, data: and http addresses', () => {
    for (const src of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/javascript,alert(1)',
      'http://plausible.io/js/script.js',
      '//plausible.io/x.js',
      '/local.js',
    ])
      expect(refusal(`<script src="${src}"></script>`)).toBe('validation.headCodeHttps');
    expect(refusal('<link rel="me" href="http://mastodon.example/@me">')).toBe('validation.headCodeHttps');
  });

  it('refuses markup other than meta, link and script', () => {
    for (const markup of [
      '<iframe src="https://a.example"></iframe>',
      '<style>body{}</style>',
      '<base href="https://evil.example/">',
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)>',
      'plain words',
      '<meta name="a" content="b"',
      '<meta name="a" content="b"> </meta>',
    ])
      expect(refusal(markup)).toBe('validation.headCodeMarkup');
    expect(refusal('<meta http-equiv="refresh" content="0;url=https://evil.example">')).toBe('validation.headCodeAttribute');
    expect(refusal('<meta http-equiv="Content-Security-Policy" content="script-src *">')).toBe('validation.headCodeAttribute');
    expect(refusal('<meta charset="utf-8">')).toBe('validation.headCodeAttribute');
    expect(refusal('<link rel="stylesheet" href="https://a.example/x.css">')).toBe('validation.headCodeLinkRel');
    expect(refusal('<link rel="preload" as="script" href="https://a.example/x.js">')).toBe('validation.headCodeAttribute');
  });

  it('refuses event handlers and unknown attributes', () => {
    expect(refusal('<script src="https://a.example/x.js" onload="alert(1)"></script>')).toBe('validation.headCodeEventHandler');
    expect(refusal('<meta name="x" content="y" onclick="alert(1)">')).toBe('validation.headCodeEventHandler');
    expect(refusal('<link rel="me" href="https://a.example" ONERROR=alert(1)>')).toBe('validation.headCodeEventHandler');
    expect(refusal('<script src="https://a.example/x.js" type="text/plain"></script>')).toBe('validation.headCodeAttribute');
    expect(refusal('<script src="https://a.example/x.js" integrity="sha256-x" src="https://b.example/y.js"></script>')).toBe(
      'validation.headCodeAttribute',
    );
    expect(refusal('<script src="https://a.example/x.js" async="false"></script>')).toBe('validation.headCodeAttribute');
  });

  it('keeps </script> and angle brackets out of attribute values, and quotes stay values', () => {
    expect(refusal('<script src="https://a.example/x.js" data-x="</script><script>alert(1)</script>"></script>')).toBe(
      'validation.headCodeAngle',
    );
    expect(refusal('<meta name="x" content="&lt;/script&gt;">')).toBe('validation.headCodeAngle');
    // A quote inside the other kind of quote is part of the value, rendered escaped by React.
    const quoted = parseHeadCode(
      `<meta name="x" content='say "hi"'><meta name="y" content="it&#39;s &quot;ok&quot; &amp; fine">`,
    );
    expect(quoted.ok && quoted.tags).toEqual([
      { kind: 'meta', attribute: 'name', name: 'x', content: 'say "hi"' },
      { kind: 'meta', attribute: 'name', name: 'y', content: `it's "ok" & fine` },
    ]);
    // An unbalanced quote never lets the rest of the text become attributes.
    expect(refusal(`<meta name="x content='y'>`)).toBe('validation.headCodeMarkup');
  });

  it('refuses unicode tricks: hidden characters, look-alike hosts, bidi overrides', () => {
    expect(refusal('<script src="https://plausible.io\u200b.evil.example/x.js"></script>')).toBe('validation.headCodeInvisible');
    expect(refusal('<script src="https://pl\u0430usible.io/x.js"></script>')).toBe('validation.headCodeAscii');
    expect(refusal('<meta name="x" content="abc\u202edef">')).toBe('validation.headCodeInvisible');
    expect(refusal('<meta name="x" content="a\u0000b">')).toBe('validation.headCodeInvisible');
    expect(refusal('<meta name="گوگل" content="x">')).toBe('validation.headCodeMetaName');
    // A Persian word's zero-width non-joiner is fine in a meta value.
    expect(parseHeadCode('<meta name="x" content="می‌خواهم">').ok).toBe(true);
  });

  it('refuses an origin with credentials, and any origin that could change the policy (; , spaces, quotes)', () => {
    expect(refusal('<script src="https://user:pass@a.example/x.js"></script>')).toBe('validation.headCodeCredentials');
    expect(refusal('<script src="https://user@a.example/x.js"></script>')).toBe('validation.headCodeCredentials');
    for (const src of [
      'https://a.example;script-src/x.js',
      'https://a.example;/x.js',
      "https://a.example'unsafe-inline'/x.js",
      'https://a.example,b.example/x.js',
      'https://1.2.3.4/x.js',
      'https://[::1]/x.js',
      'https://localhost/x.js',
      'https://a.example*/x.js',
    ])
      expect(refusal(`<script src="${src}"></script>`), src).toBe('validation.headCodeHost');
    expect(refusal('<script src="https://a.example /x.js"></script>')).toBe('validation.headCodeAscii');
    expect(refusal('<script src="https://a.example%20script-src%20*/x.js"></script>')).toBe('validation.headCodeHttps');
    // A path and a query are the script's address; only the origin reaches the policy.
    const result = parseHeadCode('<script src="https://www.googletagmanager.com/gtag/js?id=G-1;x"></script>');
    expect(result.ok && headCodeOrigins(result.tags)).toEqual(['https://www.googletagmanager.com']);
  });

  it('refuses meta tags the site writes itself, and half-made ones', () => {
    for (const name of ['viewport', 'robots', 'Description', 'referrer', 'og:title', 'twitter:card'])
      expect(refusal(`<meta name="${name}" content="x">`)).toBe('validation.headCodeMetaReserved');
    expect(refusal('<meta name="x">')).toBe('validation.headCodeMeta');
    expect(refusal('<meta content="x">')).toBe('validation.headCodeMeta');
    expect(refusal('<meta name="x" property="y" content="z">')).toBe('validation.headCodeMeta');
  });

  it('refuses over-long input and too many tags or scripts', () => {
    expect(refusal(`<meta name="x" content="${'a'.repeat(5000)}">`)).toBe('validation.tooLong');
    expect(refusal(`<meta name="x" content="${'a'.repeat(501)}">`)).toBe('validation.tooLong');
    expect(refusal(Array.from({ length: 21 }, (_, i) => `<meta name="n${i}" content="x">`).join(''))).toBe('validation.tooMany');
    expect(refusal(Array.from({ length: 6 }, (_, i) => `<script src="https://a.example/${i}.js"></script>`).join(''))).toBe(
      'validation.headCodeScripts',
    );
  });

  it('says each refusal in both languages', () => {
    const result = parseHeadCode('<script src="http://a.example/x.js"></script>');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(translateMessage('en', result.message)).toBe(
      'Only https addresses are accepted (not http:, javascript: or data:): http://a.example/x.js',
    );
    expect(translateMessage('fa', result.message)).toContain('تنها نشانی‌های');
    expect(translateMessage('fa', result.message)).toContain('http://a.example/x.js');
  });
});

describe('stored head code', () => {
  it('is trusted only when its text parses into exactly its tags', () => {
    const parsed = headCodeInputSchema.parse({ source: '<meta name="a" content="b">' }).source;
    expect(isValidHeadCode(parsed)).toBe(true);
    expect(
      isValidHeadCode({
        ...parsed,
        tags: [{ kind: 'script', src: 'https://evil.example/x.js', async: false, defer: false, data: {} }],
      }),
    ).toBe(false);
    expect(isValidHeadCode({ source: '<script>alert(1)</script>', tags: [] })).toBe(false);
    expect(isValidHeadCode(null)).toBe(false);
    expect(isValidHeadCode('<meta name="a" content="b">')).toBe(false);
  });
});

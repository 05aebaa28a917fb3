import fc from 'fast-check';
import { type DefaultTreeAdapterTypes, parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { hostileHtmlFragments, hostileMarkdown } from '../../tests/support/hostile-markdown';
import { commentSanitizeSchema, renderCommentMarkdown } from './comment-render';
import { pageSanitizeSchema } from './render';

type P5Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.DocumentFragment;
type P5Element = DefaultTreeAdapterTypes.Element;

function elementsOf(node: P5Node): P5Element[] {
  const own = 'tagName' in node ? [node] : [];
  const children = 'childNodes' in node ? node.childNodes : [];
  const template = 'content' in node ? [node.content] : [];
  return [...own, ...[...children, ...template].flatMap((child) => elementsOf(child as P5Node))];
}

const COMMENT_TAGS = ['p', 'br', 'em', 'strong', 'a', 'code'];
/** Attributes a comment element may carry: the link target, and what the renderer itself adds. */
const COMMENT_ATTRIBUTES: Record<string, string[]> = { a: ['href', 'rel'], code: ['dir'] };

/** Reads the HTML as a browser would and fails on anything a comment must never hold. */
function expectCommentSafe(html: string, source: string) {
  const elements = elementsOf(parseFragment(html));
  for (const el of elements) {
    expect(COMMENT_TAGS, `${el.tagName} from ${JSON.stringify(source)}`).toContain(el.tagName);
    // Nothing the page renderer would refuse either.
    expect(pageSanitizeSchema.tagNames, el.tagName).toContain(el.tagName);
    for (const attr of el.attrs) {
      expect(COMMENT_ATTRIBUTES[el.tagName] ?? [], `${el.tagName}[${attr.name}] from ${JSON.stringify(source)}`).toContain(
        attr.name,
      );
      expect(attr.value, source).not.toMatch(/^\s*(javascript|vbscript|data):/i);
    }
    if (el.tagName === 'a') {
      expect(el.attrs.find((a) => a.name === 'rel')?.value).toBe('nofollow ugc');
      const href = el.attrs.find((a) => a.name === 'href')?.value;
      // Only absolute http(s) and mailto addresses: nothing relative, which `//host` would be.
      expect(href, source).toMatch(/^(https?|mailto):/i);
    }
  }
  expect(html).not.toMatch(/<(img|h[1-6]|script|style|iframe|form|svg|math|object|embed|meta|input|div|table)\b/i);
}

describe('renderCommentMarkdown: Markdown-lite', () => {
  it('makes paragraphs, line breaks, emphasis, links (bare URLs too) and inline code', () => {
    const html = renderCommentMarkdown(
      'Hello *you* and **bold**, `a<b>` and [a link](https://example.com/x).\nNext line  \nhard break\n\nSee https://daftar.example/fa/about',
    );
    expect(html).toBe(
      '<p>Hello <em>you</em> and <strong>bold</strong>, <code dir="auto">a&#x3C;b></code> and <a href="https://example.com/x" rel="nofollow ugc">a link</a>.\nNext line<br>\nhard break</p>\n' +
        '<p>See <a href="https://daftar.example/fa/about" rel="nofollow ugc">https://daftar.example/fa/about</a></p>',
    );
  });

  it('keeps headings, lists, quotes, code blocks, rules and raw HTML as the text typed', () => {
    const source = '# Title\n\n## Sub\n\n- item\n1. one\n\n> quote\n\n```\ncode\n```\n\n---\n\n<b>bold?</b>\n\n    indented';
    const html = renderCommentMarkdown(source);
    expect(html).not.toMatch(/<(h\d|ul|ol|li|blockquote|pre|hr|b)\b/);
    for (const text of ['# Title', '## Sub', '- item', '1. one', '&#x3C;b>bold?&#x3C;/b>', 'indented'])
      expect(html).toContain(text);
  });

  it('never makes an image: its text and address stay readable as a link', () => {
    const html = renderCommentMarkdown('![a cat](https://example.com/cat.png)');
    expect(html).toBe('<p>!<a href="https://example.com/cat.png" rel="nofollow ugc">a cat</a></p>');
  });

  it('keeps Persian text and mixed direction as typed', () => {
    expect(renderCommentMarkdown('سلام *دوست* من `npm test`')).toBe(
      '<p>سلام <em>دوست</em> من <code dir="auto">npm test</code></p>',
    );
  });

  it('allows only the comment profile of the pages’ schema', () => {
    expect(commentSanitizeSchema.tagNames).toEqual(COMMENT_TAGS);
    for (const tag of commentSanitizeSchema.tagNames) expect(pageSanitizeSchema.tagNames).toContain(tag);
  });
});

describe('renderCommentMarkdown: link addresses (F-26)', () => {
  /** The href of every link a browser would see in the rendered comment. */
  function hrefsOf(source: string): (string | undefined)[] {
    return elementsOf(parseFragment(renderCommentMarkdown(source)))
      .filter((el) => el.tagName === 'a')
      .map((el) => el.attrs.find((a) => a.name === 'href')?.value);
  }

  it.each([
    ['protocol-relative', '[x](//evil.example/x)'],
    ['backslash after a slash', '[x](/\\evil.example)'],
    ['backslashes only', '[x](\\\\evil.example)'],
    ['a relative path', '[x](/fa/about)'],
    ['a path without a slash', '[x](about)'],
    ['a fragment', '[x](#top)'],
    ['a query', '[x](?a=1)'],
    ['a tab inside the scheme', '[x](<java\tscript:alert(1)>)'],
    ['a new line inside the scheme', '[x](<java\nscript:alert(1)>)'],
    ['an entity-encoded javascript:', '[x](&#106;avascript:alert(1))'],
    ['an entity-encoded colon', '[x](javascript&#58;alert(1))'],
    ['an uppercase JAVASCRIPT:', '[x](JAVASCRIPT:alert(1))'],
    ['data:', '[x](data:text/html,<b>x</b>)'],
    ['an autolink to //host', '<//evil.example>'],
    // The sanitiser compares schemes as written; an uppercase one is not on its list either.
    ['an uppercase HTTPS:', '[x](HTTPS://EXAMPLE.COM/)'],
  ])('keeps only the text of a link with %s', (_name, source) => {
    expect(hrefsOf(source), source).toEqual([]);
    expect(renderCommentMarkdown(source)).toContain('x');
  });

  it('keeps a link text’s emphasis when the link goes', () => {
    expect(renderCommentMarkdown('[*x*](//evil.example)')).toBe('<p><em>x</em></p>');
  });

  it.each([
    ['https', '[x](https://example.com/a)', 'https://example.com/a'],
    ['http', '[x](http://example.com)', 'http://example.com'],
    ['mailto', '[x](mailto:a@example.com)', 'mailto:a@example.com'],
    ['a bare URL', 'see https://example.com/b', 'https://example.com/b'],
  ])('keeps an absolute %s link', (_name, source, href) => {
    expect(hrefsOf(source)).toEqual([href]);
  });
});

describe('renderCommentMarkdown: the hostile-Markdown fixtures', () => {
  it.each(hostileMarkdown)('neutralises %s', (source) => {
    expectCommentSafe(renderCommentMarkdown(source), source);
  });

  it('neutralises them all in one comment', () => {
    const source = hostileMarkdown.join('\n\n');
    expectCommentSafe(renderCommentMarkdown(source), source);
  });

  it('neutralises hostile HTML in every Markdown-lite context (property)', () => {
    const inner = fc.array(
      fc.oneof(fc.constantFrom(...hostileHtmlFragments), fc.constantFrom('a', ' ', '"', "'", '>', '<', ')', ']', '\n')),
      {
        minLength: 1,
        maxLength: 6,
      },
    );
    const block = inner
      .map((parts) => parts.join(''))
      .chain((text) =>
        fc.constantFrom(
          text,
          `*${text}*`,
          `[${text}](https://example.com "${text}")`,
          `[x](${text.replace(/\s/g, '')})`,
          `\`${text.replace(/`/g, '')}\``,
          `![${text}](/x.png)`,
          `<${text}>`,
          `# ${text}`,
        ),
      );
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 5 }), (blocks) => {
        const source = blocks.join('\n\n');
        expectCommentSafe(renderCommentMarkdown(source), source);
      }),
      { numRuns: 300 },
    );
  });
});

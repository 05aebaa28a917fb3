import fc from 'fast-check';
import { type DefaultTreeAdapterTypes, parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { type BodySegment, nestToc } from '../../common/content';
import type { Locale } from '../../common/locales';
import { hostileHtmlFragments, hostileMarkdown } from '../../tests/support/hostile-markdown';
import { ContentError, parseDocument } from './front-matter';
import { renderMarkdown } from './render';
import { sampleContent } from './samples.generated';

type P5Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.DocumentFragment;
type P5Element = DefaultTreeAdapterTypes.Element;

/** Elements the sanitiser must never let through (beyond `on*` attributes). */
const FORBIDDEN_TAGS = ['script', 'style', 'form', 'meta', 'iframe', 'object', 'embed', 'base', 'link', 'frame', 'frameset'];

function elementsOf(node: P5Node): P5Element[] {
  const own = 'tagName' in node ? [node] : [];
  const children = 'childNodes' in node ? node.childNodes : [];
  const template = 'content' in node ? [node.content] : [];
  return [...own, ...[...children, ...template].flatMap((child) => elementsOf(child as P5Node))];
}

/**
 * Reads the body as a browser does: on the server each HTML segment is the content of its own
 * `<div class="contents">` and each widget a React `<section>`; on client navigation each segment
 * is set as `innerHTML` of its div. Returns what is dangerous in either, and whether the page keeps
 * one wrapper per segment (a segment that broke out of its wrapper would change that count).
 */
function inspect(body: BodySegment[]) {
  const ssr = body
    .map((segment) => ('html' in segment ? `<div class="contents">${segment.html}</div>` : '<section></section>'))
    .join('');
  const page = parseFragment(ssr);
  const fragments = [page, ...body.flatMap((segment) => ('html' in segment ? [parseFragment(segment.html)] : []))];
  const elements = fragments.flatMap((fragment) => elementsOf(fragment));
  return {
    handlers: elements.flatMap((el) =>
      el.attrs.filter((attr) => /^on/i.test(attr.name)).map((attr) => `${el.tagName}[${attr.name}]`),
    ),
    forbidden: elements.filter((el) => FORBIDDEN_TAGS.includes(el.tagName)).map((el) => el.tagName),
    scriptUrls: elements.flatMap((el) =>
      el.attrs.filter((attr) => /^\s*(javascript|vbscript|data):/i.test(attr.value)).map((attr) => `${el.tagName}[${attr.name}]`),
    ),
    wrappers: page.childNodes.map((node) => ('tagName' in node ? node.tagName : node.nodeName)),
    expectedWrappers: body.map((segment) => ('html' in segment ? 'div' : 'section')),
    images: elementsOf(page)
      .filter((el) => el.tagName === 'img')
      .map((el) => Object.fromEntries(el.attrs.map((a) => [a.name, a.value]))),
  };
}

function expectSafe(body: BodySegment[]) {
  const seen = inspect(body);
  expect(seen.handlers).toEqual([]);
  expect(seen.forbidden).toEqual([]);
  expect(seen.scriptUrls).toEqual([]);
  expect(seen.wrappers).toEqual(seen.expectedWrappers);
  return seen;
}

const widgetCount = (body: BodySegment[]) => body.filter((segment) => 'widget' in segment).length;
const htmlOf = (body: BodySegment[]) => body.map((segment) => ('html' in segment ? segment.html : '')).join('');

describe('renderMarkdown: structure', () => {
  it('gives headings stable ids, Persian ones included, and collects h2–h4 for the TOC', () => {
    const { html, toc } = renderMarkdown(
      [
        '## Getting started',
        '### Install it',
        '## چرا به دو زبان؟',
        '### پیش از کلمه‌ها',
        '#### جزئیات',
        '## Getting started',
      ].join('\n\n'),
      'fa',
    );
    expect(toc).toEqual([
      { depth: 2, id: 'getting-started', text: 'Getting started' },
      { depth: 3, id: 'install-it', text: 'Install it' },
      { depth: 2, id: 'چرا-به-دو-زبان', text: 'چرا به دو زبان؟' },
      // The half-space (ZWNJ) inside a Persian word becomes a hyphen instead of gluing letters together.
      { depth: 3, id: 'پیش-از-کلمه-ها', text: 'پیش از کلمه‌ها' },
      { depth: 4, id: 'جزئیات', text: 'جزئیات' },
      { depth: 2, id: 'getting-started-1', text: 'Getting started' },
    ]);
    expect(html).toContain('<h2 id="چرا-به-دو-زبان">چرا به دو زبان؟</h2>');
  });

  it('nests the TOC by depth', () => {
    const nested = nestToc([
      { depth: 2, id: 'a', text: 'A' },
      { depth: 3, id: 'a1', text: 'A1' },
      { depth: 4, id: 'a1x', text: 'A1x' },
      { depth: 3, id: 'a2', text: 'A2' },
      { depth: 2, id: 'b', text: 'B' },
    ]);
    expect(nested.map((n) => [n.id, n.children.map((c) => [c.id, c.children.map((d) => d.id)])])).toEqual([
      [
        'a',
        [
          ['a1', ['a1x']],
          ['a2', []],
        ],
      ],
      ['b', []],
    ]);
  });

  it('renders GFM tables (scrollable), task lists, strikethrough and autolinks', () => {
    const { html } = renderMarkdown('| a | b |\n|:--|--:|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~ www.example.com');
    expect(html).toMatch(/<div class="table-wrap"><table>/);
    expect(html).toContain('<td align="right">2</td>');
    expect(html).toContain('<input type="checkbox" checked disabled>');
    expect(html).toContain('<del>old</del>');
    expect(html).toContain('<a href="http://www.example.com" rel="noopener noreferrer nofollow" dir="ltr">www.example.com</a>');
  });

  it('keeps code left-to-right inside right-to-left text', () => {
    const { html } = renderMarkdown('پرونده‌ی `content/fa/index.md` را باز کنید.\n\n```yaml\ntitle: "x"\n```');
    expect(html).toContain('<code dir="auto">content/fa/index.md</code>');
    expect(html).toMatch(/<pre dir="ltr"[^>]*><code class="language-yaml">/);
    expect(/<code class="language-yaml">([\s\S]*?)<\/code>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '')).toBe('title: "x"\n');
  });

  it('lazy-loads images and takes their size from a #WxH suffix', () => {
    const { html } = renderMarkdown('![A cat](/images/cat.webp#800x600) ![plain](https://example.com/p.png)');
    expect(html).toContain('<img src="/images/cat.webp" alt="A cat" width="800" height="600" loading="lazy" decoding="async">');
    expect(html).toContain('<img src="https://example.com/p.png" alt="plain" loading="lazy" decoding="async">');
  });

  it('links footnotes to their notes with a localised label', () => {
    const { html, toc } = renderMarkdown('Text[^1]\n\n[^1]: The note.', 'fa');
    const ref = /<a href="#([^"]+)" id="([^"]+)" data-footnote-ref/.exec(html);
    expect(ref).not.toBeNull();
    expect(html).toContain(`<li id="${ref![1]}">`);
    expect(html).toContain(`href="#${ref![2]}"`);
    expect(html).toContain('پانوشت‌ها');
    expect(toc).toEqual([]);
  });

  it('cuts the body into HTML and widget segments at known directives and leaves other colons as typed', () => {
    const { body, html, widgets } = renderMarkdown(
      '::intro\n\n::latest-logs{cat=tuts limit=3}\n\nratio 16:9, see:this, :bad[x]\n\n::unknown{a=1}',
    );
    expect(widgets).toEqual([
      { kind: 'intro', props: {} },
      { kind: 'latest-logs', props: { cat: 'tuts', limit: '3' } },
    ]);
    expect(body).toEqual([
      { widget: 0 },
      { widget: 1 },
      { html: '\n<p>ratio 16:9, see:this, :bad[x]</p>\n<p>::unknown{a=1}</p>' },
    ]);
    // The feed's HTML is the segments without the widgets.
    expect(html).toBe(htmlOf(body));
  });

  it('keeps HTML around a widget whole on each side, footnotes included', () => {
    const { body, widgets } = renderMarkdown(
      '# Title\n\nText[^1]\n\n::latest-logs{limit=2}\n\n| a |\n|---|\n| 1 |\n\n[^1]: The note.',
    );
    expect(widgets).toEqual([{ kind: 'latest-logs', props: { limit: '2' } }]);
    expect(body.map((segment) => ('html' in segment ? 'html' : 'widget'))).toEqual(['html', 'widget', 'html']);
    expect(body[0]).toEqual({ html: expect.stringMatching(/^<h1 id="title">Title<\/h1>\n<p>Text<sup>.*<\/sup><\/p>\n$/s) });
    expect(body[2]).toEqual({
      html: expect.stringMatching(
        /^\n<div class="table-wrap"><table>.*<section data-footnotes="" class="footnotes">.*<\/section>$/s,
      ),
    });
    expectSafe(body);
  });

  it('places widgets only at the top level: nested in a quote, a list, a container or raw HTML they stay text', () => {
    for (const source of [
      '> ::intro',
      '- ::intro',
      ':::note\n::intro\n:::',
      '<div>\n\n::intro\n\n</div>',
      '<table>\n\n::intro\n\n</table>',
    ]) {
      const { body, widgets } = renderMarkdown(source);
      expect(widgets, source).toEqual([]);
      expect(widgetCount(body), source).toBe(0);
      expect(htmlOf(body), source).toContain('::intro');
    }
  });

  it('keeps every colon word as typed: no text directives, in prose, links, headings and image alt text', () => {
    const { body } = renderMarkdown(
      '![a display:none b](/x.png) ![x :intro{a=1} y](/y.png)\n\n[see:this](/s) and :abbr[HTML]{title="x"}\n\n## At 10:30 :latest-logs',
    );
    const seen = expectSafe(body);
    expect(seen.images.map((img) => img.alt)).toEqual(['a display:none b', 'x :intro{a=1} y']);
    const html = htmlOf(body);
    expect(html).toContain('<a href="/s">see:this</a> and :abbr[HTML]{title="x"}');
    expect(html).toContain('>At 10:30 :latest-logs</h2>');
    expect(widgetCount(body)).toBe(0);
  });

  it('counts words in either script', () => {
    expect(renderMarkdown('سلام دنیا، این یک آزمون است.\n\nHello world').words).toBe(8);
  });
});

describe('renderMarkdown: hostile input is neutralised', () => {
  const hostile = hostileMarkdown.join('\n\n');
  const { body, html, widgets } = renderMarkdown(hostile);

  it.each([
    ['<script', /<script/i],
    ['event handlers', /\son\w+=/i],
    ['javascript: URLs', /javascript:/i],
    ['data: URLs', /data:text/i],
    ['iframes', /<iframe/i],
    ['style attributes and elements', /style/i],
    ['object and embed', /<(object|embed)/i],
    ['forms', /<form/i],
    ['inputs other than disabled task-list checkboxes', /<input(?![^>]* disabled type="checkbox")/i],
    ['the text of style elements', /display:none/],
    ['meta refresh', /<meta/i],
  ])('removes %s', (_name, pattern) => {
    expect(html).not.toMatch(pattern);
  });

  it('prefixes author ids and cannot forge widgets', () => {
    expect(html).toContain('id="user-content-main"');
    expect(html).not.toContain('id="main"');
    expect(widgets).toEqual([]);
    expect(body.every((segment) => 'html' in segment)).toBe(true);
  });
});

describe('renderMarkdown: a widget marker inside author content is only text (F-01)', () => {
  const marker = '<!--daftar:widget:0-->';
  const payload = `${marker}<img src=x onerror=alert(1)>`;
  it.each([
    ['image alt text', `![${payload}](/x.png)`],
    ['image title', `![a](/x.png "${payload}")`],
    ['link text', `[${payload}](/x)`],
    ['link title', `[a](/x "${marker}<script>alert(1)</script>")`],
    ['inline code', `\`${payload}\``],
    ['a code block', `\`\`\`html\n${payload}\n\`\`\``],
    ['an HTML comment', `<!-- ${payload} -->`],
    ['a raw HTML comment marker on its own', `${marker}\n\n<style>*{}</style>`],
    [
      'a raw alt attribute',
      `<img src="/x.png" alt="${marker}<style>*{display:none}</style><meta http-equiv=refresh content=0>">`,
    ],
    [
      'a raw title attribute in single quotes',
      `<abbr title='${marker}<form action=/api/users method=post><button>go</button></form>'>x</abbr>`,
    ],
    ['a table cell', `| a |\n|---|\n| ![${payload}](/x.png) |`],
    ['a heading', `## ![${payload}](/x.png)`],
    ['a reference image', `![${payload}][r]\n\n[r]: /x.png "${marker}<iframe src=//evil.example>"`],
  ])('in %s', (_name, source) => {
    const { body, widgets } = renderMarkdown(`::intro\n\n${source}\n\n::latest-logs`);
    // Exactly the two real directives are widgets, in place; the marker text made none.
    expect(widgets).toEqual([
      { kind: 'intro', props: {} },
      { kind: 'latest-logs', props: {} },
    ]);
    expect(body[0]).toEqual({ widget: 0 });
    expect(body.at(-1)).toEqual({ widget: 1 });
    expect(widgetCount(body)).toBe(2);
    expectSafe(body);
  });

  it('keeps the alt text of the report’s payload as text', () => {
    const { body } = renderMarkdown(`![${payload}](/x.png)`);
    expect(expectSafe(body).images).toEqual([{ src: '/x.png', alt: payload, loading: 'lazy', decoding: 'async' }]);
  });
});

/*
 * Property tests over generated documents: widget directives (real ones, and look-alikes in
 * every Markdown and HTML context), marker strings, hostile HTML, attributes and quotes.
 */
const hostileHtml = fc.constantFrom(...hostileHtmlFragments);
const closedMarker = fc.oneof(
  fc.nat({ max: 3 }).map((n) => `<!--daftar:widget:${n}-->`),
  fc.constantFrom('<!--daftar:widget:-->', '<daftar-widget data-kind="intro"></daftar-widget>'),
  fc.stringMatching(/^<!--[a-z:]{1,12}\d?-->$/),
);
const markerText = fc.oneof(closedMarker, fc.constantFrom('<!--daftar:', '-->', '<!--'));
const directiveText = fc
  .tuple(
    fc.constantFrom(':', '::', ':::'),
    fc.constantFrom('intro', 'latest-logs', 'none', 'x'),
    fc.constantFrom('', '[label]', '[<b>x</b>]'),
    fc.constantFrom('', '{cat=tuts limit=3}', '{onerror=alert(1)}', '{title="a\'b"}', "{x='\"><img src=x onerror=alert(1)>'}"),
  )
  .map((parts) => parts.join(''));
const quote = fc.constantFrom('"', "'", '`', '>', '<', '&quot;', '&#39;', '\\', ']', ')');
const inner = fc
  // A new line never starts with a directive here: the real ones are generated on their own.
  .array(fc.oneof(hostileHtml, markerText, directiveText, quote, fc.constantFrom('a', ' ', 'display:none', '\nx')), {
    minLength: 1,
    maxLength: 6,
  })
  .map((parts) => parts.join(''));

/** A block that is never a widget, whatever its inner text. */
const decoy = fc.oneof(
  inner.map((text) => `![${text}](/x.png)`),
  inner.map((text) => `![alt](/x.png "${text}")`),
  inner.map((text) => `[${text}](/x "t")`),
  inner.map((text) => `\`${text.replace(/`/g, '')}\``),
  inner.map((text) => `\`\`\`\n${text.replace(/`/g, '')}\n\`\`\``),
  inner.map((text) => `<!-- ${text.replace(/-->/g, '')} -->`),
  inner.map((text) => `<img src="/x.png" alt="${text}" title='${text}'>`),
  inner.map((text) => `<a href="/x" title="${text}">${text}</a>`),
  inner.map((text) => `> ${text}`),
  inner.map((text) => `- ${text}`),
  inner.map((text) => `| a |\n|---|\n| ${text.replace(/[|\n]/g, ' ')} |`),
  inner.map((text) => `## ${text.replace(/\n/g, ' ')}`),
  inner.map((text) => `x ${text}`),
);
const realWidget = fc
  .tuple(fc.constantFrom('intro', 'latest-logs'), fc.constantFrom('', '{cat=tuts}', '{limit=3}', '{cat=a limit=50}'))
  .map(([name, attrs]) => ({ name, source: `::${name}${attrs}` }));

describe('renderMarkdown: properties', () => {
  it('never lets handlers, scripts, styles, forms, meta or frames through, and only real directives become widgets', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            decoy.map((source) => ({ source })),
            realWidget,
          ),
          { maxLength: 8 },
        ),
        (blocks) => {
          const { body, widgets } = renderMarkdown(blocks.map((block) => block.source).join('\n\n'));
          expectSafe(body);
          const real = blocks.flatMap((block) => ('name' in block ? [block.name] : []));
          // Unbalanced author HTML may take a widget inside an element, where it stays text; a widget
          // is never made up, and those kept are real directives in their order.
          expect(widgetCount(body)).toBe(widgets.length);
          expect(widgets.length).toBeLessThanOrEqual(real.length);
          const order = [...real];
          for (const widget of widgets) {
            const at = order.indexOf(widget.kind);
            expect(at).toBeGreaterThanOrEqual(0);
            order.splice(0, at + 1);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('makes every real directive a widget, and nothing else, when the HTML around them is well formed', () => {
    // The same contexts with the inner text HTML-escaped where it sits in raw HTML, so no element
    // the author opens stays open across a widget.
    const escaped = inner.map((text) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'),
    );
    const wellFormed = fc.oneof(
      inner.map((text) => `![${text.replace(/[[\]\\]/g, '')}](/x.png)`),
      inner.map((text) => `![alt](/x.png "${text.replace(/["\\]/g, '')}")`),
      inner.map((text) => `\`${text.replace(/`/g, '')}\``),
      inner.map((text) => `\`\`\`\n${text.replace(/`/g, '')}\n\`\`\``),
      escaped.map((text) => `<img src="/x.png" alt="${text}" title='${text}'>`),
      escaped.map((text) => `<!-- ${text} -->`),
      escaped.map((text) => `<p title="${text}">${text}</p>`),
      closedMarker,
      directiveText
        .filter((text) => !/^::(intro|latest-logs)(?![\w-])/.test(text))
        .map((text) => (text.startsWith(':::') ? `${text}\n:::` : text)),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            wellFormed.map((source) => ({ source })),
            realWidget,
          ),
          { maxLength: 8 },
        ),
        (blocks) => {
          const { body, widgets } = renderMarkdown(blocks.map((block) => block.source).join('\n\n'));
          expectSafe(body);
          const real = blocks.flatMap((block) => ('name' in block ? [block.name] : []));
          expect(widgetCount(body)).toBe(real.length);
          expect(widgets.map((widget) => widget.kind)).toEqual(real);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('renders Markdown without `<` exactly as through rehype-raw (which it skips for speed)', () => {
    const bodies = [
      ...sampleContent.map(({ path, content }) => ({ text: parseDocument(content).body, locale: path.split('/')[1] as Locale })),
      ...hostileMarkdown.filter((text) => !text.includes('<')).map((text) => ({ text, locale: 'en' as const })),
      { text: 'Text[^1] and [^note]\n\n[^1]: One.\n\n[^note]: Two www.example.com user@example.com', locale: 'fa' as const },
      {
        text: '- [x] done\n- [ ] todo\n\n| a |\n| - |\n| b |\n\n~~x~~ user&#64;example.com w&#119;w.example.com',
        locale: 'en' as const,
      },
    ];
    const piece = fc.constantFrom(
      '# Title',
      '## فصل اول‌ها',
      'Text[^n]\n\n[^n]: Note',
      '- [x] item',
      '| a | b |\n| - | - |\n| 1 | 2 |',
      '```js\nx && y\n```',
      '![alt](/media/a.png#20x10)',
      '[link](https://example.com)',
      'http://example.com/a_b',
      'name@example.com',
      '&amp; &#64; &copy;',
      '::intro',
      ':::note\ntext\n:::',
      '> quote *em* **strong** `code`',
      '***',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), (pieces) => {
        bodies.push({ text: pieces.join('\n\n'), locale: 'en' });
      }),
      { numRuns: 200 },
    );
    for (const { text, locale } of bodies)
      expect(renderMarkdown(text, locale)).toEqual(renderMarkdown(text, locale, { raw: true }));
  });

  it('renders exactly as when every GFM construct is tried everywhere (tables and literal autolinks are tried only where they can match)', () => {
    const bodies = [
      ...sampleContent.map(({ path, content }) => ({ text: parseDocument(content).body, locale: path.split('/')[1] as Locale })),
      ...hostileMarkdown.map((text) => ({ text, locale: 'en' as const })),
      // Tables without a single pipe, tables that end, continue or are cut by laziness, in lists and quotes.
      { text: 'a\n:-\nb\n\nc\n-:\n\nd\n:-:', locale: 'en' as const },
      { text: '| a |\n| - |\n| b |\nc\n\n> | a |\n> | - |\n> | b |\nlazy | x', locale: 'en' as const },
      { text: '- | a | b |\n  | - | - |\n  | 1 | 2 |\n- x\n\n1. a\n   :--\n', locale: 'fa' as const },
      { text: 'a | b\r\n- | -\r\n1 | 2\r\n\r\nWWW.example.com HTTPS://x.org a+b@c.de', locale: 'en' as const },
    ];
    const piece = fc.constantFrom(
      'a | b',
      '| - | - |',
      '--- | ---',
      ':-',
      '-:',
      'x : y',
      '| 1 | 2 |',
      '> | q |',
      '- | l |',
      'word www.example.com',
      'see http://a.b/c?d',
      'mail me@example.com',
      'plain text words',
      '\\| escaped',
      '`a | b`',
      '',
    );
    const separator = fc.constantFrom('\n', '\n\n', '\r\n', '\n  ');
    fc.assert(
      fc.property(fc.array(fc.tuple(piece, separator), { maxLength: 8 }), (parts) => {
        bodies.push({ text: parts.map(([text, sep]) => text + sep).join(''), locale: 'en' });
      }),
      { numRuns: 400 },
    );
    for (const { text, locale } of bodies)
      expect(renderMarkdown(text, locale)).toEqual(renderMarkdown(text, locale, { gated: false }));
  });
});

describe('parseDocument', () => {
  const doc = (front: string, body = 'Body') => `---\n${front}\n---\n${body}`;

  it('reads every field, with unquoted YAML dates as ISO days', () => {
    const { data, body } = parseDocument(
      doc(
        'title: "Hello"\ndescription: Hi\nthumbnail: /images/a.webp\ndate: 2026-03-08\nauthor: Daftar\ncat: tuts\ntoc: true\nintro: false\ncomments: true\nnewsletter: true\ndraft: false',
        '\nText',
      ),
    );
    expect(data).toEqual({
      title: 'Hello',
      description: 'Hi',
      thumbnail: '/images/a.webp',
      date: '2026-03-08',
      author: 'Daftar',
      cat: 'tuts',
      toc: true,
      intro: false,
      comments: true,
      newsletter: true,
      draft: false,
      noindex: false,
      visibility: 'public',
    });
    expect(body).toBe('\nText');
  });

  it('accepts site paths and http(s) addresses as thumbnails', () => {
    for (const thumbnail of ['/images/a.webp', '/images/گربه.webp', 'https://cdn.example/a.webp', 'HTTP://cdn.example/b.png'])
      expect(parseDocument(doc(`title: x\nthumbnail: "${thumbnail}"`)).data.thumbnail).toBe(thumbnail);
  });

  it('defaults the flags and the description', () => {
    expect(parseDocument(doc('title: Only a title')).data).toEqual({
      title: 'Only a title',
      description: '',
      toc: false,
      intro: false,
      comments: false,
      newsletter: false,
      draft: false,
      noindex: false,
      visibility: 'public',
    });
  });

  it('reads visibility as exactly public or members, empty as public', () => {
    expect(parseDocument(doc('title: x\nvisibility: members')).data.visibility).toBe('members');
    expect(parseDocument(doc('title: x\nvisibility: public')).data.visibility).toBe('public');
    expect(parseDocument(doc('title: x\nvisibility:')).data.visibility).toBe('public');
    expect(parseDocument(doc('title: x\nvisibility: null')).data.visibility).toBe('public');
  });

  it.each([
    ['a misspelt visibility', 'member'],
    ['a capitalised visibility', 'Members'],
    ['a visibility with spaces', '" members"'],
    ['a boolean visibility', 'true'],
    ['a list visibility', '[members]'],
    ['an empty-string visibility', '""'],
    ['a Persian visibility', 'اعضا'],
    ['a mapping visibility', '{members: true}'],
  ])('refuses %s: a page meant for members is never published to everyone by a typo', (_, value) => {
    expect(() => parseDocument(doc(`title: x\nvisibility: ${value}`))).toThrow(/visibility must be public or members/);
  });

  it.each([
    ['no front matter', '# Just markdown', /missing front matter/],
    ['broken YAML', doc('title: [unclosed'), /not valid YAML/],
    ['a list instead of a mapping', doc('- a\n- b'), /YAML mapping/],
    ['a missing title', doc('description: x'), /title/],
    ['a bad date', doc('title: x\ndate: someday'), /date is not a valid date/],
    ['a javascript: thumbnail', doc('title: x\nthumbnail: "javascript:alert(1)"'), /thumbnail must be a site path/],
    // F-10: what a browser would read as another host is not a site path.
    ['a /\\host thumbnail', doc("title: x\nthumbnail: '/\\evil.invalid/a.png'"), /thumbnail must be a site path/],
    ['a //host thumbnail', doc("title: x\nthumbnail: '//evil.invalid/a.png'"), /thumbnail must be a site path/],
    ['a /.//host thumbnail', doc("title: x\nthumbnail: '/.//evil.invalid/a.png'"), /thumbnail must be a site path/],
    ['a /%2e//host thumbnail', doc("title: x\nthumbnail: '/%2e//evil.invalid/a.png'"), /thumbnail must be a site path/],
    ['a thumbnail with a tab', doc('title: x\nthumbnail: "/\t/evil.invalid/a.png"'), /thumbnail must be a site path/],
    // zod's default message, in the indexer's English (it was a message key after zod's messages became references).
    ['a non-boolean flag', doc('title: x\ndraft: maybe'), /draft (invalid input: )?expected boolean, received string/],
  ])('reports %s clearly', (_name, source, message) => {
    expect(() => parseDocument(source)).toThrow(ContentError);
    expect(() => parseDocument(source)).toThrow(message);
  });
});

describe('video embeds (issue 26)', () => {
  it('marks a video address alone on its line, in the page language, and leaves the link for feeds and mail', () => {
    const { html } = renderMarkdown('پیش\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n\nپس', 'fa');
    // The address is wholly Latin: its paragraph reads left to right (block-direction.ts).
    expect(html).toContain(
      '<p dir="ltr" class="embed" data-embed-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" data-embed-label="پخش ویدیو از YouTube"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="noopener noreferrer nofollow" dir="ltr">https://www.youtube.com/watch?v=dQw4w9WgXcQ</a></p>',
    );
    expect(renderMarkdown('https://vimeo.com/76979871', 'en').html).toContain('data-embed-label="Play the video from Vimeo"');
  });

  it.each([
    'See https://www.youtube.com/watch?v=dQw4w9WgXcQ here',
    '[my video](https://www.youtube.com/watch?v=dQw4w9WgXcQ)',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    '<p data-embed-src="https://evil.example">x</p>',
  ])('%s is no embed', (markdown) => {
    expect(renderMarkdown(markdown, 'en').html).not.toContain('data-embed');
  });
});

describe('block directions (issue 37, D1): a block turns only when all its letters are of the other direction', () => {
  const html = (markdown: string, locale: Locale) => renderMarkdown(markdown, locale).html;
  it('leaves Persian blocks that start with a Latin word to the page (right to left)', () => {
    const out = html(
      '# React در ۱۰ دقیقه\n\nDocker را نصب کنید و بعد با `npm start` ادامه دهید.\n\n- Node.js نسخهٔ ۲۴ لازم است.\n- مرورگر Chrome یا Firefox.\n',
      'fa',
    );
    expect(out).not.toContain('dir="ltr"');
    expect(out).not.toContain('dir="rtl"');
  });
  it('turns a wholly Latin paragraph and list on a Persian page, with no dir on the items', () => {
    const out = html('متن فارسی.\n\nnpm install react\n\n- one\n- two\n', 'fa');
    expect(out).toContain('<p dir="ltr">npm install react</p>');
    expect(out).toMatch(/<ul dir="ltr">\s*<li>one<\/li>/);
    expect(out).not.toContain('<li dir');
  });
  it('turns a wholly Persian paragraph on an English page; a mixed one follows the page', () => {
    const out = html('سلام دنیا\n\nHello سلام\n', 'en');
    expect(out).toContain('<p dir="rtl">سلام دنیا</p>');
    expect(out).toContain('<p>Hello سلام</p>');
  });
  it('gives tables and code no direction of their own (the page’s order of columns)', () => {
    const out = html('| قلم | note |\n| --- | --- |\n| a | b |\n\n```\ncode line\n```\n', 'fa');
    expect(out).not.toMatch(/<table[^>]*dir=/);
    expect(out).not.toMatch(/<t[dh][^>]*dir=/);
    expect(out).toMatch(/<pre dir="ltr"[ >]/);
  });
});

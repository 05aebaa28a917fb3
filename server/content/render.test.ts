import { describe, expect, it } from 'vitest';
import { nestToc, splitWidgets } from '../../common/content';
import { ContentError, parseDocument } from './front-matter';
import { renderMarkdown } from './render';

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
    expect(html).toContain('<a href="http://www.example.com" rel="noopener noreferrer nofollow">www.example.com</a>');
  });

  it('keeps code left-to-right inside right-to-left text', () => {
    const { html } = renderMarkdown('پرونده‌ی `content/fa/index.md` را باز کنید.\n\n```yaml\ntitle: "x"\n```');
    expect(html).toContain('<code dir="auto">content/fa/index.md</code>');
    expect(html).toContain('<pre dir="ltr"><code class="language-yaml">title: "x"\n</code></pre>');
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

  it('turns known directives into widget markers and leaves other colons as typed', () => {
    const { html, widgets } = renderMarkdown(
      '::intro\n\n::latest-logs{cat=tuts limit=3}\n\nratio 16:9, see:this, :bad[x]\n\n::unknown{a=1}',
    );
    expect(widgets).toEqual([
      { kind: 'intro', props: {} },
      { kind: 'latest-logs', props: { cat: 'tuts', limit: '3' } },
    ]);
    expect(splitWidgets(html)).toEqual([
      { widget: 0 },
      { widget: 1 },
      { html: expect.stringContaining('ratio 16:9, see:this, :bad[x]') },
    ]);
    expect(html).toContain('<p>::unknown{a=1}</p>');
  });

  it('counts words in either script', () => {
    expect(renderMarkdown('سلام دنیا، این یک آزمون است.\n\nHello world').words).toBe(8);
  });
});

describe('renderMarkdown: hostile input is neutralised', () => {
  const hostile = [
    '<script>alert(1)</script>',
    '<img src="x" onerror="alert(2)">',
    '[click](javascript:alert(3))',
    '[data](data:text/html;base64,PHNjcmlwdD4=)',
    '<iframe src="https://evil.example"></iframe>',
    '<a href="#" onclick="alert(4)" style="position:fixed">x</a>',
    '<svg><script>alert(5)</script></svg>',
    '<object data="evil.swf"></object><embed src="evil">',
    '<form action="https://evil.example"><input name="password"></form>',
    '<div id="main">clobber</div>',
    '<!--daftar:widget:0-->',
    '<daftar-widget data-kind="evil"></daftar-widget>',
    '<meta http-equiv="refresh" content="0;url=https://evil.example">',
    '<style>body{display:none}</style>',
    '![x](javascript:alert(6))',
    '<a href="JaVaScRiPt:alert(7)">y</a>',
  ].join('\n\n');
  const { html, widgets } = renderMarkdown(hostile);

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

  it('prefixes author ids and cannot forge widget markers', () => {
    expect(html).toContain('id="user-content-main"');
    expect(html).not.toContain('id="main"');
    expect(widgets).toEqual([]);
    expect(splitWidgets(html).every((segment) => 'html' in segment)).toBe(true);
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
    });
    expect(body).toBe('\nText');
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
    });
  });

  it.each([
    ['no front matter', '# Just markdown', /missing front matter/],
    ['broken YAML', doc('title: [unclosed'), /not valid YAML/],
    ['a list instead of a mapping', doc('- a\n- b'), /YAML mapping/],
    ['a missing title', doc('description: x'), /title/],
    ['a bad date', doc('title: x\ndate: someday'), /date is not a valid date/],
    ['a javascript: thumbnail', doc('title: x\nthumbnail: "javascript:alert(1)"'), /thumbnail must be a site path/],
    ['a non-boolean flag', doc('title: x\ndraft: maybe'), /draft/],
  ])('reports %s clearly', (_name, source, message) => {
    expect(() => parseDocument(source)).toThrow(ContentError);
    expect(() => parseDocument(source)).toThrow(message);
  });
});

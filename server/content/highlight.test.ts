import { describe, expect, it } from 'vitest';
import { pageHtml } from '../../common/content';
import { HIGHLIGHT_BLOCK_MAX, HIGHLIGHT_LINE_MAX, HIGHLIGHT_PAGE_MAX, highlightCode, highlightLanguage } from './highlight';
import { renderMarkdown } from './render';

const html = (markdown: string, locale: 'fa' | 'en' = 'en') => pageHtml(renderMarkdown(markdown, locale).body, '');
const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\`\n`;
/** The text of some HTML, as a reader's copy takes it. */
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, '')
    .replace(/&#x3C;/g, '<')
    .replace(/&#x26;/g, '&')
    .replace(/&#x22;/g, '"');

describe('highlighted code (server/content/highlight.ts)', () => {
  it('colours a fenced block by its language when the page is rendered, keeping every character', () => {
    const code = 'const answer: number = 42; // the answer\nexport function ask() {\n  return "why";\n}';
    const out = html(fence('ts', code));
    expect(out).toContain('<span class="hl-kwd">const</span>');
    expect(out).toContain('<span class="hl-num">42</span>');
    expect(out).toContain('<span class="hl-cmnt">// the answer');
    expect(out).toContain('<span class="hl-str">"why"</span>');
    expect(out).toContain('data-language="ts"');
    const inner = /<code class="language-ts">([\s\S]*)<\/code>/.exec(out)?.[1] ?? '';
    expect(text(inner)).toBe(`${code}\n`);
  });

  it('knows the usual names of a language, and leaves others and plain blocks as text', () => {
    for (const name of ['javascript', 'TypeScript', 'sh', 'shell', 'python', 'yml', 'Dockerfile', 'rust', 'golang'])
      expect(highlightLanguage(name), name).toBeDefined();
    for (const name of ['brainfuck', 'constructor', '__proto__', 'toString', 'hasOwnProperty', ''])
      expect(highlightLanguage(name), name).toBeUndefined();
    expect(html(fence('cobol', 'DISPLAY "HI".'))).not.toContain('hl-');
    expect(html(fence('', 'const a = 1;'))).not.toContain('hl-');
    expect(html('`const a = 1`')).not.toContain('hl-');
  });

  it('reads left to right inside a Persian page, with a Persian comment, and gives the copy button Persian words', () => {
    const out = html(`متن فارسی\n\n${fence('py', '# یادداشت فارسی\nprint("سلام")')}`, 'fa');
    expect(out).toMatch(/<pre dir="ltr" tabindex="0" data-copy="کپی" data-copied="کپی شد" data-language="py">/);
    expect(out).toContain('<span class="hl-cmnt"># یادداشت فارسی');
    expect(html(fence('py', 'x = 1'), 'en')).toContain('data-copy="Copy" data-copied="Copied"');
  });

  it('never lets code out of its block: markup in code stays text, and the language name cannot add attributes', () => {
    const hostile = '</code></pre><script>alert(1)</script><img src=x onerror=alert(2)> "</span><b>';
    for (const language of ['html', 'js', 'xml', 'bash'])
      for (const out of [html(fence(language, hostile)), html(fence(language, `// ${hostile}`))]) {
        // Only the block's own elements: the rest is text (`&#x3C;script>`).
        expect(new Set(out.match(/<\/?[a-z]+/g)), language).toEqual(
          new Set(['<pre', '<code', '</code', '</pre', '<span', '</span']),
        );
        expect(out.match(/<\/pre>/g), language).toHaveLength(1);
        expect(text(out), language).toContain(hostile);
      }
    const named = html('```js" onmouseover="alert(1)\nx\n```\n');
    expect(named).not.toContain('onmouseover="alert');
  });

  it('leaves a block plain past its bounds, so a hostile block cannot stall a publish', () => {
    const longLine = `const a = "${'x'.repeat(HIGHLIGHT_LINE_MAX)}";`;
    expect(highlightCode(longLine, 'ts')).toBeUndefined();
    const manyLines = 'let a = 1;\n'.repeat(Math.ceil(HIGHLIGHT_BLOCK_MAX / 11) + 1);
    expect(highlightCode(manyLines, 'js')).toBeUndefined();
    expect(highlightCode('let a = 1;\n'.repeat(100), 'js')).toBeDefined();
    // A page of many blocks: the first ones up to the page's budget, the rest plain.
    const block = 'let a = 1;\n'.repeat(Math.floor(HIGHLIGHT_BLOCK_MAX / 11));
    const count = Math.ceil(HIGHLIGHT_PAGE_MAX / block.length) + 2;
    const out = html(Array.from({ length: count }, () => fence('js', block)).join('\n'));
    const coloured = out.split('<pre').filter((part) => part.includes('hl-kwd')).length;
    expect(coloured).toBe(Math.floor(HIGHLIGHT_PAGE_MAX / (block.length + 1)));
    expect(coloured).toBeLessThan(count);
  });
});

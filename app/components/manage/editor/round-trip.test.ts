import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPage } from '../../../../server/content/page-file';
import { renderMarkdown } from '../../../../server/content/render';
import { editorExtensions } from './extensions';
import { createMarkdownConverter } from './markdown';
import { unwrapBareLinks } from './site-link';

/*
 * Source mode ↔ WYSIWYG must lose nothing the renderer shows: every sample page goes Markdown →
 * editor document (the real schema) → Markdown, and the result must render to the same HTML,
 * widgets and table of contents with the real renderer. Bytes may differ (table padding, blank
 * lines); what readers see may not.
 */
const root = path.join(import.meta.dirname, '../../../../content-samples');
const samples = (['fa', 'en'] as const).flatMap((locale) =>
  (readdirSync(path.join(root, locale), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.md'))
    .map((file) => ({ locale, file: `${locale}/${file}` })),
);
const converter = createMarkdownConverter(editorExtensions());
const roundTrip = (markdown: string) => converter.toMarkdown(converter.toDocument(markdown));

function rendered(markdown: string, locale: 'fa' | 'en') {
  const { body, widgets, toc } = renderMarkdown(markdown, locale);
  return { body, widgets, toc };
}

describe('Markdown ↔ editor round trip', () => {
  it('finds the sample pages', () => expect(samples.length).toBeGreaterThanOrEqual(14));

  it.each(samples)('$file renders the same after a round trip', ({ locale, file }) => {
    const { body } = readPage(readFileSync(path.join(root, file), 'utf8'));
    const once = roundTrip(body);
    expect(rendered(once, locale)).toEqual(rendered(body, locale));
    // A second trip changes nothing at all: switching modes back and forth is stable.
    expect(roundTrip(once)).toBe(once);
  });

  it('keeps a bare address bare, and a link with its own text a link (D25)', () => {
    for (const markdown of [
      'See https://example.com/path?x=1 now.',
      'نشانی https://example.com/fa/سفر را ببینید.',
      'End with https://example.com.',
      '[the site](https://example.com) and https://example.com/b',
    ])
      expect(roundTrip(markdown)).toBe(markdown);
    // Bare, it is still a link for readers.
    expect(
      rendered('See https://example.com/path?x=1 now.', 'en')
        .body.map((part) => JSON.stringify(part))
        .join(''),
    ).toMatch(/href=\\"https:\/\/example\.com\/path\?x=1/);
    // Code keeps what it says, and a link that opens in a new tab keeps its brackets.
    expect(unwrapBareLinks('`[https://x.test](https://x.test)`\n\n```\n[https://x.test](https://x.test)\n```')).toBe(
      '`[https://x.test](https://x.test)`\n\n```\n[https://x.test](https://x.test)\n```',
    );
    expect(unwrapBareLinks('[https://x.test](https://x.test){target=_blank} ![https://x.test](https://x.test)')).toBe(
      '[https://x.test](https://x.test){target=_blank} ![https://x.test](https://x.test)',
    );
    expect(unwrapBareLinks('a [https://x.test/p](https://x.test/p) b')).toBe('a https://x.test/p b');
    // Alone on its line a bare address would be an embed: it keeps its brackets.
    for (const alone of [
      '[https://x.test/p](https://x.test/p)',
      '- [https://x.test/p](https://x.test/p)',
      '> 2. [https://x.test](https://x.test)',
    ])
      expect(unwrapBareLinks(alone)).toBe(alone);
  });

  it.each(['::latest-logs{cat=tuts limit=5}', '::intro', '::unknown-widget{a="b c"}', ':::note\nInside a **container**\n:::'])(
    'keeps the directive %s exactly',
    (directive) => {
      const markdown = `Before\n\n${directive}\n\nAfter`;
      expect(roundTrip(markdown)).toContain(directive);
      expect(rendered(roundTrip(markdown), 'en')).toEqual(rendered(markdown, 'en'));
    },
  );

  it.each([
    'Ratio 16:9 and see:this, then :smile: in prose',
    'متن فارسی با English words و `inline code` و [پیوند](https://example.com)',
    '![a cat](/media/cat.webp#800x600)',
    '1. one\n2. two\n   - nested\n\n> quote with **bold**\n\n```ts\nconst a = 1;\n```',
    '### Heading with `code`\n\n| a | b |\n| --- | --- |\n| ۱ | ۲ |',
  ])('round-trips %s', (markdown) => {
    expect(rendered(roundTrip(markdown), 'fa')).toEqual(rendered(markdown, 'fa'));
  });
});

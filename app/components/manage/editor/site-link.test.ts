import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../../server/content/render';
import { editorExtensions } from './extensions';
import { createMarkdownConverter } from './markdown';

const converter = createMarkdownConverter(editorExtensions());
const roundTrip = (markdown: string) => converter.toMarkdown(converter.toDocument(markdown));
const html = (markdown: string) => renderMarkdown(markdown, 'en').html;

describe('links that open in a new tab', () => {
  it.each([
    'Read [the guide](https://example.com/guide){target=_blank} now',
    '[داخلی](/fa/سلام){target=_blank}',
    '[with title](https://example.com "A \\"title\\""){target=_blank} and [plain](/en/about)',
  ])('round-trips %s exactly', (markdown) => {
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('a link with brackets in its text and parentheses in its address keeps its tab and its address', () => {
    const markdown = '[nested [brackets]](https://example.com/a_(b)){target=_blank}';
    expect(html(roundTrip(markdown))).toBe(html(markdown));
    expect(roundTrip(roundTrip(markdown))).toBe(roundTrip(markdown));
  });

  it('keeps the choice in the document and renders target and rel', () => {
    const doc = converter.toDocument('[x](https://example.com){target=_blank}').toJSON();
    expect(doc.content[0].content[0].marks[0].attrs).toMatchObject({ href: 'https://example.com', target: '_blank' });
    expect(html('[x](https://example.com){target=_blank} y')).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a> y</p>',
    );
    expect(html('[x](/en/about){target=_blank}')).toBe(
      '<p><a href="/en/about" target="_blank" rel="noopener noreferrer">x</a></p>',
    );
    // A plain link has neither; the suffix alone is text.
    expect(html('[x](/en/about)')).toBe('<p><a href="/en/about">x</a></p>');
    expect(html('Just {target=_blank} here')).toBe('<p>Just {target=_blank} here</p>');
  });

  it('an unsafe address in a new-tab link is dropped by the sanitiser', () => {
    expect(html('[x](javascript:alert(1)){target=_blank}')).not.toContain('javascript');
  });
});

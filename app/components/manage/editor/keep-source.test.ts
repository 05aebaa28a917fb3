import { describe, expect, it } from 'vitest';
import { editorExtensions } from './extensions';
import { keepSourceFormatting, keepSourceTables } from './keep-source';
import { createMarkdownConverter } from './markdown';

/* D25: what the rich editor writes back keeps the bytes of what nobody edited. */
const converter = createMarkdownConverter(editorExtensions());
/** What the editor writes for `markdown` (as if just typed into), kept against `source`. */
const written = (source: string, markdown: string) =>
  keepSourceFormatting(source, converter.toMarkdown(converter.toDocument(markdown)));

const SOURCE = [
  'سلام، یک جمله.',
  '',
  '| شهر | سال |',
  '|---|---|',
  '| اصفهان | ۱۴۰۵ |',
  '| a \\| b | x |',
  '',
  'See https://example.com/a now.',
  '',
  '|Name|Age|',
  '|:--|--:|',
  '|Sara|31|',
].join('\n');

describe('the rich editor keeps what nobody edited (D25)', () => {
  it('typing a sentence changes that sentence only: tables as written, the address bare', () => {
    const edited = SOURCE.replace('یک جمله.', 'یک جملهٔ تازه.');
    // The serializer alone pads both tables: the bytes nobody touched would change.
    expect(converter.toMarkdown(converter.toDocument(edited))).not.toBe(edited);
    expect(written(SOURCE, edited)).toBe(edited);
  });

  it('a table whose cells changed is written anew; the others stay as they were', () => {
    const edited = SOURCE.replace('|Sara|31|', '|Sara|32|');
    const out = written(SOURCE, edited);
    expect(out).toContain('| شهر | سال |\n|---|---|');
    expect(out).not.toContain('|Sara|32|');
    expect(out).toMatch(/\| Sara +\| 32 +\|/);
    // An alignment change is a change too.
    expect(written(SOURCE, SOURCE.replace('|:--|--:|', '|--:|--:|'))).not.toContain('|:--|--:|');
  });

  it('leaves code alone and matches each source table once', () => {
    const code = '```\n| a | b |\n|---|---|\n```';
    expect(keepSourceTables('|a|b|\n|-|-|', code)).toBe(code);
    const twice = '|a|b|\n|-|-|\n|1|2|\n\nx\n\n|a|b|\n|-|-|\n|1|2|';
    expect(written(twice, twice)).toBe(twice);
    expect(keepSourceTables('', 'no tables')).toBe('no tables');
  });
});

import { createClient } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations.generated';
import { renderPage } from './render-page';
import {
  normaliseSearch,
  normaliseSearchSql,
  pageSearchText,
  searchMatchExpression,
  searchSnippet,
  searchSnippetStart,
  searchTerms,
} from './search-text';

const ZWNJ = '\u200c';

describe('search normalisation', () => {
  it.each([
    ['Arabic kaf and yeh become Persian', 'كتاب علي', 'کتاب علی'],
    ['Arabic alef maksura becomes Persian yeh', 'موسى', 'موسی'],
    ['Persian letters stay', 'کتاب یک', 'کتاب یک'],
    ['the half-space (ZWNJ) is ignored', `می${ZWNJ}شود کتاب${ZWNJ}ها`, 'میشود کتابها'],
    ['kashida is ignored', 'کتـــاب', 'کتاب'],
    ['harakat are ignored', 'کِتابٌ عَلیّ مُسْلِمً', 'کتاب علی مسلم'],
    ['the superscript alef is ignored', 'رحمٰن', 'رحمن'],
    ['Persian digits become ASCII', 'سال ۱۴۰۵', 'سال 1405'],
    ['Arabic-Indic digits become ASCII', 'عام ١٤٢٧', 'عام 1427'],
    ['English is left to the index (case folds in FTS5)', 'Hello World 42', 'Hello World 42'],
  ])('%s', (_name, input, expected) => {
    expect(normaliseSearch(input)).toBe(expected);
  });

  it('gives the same text in SQL (the triggers) as in JS (the queries), for every folded character', async () => {
    const client = createClient({ url: ':memory:' });
    const samples = [
      'كتاب‌هاي مى ۱۲۳ ١٢٣ کتـاب عَلِيٌّ رحمٰن',
      `${ZWNJ}\u200d\u0640`,
      'Plain English, CASE kept: Café',
      Array.from({ length: 0x700 - 0x600 }, (_, i) => String.fromCodePoint(0x600 + i)).join(''),
      '۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩',
      '',
    ];
    for (const text of samples) {
      const result = await client.execute({ sql: `select ${normaliseSearchSql('?')} as v`, args: [text] });
      expect(result.rows[0]?.v, JSON.stringify(text)).toBe(normaliseSearch(text));
    }
    client.close();
  });

  it('is the SQL the migrations installed in their triggers and backfills', () => {
    const statements = (name: string) => migrations.find((m) => m.name === name)?.statements.join('\n') ?? '';
    for (const column of ['new.title', 'new.description', "coalesce(new.search_text, '')", 'title', "coalesce(search_text, '')"])
      expect(statements('0007_search')).toContain(`${normaliseSearchSql(column)}`);
    // Since 0015 the page text arrives normalised (renderPage): the triggers normalise the title and description only.
    const now = statements('0015_search_text_normalised');
    for (const column of ['new.title', 'new.description', 'search_text']) expect(now).toContain(`${normaliseSearchSql(column)}`);
    expect(now).not.toContain(normaliseSearchSql("coalesce(new.search_text, '')"));
    expect(now.match(/VALUES \(new\.id, .*, coalesce\(new\.search_text, ''\)\);/g)).toHaveLength(2);
  });
});

describe('page text for the index', () => {
  it('is stored normalised by the renderer (the triggers index it as it is), made from the page as written', () => {
    const rendered = renderPage({ text: `---\ntitle: t\n---\n\nكتاب **۱۲۳** نیم${ZWNJ}فاصله`, locale: 'fa' });
    expect('fields' in rendered && rendered.fields.searchText).toBe('کتاب 123 نیمفاصله');
    expect('fields' in rendered && rendered.fields.html).toContain(`كتاب <strong>۱۲۳</strong> نیم${ZWNJ}فاصله`);
  });

  it('drops tags, joins inline markup, separates blocks and decodes references', () => {
    expect(
      pageSearchText(
        '<h2 id="x">Title</h2>\n<p>One <strong>bold</strong>word, <a href="https://evil.example/secret">link</a>.</p><p>Two</p>',
      ),
    ).toBe('Title One boldword, link. Two');
    expect(pageSearchText(`<p>کتاب<strong>${ZWNJ}ها</strong></p><ul><li>یک</li><li>دو</li></ul>`)).toBe(`کتاب${ZWNJ}ها یک دو`);
    expect(pageSearchText('<p>&#x3C;script&#x3E; &amp; &lt;b&gt; &#1603; &bogus; &#xD800;</p>')).toBe(
      '<script> & <b> ك &bogus; &#xD800;',
    );
    expect(pageSearchText('<p><img src="/a.webp" alt="a > b">after<!-- note --></p>')).toBe('after');
    expect(pageSearchText('<pre dir="ltr"><code class="language-js">const x = 1;\n</code></pre>')).toBe('const x = 1;');
  });
});

describe('query as an FTS5 expression', () => {
  it('quotes every word as a prefix and never passes FTS5 syntax through', () => {
    expect(searchMatchExpression('Mark down')).toBe('"Mark"* "down"*');
    expect(searchMatchExpression('كتاب‌ها')).toBe('"کتابها"*');
    for (const hostile of [
      '"',
      '""""',
      'a"b',
      'NEAR(a b, 2)',
      'title:secret',
      '{title body}: x',
      'a* OR b',
      '-draft',
      'NOT x AND y',
      '^start',
      "'; drop table pages; --",
      '(((',
      '\u0000\u0001',
      'x'.repeat(5000),
    ]) {
      const expression = searchMatchExpression(hostile);
      if (expression === undefined) continue;
      // Only quoted words of letters and digits, each followed by *.
      expect(expression, hostile).toMatch(/^"[\p{L}\p{N}]+"\*( "[\p{L}\p{N}]+"\*)*$/u);
    }
    expect(searchMatchExpression('"*-:()^ ')).toBeUndefined();
    expect(searchMatchExpression('')).toBeUndefined();
    expect(searchTerms('a b c d e f g h i j k l m n o p')).toHaveLength(12);
  });
});

describe('snippets', () => {
  it('highlights the page text itself, matched through the normalisation, and escapes it', () => {
    const text = `ما کتاب${ZWNJ}ها را در سال ۱۴۰۵ <b>خواندیم</b> & رفتیم.`;
    expect(searchSnippet(text, 'كتاب')).toBe(
      `ما <mark>کتاب${ZWNJ}ها</mark> را در سال ۱۴۰۵ &lt;b&gt;خواندیم&lt;/b&gt; &amp; رفتیم.`,
    );
    expect(searchSnippet(text, '1405')).toContain('<mark>۱۴۰۵</mark>');
    expect(searchSnippet('Writing in Markdown, MARKED up', 'mark')).toBe(
      'Writing in <mark>Markdown</mark>, <mark>MARKED</mark> up',
    );
    expect(searchSnippet('A café in town', 'cafe')).toBe('A <mark>café</mark> in town');
    expect(searchSnippet('remarkable', 'mark')).toBeUndefined();
    expect(searchSnippet('کِتابٌ خوب', 'کتاب')).toBe('<mark>کِتابٌ</mark> خوب');
  });

  it('cuts a window around the first match with ellipses on word boundaries', () => {
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`);
    words[60] = 'needle';
    const snippet = searchSnippet(words.join(' '), 'needle', 120) ?? '';
    expect(snippet.startsWith('… word')).toBe(true);
    expect(snippet.endsWith(' …')).toBe(true);
    expect(snippet).toContain('<mark>needle</mark>');
    expect(snippet.length).toBeLessThan(160);
    expect(searchSnippetStart('<short>')).toBe('&lt;short&gt;');
    expect(searchSnippetStart(words.join(' '), 50)).toMatch(/^word0 .* …$/);
  });
});

import { createClient } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { pageHtml } from '../../common/content';
import { FOLDS, foldFrom, foldQuery, foldSlug, foldSql, foldSqlFor } from '../../common/persian-fold';
import { migrations } from '../db/migrations.generated';
import { renderPage } from './render-page';
import {
  installedSearchSql,
  normaliseSearch,
  normaliseSearchSql,
  pageIndexText,
  pageSearchText,
  searchMatchExpression,
  searchSnippet,
  searchSnippetStart,
  searchTerms,
  splits,
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
    ['alef with hamza or madda, and alef wasla, become alef', 'أحمد إسلام آب ٱلله', 'احمد اسلام اب الله'],
    ['ta marbuta and heh with yeh become heh', 'مدرسة خانۀ', 'مدرسه خانه'],
    ['the ezafe hamza above heh is ignored', 'خانهٔ', 'خانه'],
    ['waw and yeh with hamza become waw and yeh', 'مؤمن رئیس', 'مومن رییس'],
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

  it('folds each pair of spellings to the same text, in JS and in SQL through libSQL', async () => {
    const pairs: [string, string][] = [
      ['علي', 'علی'],
      ['موسى', 'موسی'],
      ['كتاب', 'کتاب'],
      ['أحمد', 'احمد'],
      ['إسلام', 'اسلام'],
      ['آب', 'اب'],
      ['ٱلله', 'الله'],
      ['مدرسة', 'مدرسه'],
      ['خانۀ', 'خانه'],
      ['خانهٔ', 'خانه'],
      ['مؤمن', 'مومن'],
      ['رئیس', 'رییس'],
      ['مسأله', 'مساله'],
      [`جست${ZWNJ}وجو`, 'جستوجو'],
      ['کتـــاب', 'کتاب'],
      ['کِتابٌ', 'کتاب'],
      ['۱۴۰۵', '1405'],
      ['١٤٠٥', '1405'],
      ['\u0627\u0653', 'ا'], // decomposed آ: alef + maddah above
      ['\u0627\u0654', 'ا'], // decomposed أ: alef + hamza above
      ['ھادی', 'هادی'],
      ['ہادی', 'هادی'],
      ['مسئول', 'مسؤول'],
      ['مسئولیت', 'مسؤولیت'],
      ['سئوال', 'سؤال'],
      ['سؤال', 'سوال'],
      [`مسئُ${ZWNJ}ول`, 'مسؤول'],
    ];
    const client = createClient({ url: ':memory:' });
    for (const [a, b] of pairs) {
      expect(normaliseSearch(a), `${a} ~ ${b}`).toBe(normaliseSearch(b));
      const result = await client.execute({
        sql: `select ${normaliseSearchSql('?')} as a, ${normaliseSearchSql('?')} as b`,
        args: [a, b],
      });
      expect(result.rows[0]?.a, `${a} in SQL`).toBe(normaliseSearch(a));
      expect(result.rows[0]?.b, `${b} in SQL`).toBe(normaliseSearch(b));
    }
    client.close();
  });

  it('is one table: every entry folds one character (or a seat, two), and the folded text holds none of them', () => {
    const froms = FOLDS.map(foldFrom);
    expect(new Set(froms).size).toBe(froms.length);
    for (const entry of FOLDS) {
      expect([...foldFrom(entry)].length).toBe(entry.kind === 'seat' ? 2 : 1);
      for (const char of entry.to) expect(froms).not.toContain(char);
    }
  });

  it.each([
    ['heh doachashmee and heh goal become heh', 'ھادی کوھپایه ہمدان', 'هادی کوهپایه همدان'],
    ['a yeh-hamza seat before waw is dropped', 'مسئول سئوال رئوف', 'مسول سوال روف'],
    ['a waw-hamza seat before waw is dropped', 'مسؤول شؤون رؤوف', 'مسول شون روف'],
    ['waw-hamza alone becomes waw', 'سؤال', 'سوال'],
    ['harakat and half-spaces inside a seat are dropped first', `مسئُول مسؤ${ZWNJ}ول`, 'مسول مسول'],
    ['a seat elsewhere folds as before', 'رئیس مؤمن', 'رییس مومن'],
  ])('%s (issue 37)', (_name, input, expected) => {
    expect(normaliseSearch(input)).toBe(expected);
  });

  it('matches in SQL with only the part of the table a query needs, as the whole table matches in JS (dashboard searches)', async () => {
    const client = createClient({ url: ':memory:' });
    const texts = [
      'كتاب‌هاي سال ۱۴۰۵',
      'مسؤولیت ھا',
      'رئیس مؤسسه',
      'آب و نان',
      `سئ${ZWNJ}وال`,
      'Plain 42 English',
      'کتـــاب',
      `x${ZWNJ}y`,
    ];
    const queries = [
      'کتابهای',
      'سال 1405',
      'مسولیت',
      'ها',
      'رییس',
      'موسسه',
      'اب',
      'سوال',
      'plain 42',
      'كتاب',
      'یه',
      'ی',
      '4',
      'xy',
      `x${ZWNJ}y`,
    ];
    for (const text of texts)
      for (const query of queries) {
        const folded = foldQuery(query);
        const expression = foldSqlFor('lower(?)', folded) ?? 'lower(?)';
        const result = await client.execute({ sql: `select instr(${expression}, ?) > 0 as hit`, args: [text, folded] });
        expect(Boolean(result.rows[0]?.hit), `${text} ∋ ${query}`).toBe(foldQuery(text).includes(folded));
      }
    // Fewer entries than the whole table for a Persian word; only the ignored characters for a Latin one.
    expect(foldSqlFor('x', foldQuery('کتاب'))!.length).toBeLessThan(foldSql('x').length / 2);
    expect(foldSqlFor('x', 'plain')!.length).toBeLessThan(foldSqlFor('x', foldQuery('کتاب'))!.length);
    client.close();
  });

  it('splits a Persian query word into two whole parts of two letters or more, and nothing else', () => {
    expect(splits('گلها')).toEqual(['گل ها']);
    expect(splits('مینویسم')).toEqual(['می نویسم', 'مین ویسم', 'مینو یسم', 'مینوی سم']);
    expect(splits('كتابخانه')).toContain('کتاب خانه'); // folded: Arabic kaf
    expect(splits('گل')).toEqual([]);
    expect(splits('Books')).toEqual([]);
    expect(splits('1403')).toEqual([]);
    expect(splits('۱۴۰۳')).toEqual([]);
    expect(splits('گل۱۲')).toEqual([]);
    expect(splits('ب'.repeat(31))).toEqual([]); // no word a reader types: no 28 phrases
    expect(splits('ب'.repeat(30))).toHaveLength(27);
    const match = searchMatchExpression('گلها');
    expect(match).toBe('("گلها"* OR "گل ها")');
    // Hostile: bidi controls and zero-width characters separate or vanish, never reach FTS5 as syntax.
    expect(searchMatchExpression('\u202eگلها\u202c')).toBe(match);
    expect(searchMatchExpression('گل\u200dها')).toBe(match);
    expect(searchMatchExpression('ب'.repeat(200))).toBe(`"${'ب'.repeat(200)}"*`);
  });

  it('is the SQL the migrations installed in their triggers and backfills', () => {
    const statements = (name: string) => migrations.find((m) => m.name === name)?.statements.join('\n') ?? '';
    for (const column of ['new.title', 'new.description', "coalesce(new.search_text, '')", 'title', "coalesce(search_text, '')"])
      expect(statements('0007_search')).toContain(`${installedSearchSql(column, '0007')}`);
    // Since 0015 the page text arrives normalised (renderPage): the triggers normalise the title and description only.
    const then = statements('0015_search_text_normalised');
    for (const column of ['new.title', 'new.description', 'search_text'])
      expect(then).toContain(`${installedSearchSql(column, '0007')}`);
    expect(then).not.toContain(installedSearchSql("coalesce(new.search_text, '')", '0007'));
    // 0018 re-creates them with the whole table (issue 25) and rebuilds the index with it.
    const now = statements('0018_user_name_key_search_folds');
    expect(FOLDS.every((entry) => entry.triggers !== null)).toBe(true);
    expect(installedSearchSql('new.title')).toBe(normaliseSearchSql('new.title'));
    expect(normaliseSearchSql('new.title')).not.toBe(installedSearchSql('new.title', '0007'));
    for (const column of ['new.title', 'new.description', 'title', 'description'])
      expect(now).toContain(installedSearchSql(column, '0018'));
    expect(now.match(/VALUES \(new\.id, .*, coalesce\(new\.search_text, ''\)\);/g)).toHaveLength(2);
    expect(now).toContain("coalesce(search_text, '') FROM `pages`");
    // The newest migration that re-creates the triggers holds the whole table.
    const last = migrations
      .filter((m) => m.statements.some((statement) => statement.includes('CREATE TRIGGER `pages_search_insert`')))
      .at(-1);
    expect(last?.statements.join('\n')).toContain(normaliseSearchSql('new.title'));
    // A contentless index (0026) forgets a row only when told exactly the values it indexed: every
    // 'delete' gives the old row's values through the very expressions the insert uses.
    const contentless = statements('0026_search_index_contentless');
    const inserted = contentless.match(/VALUES \(new\.id, (.*)\);/)?.[1];
    const deletes = [...contentless.matchAll(/VALUES \('delete', old\.id, (.*)\);/g)].map((m) => m[1]);
    expect(inserted).toContain(installedSearchSql('new.title', '0018'));
    expect(deletes).toHaveLength(2);
    for (const values of deletes) expect(values?.replaceAll('old.', 'new.')).toBe(inserted);
    // 0033 (issue 37) makes the contentless index again with the whole table, deletes as its inserts.
    const round3 = statements('0033_fold_heh_hamza_addresses');
    const inserted3 = round3.match(/VALUES \(new\.id, (.*)\);/)?.[1];
    expect(inserted3).toContain(normaliseSearchSql('new.title'));
    const deletes3 = [...round3.matchAll(/VALUES \('delete', old\.id, (.*)\);/g)].map((m) => m[1]);
    expect(deletes3).toHaveLength(2);
    for (const values of deletes3) expect(values?.replaceAll('old.', 'new.')).toBe(inserted3);
    expect(round3).toContain(
      `SELECT id, ${normaliseSearchSql('title')}, ${normaliseSearchSql('description')}, coalesce(search_text, '') FROM \`pages\``,
    );
    expect(round3).toContain(`SET \`slug_key\` = ${foldSql('`slug`')};`);
    expect(round3).toContain(`SET \`username_key\` = ${foldSql('`username`')} WHERE`);
  });
});

describe('page text for the index', () => {
  it('is stored normalised by the renderer (the triggers index it as it is), made from the page as written', () => {
    const rendered = renderPage({ text: `---\ntitle: t\n---\n\nكتاب **۱۲۳** نیم${ZWNJ}فاصله`, locale: 'fa' });
    expect('fields' in rendered && rendered.fields.searchText).toBe('کتاب 123 نیمفاصله');
    expect('fields' in rendered && pageHtml(rendered.fields.body ?? null, '')).toContain(
      `كتاب <strong>۱۲۳</strong> نیم${ZWNJ}فاصله`,
    );
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
    expect(searchMatchExpression('Mark down')).toBe('"Mark"* AND "down"*');
    expect(searchMatchExpression('كتاب‌ها')).toBe('("کتاب"* OR "کت اب") AND ("ها" OR "کتابها"*)');
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
      expect(expression, hostile).toMatch(/^"[\p{L}\p{N}\p{M}]+"\*( AND "[\p{L}\p{N}\p{M}]+"\*)*$/u);
    }
    expect(searchMatchExpression('"*-:()^ ')).toBeUndefined();
    expect(searchMatchExpression('')).toBeUndefined();
    expect(searchTerms('a b c d e f g h i j k l m n o p')).toHaveLength(12);
    expect(searchMatchExpression('a b c d e f g h i j k l m n o p')?.split(' AND ')).toHaveLength(12);
  });

  it('lets a space, a half-space or nothing join the parts of a Persian word', () => {
    const joined = '"جست"* AND ("وجو"* OR "جستوجو"*)';
    expect(searchMatchExpression('جست وجو')).toBe(joined);
    expect(searchMatchExpression(`جست${ZWNJ}وجو`)).toBe(joined);
    // Typed joined, it also finds the parts written apart, each whole (issue 37).
    expect(searchMatchExpression('جستوجو')).toBe('("جستوجو"* OR "جس توجو" OR "جست وجو" OR "جستو جو")');
    // Up to three parts; Latin words are never joined.
    expect(searchMatchExpression('می خواهم بروم')).toBe(
      '"می"* AND ("خواهم"* OR "خو اهم" OR "خوا هم" OR "میخواهم"*) AND ("بروم"* OR "بر وم" OR "خواهمبروم"* OR "میخواهمبروم"*)',
    );
    expect(searchMatchExpression('zebra crossing')).toBe('"zebra"* AND "crossing"*');
  });

  it('matches a plural suffix written apart whole, leaves an ezafe out, and gives hamza seats their alef spelling', () => {
    expect(searchMatchExpression('کتاب ها')).toBe('("کتاب"* OR "کت اب") AND ("ها" OR "کتابها"*)');
    expect(searchMatchExpression(`خانه${ZWNJ}ی`)).toBe('("خانه"* OR "خا نه")');
    expect(searchMatchExpression('ی')).toBe('"ی"*');
    expect(searchMatchExpression('ها')).toBe('"ها"*');
    expect(searchMatchExpression('رئیس مسئله')).toBe(
      '("رییس"* OR "رایس"* OR "ری یس") AND ("مسیله"* OR "مساله"* OR "مس یله" OR "مسی له" OR "رییسمسیله"* OR "رایسمساله"*)',
    );
    expect(searchMatchExpression('مسئله')).toBe('("مسیله"* OR "مساله"* OR "مس یله" OR "مسی له")');
    // A seat before waw folds away (issue 37): no alef spelling for it.
    expect(searchMatchExpression('مسئول')).toBe('("مسول"* OR "مس ول")');
    expect(searchMatchExpression('مساله')).toBe('("مساله"* OR "مس اله" OR "مسا له")');
    expect(searchMatchExpression('آب')).toBe('"اب"*');
  });
});

describe('the index text of a page', () => {
  it('is the normalised text, then the other spelling of words with a hamza seat', () => {
    expect(pageIndexText({ title: 'Plain', description: '', html: '<p>كتاب</p>' })).toBe('کتاب');
    // «آب» in the title: the triggers fold it (0018), so the text does not carry it again.
    expect(pageIndexText({ title: 'آب و هوا', description: 'خانۀ ما', html: '<p>متن</p>' })).toBe('متن');
    // «مسئله» is also found as «مساله».
    expect(pageIndexText({ title: 'عنوان', html: '<p>یک مسئله</p>' })).toBe('یک مسیله مساله');
  });
});

describe('slugs', () => {
  it('fold Arabic ي ى ك to Persian ی ک and keep everything else as written', () => {
    expect(foldSlug('علي/كتاب-موسى')).toBe('علی/کتاب-موسی');
    expect(foldSlug(`نیم${ZWNJ}فاصله-۱۴۰۵-آب-hello`)).toBe(`نیم${ZWNJ}فاصله-۱۴۰۵-آب-hello`);
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

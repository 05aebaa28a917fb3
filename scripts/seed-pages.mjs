// Seeds the serving index with N generated pages by bulk SQL, for the query-plan test
// (tests/integration/query-plans.test.ts) and the size bench (`npm run bench -- --sizes`,
// scripts/bench-sizes.mjs): thousands of rows in a test, 100 000 in the bench, without the content
// repository or the renderer (a re-index of 100 000 pages is the sync's own bench, `--scale`).
//
// The rows look like a real bilingual site's: half Persian, half English; page i of each language
// at `logs/page-i`, so the two are each other's translation (every tenth pair by `translationKey`
// instead, at different addresses); four categories, dates over 16 years, two tags of eight, an
// author on a third of them, one in fifty a draft, one in a hundred `noindex`; a short body and
// search text (the full-text index's triggers run as for any page).
//
// `seedPagesSql(count, { start, bodyWords })` returns the statements; run them in one transaction.

const EN =
  'the river city morning evening light window paper ink history travel music memory bridge street market season winter summer quiet careful simple bright garden letter story reader';
const FA =
  'کتاب نامه نوشتن خواندن صفحه زبان داستان شهر باغ رود صبح شب نور پنجره کاغذ جوهر تاریخ سفر موسیقی خاطره پل خیابان بازار فصل';

/** The SQL string literal of a text. */
const literal = (text) => `'${String(text).replaceAll("'", "''")}'`;

/** Statements that insert pages `start` … `start + count - 1` (by number; each number is one page in one language). */
export function seedPagesSql(count, { start = 0, bodyWords = 60 } = {}) {
  if (!Number.isInteger(count) || count < 0) throw new Error('seedPagesSql: count must be a whole number ≥ 0');
  const en = EN.split(' ');
  const fa = FA.split(' ');
  // A text of `bodyWords` words per language, varied per page by rotating the word list (SQL
  // substr over a doubled list), so the full-text index holds many distinct rows.
  const words = (list) => Array.from({ length: bodyWords }, (_, i) => list[i % list.length]).join(' ');
  const body = { en: words(en), fa: words(fa) };
  return [
    `with recursive n(i) as (select ${start} union all select i + 1 from n where i < ${start + count - 1})
insert into pages (locale, slug, source_path, source_hash, title, description, date, author, author_key, cat, draft, noindex,
  translation_key, tags, html, search_text, body, widgets, words, indexed_at)
select
  case when i % 2 = 0 then 'fa' else 'en' end,
  case when (i / 2) % 10 = 3 then 'logs/' || case when i % 2 = 0 then 'fa-' else 'en-' end || (i / 2) else 'logs/page-' || (i / 2) end,
  'content/' || case when i % 2 = 0 then 'fa' else 'en' end || '/logs/page-' || (i / 2) || '.md',
  printf('%040x', i),
  case when i % 2 = 0 then ${literal(fa[0])} || ' ' || (i / 2) else 'Page ' || (i / 2) end,
  case when i % 2 = 0 then ${literal(fa[1])} else 'About page ' || (i / 2) end,
  case when i % 37 = 0 then null else printf('%04d-%02d-%02d', 2010 + i % 16, 1 + i % 12, 1 + i % 28) end,
  case when i % 3 = 0 then 'owner' end,
  case when i % 3 = 0 then 'owner' end,
  case (i / 2) % 4 when 0 then 'tuts' when 1 then 'library' when 2 then 'notes' else 'projects' end,
  i % 50 = 7,
  i % 100 = 11,
  case when (i / 2) % 10 = 3 then 'pair-' || (i / 2) end,
  json_array(json_object('slug', 'tag-' || (i % 8), 'name', 'Tag ' || (i % 8)), json_object('slug', 'tag-' || (8 + i % 5), 'name', 'Tag ' || (8 + i % 5))),
  '',
  substr(case when i % 2 = 0 then ${literal(`${body.fa} ${body.fa}`)} else ${literal(`${body.en} ${body.en}`)} end, 1 + i % 40),
  json_array(json_object('html', '<p>' || case when i % 2 = 0 then ${literal(body.fa)} else ${literal(body.en)} end || '</p>')),
  '[]',
  ${bodyWords},
  1767225600000 + i * 1000
from n`,
  ];
}

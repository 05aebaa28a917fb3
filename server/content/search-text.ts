/**
 * Text for the full-text search index (docs/content.md "Search"): a page's plain text, and the one
 * normalisation that both the index and every query go through.
 *
 * The index is an FTS5 table kept in step with `pages` by triggers (drizzle/0007_search.sql). The
 * triggers normalise in SQL with `normaliseSearchSql`, the query side in JS with `normaliseSearch`;
 * both are generated from the one table below, and a test checks the migration holds exactly the
 * SQL this file generates and that both give the same text.
 */

/** Characters folded to another (Arabic letters and digits to the Persian and ASCII ones readers type) or dropped. */
const FOLDS: readonly (readonly [from: number, to: string])[] = [
  [0x064a, '\u06cc'], // Arabic yeh ي → Persian yeh ی
  [0x0649, '\u06cc'], // Arabic alef maksura ى → Persian yeh ی
  [0x0643, '\u06a9'], // Arabic kaf ك → Persian keheh ک
  // Persian (۰–۹) and Arabic-Indic (٠–٩) digits → ASCII.
  ...Array.from({ length: 10 }, (_, d) => [0x06f0 + d, String(d)] as const),
  ...Array.from({ length: 10 }, (_, d) => [0x0660 + d, String(d)] as const),
  // Ignored: ZWNJ (half-space) and ZWJ, kashida, harakat (fathatan … sukun) and the superscript alef.
  [0x200c, ''],
  [0x200d, ''],
  [0x0640, ''],
  ...Array.from({ length: 8 }, (_, i) => [0x064b + i, ''] as const),
  [0x0670, ''],
];

const foldMap = new Map(FOLDS.map(([from, to]) => [String.fromCodePoint(from), to]));
const foldPattern = new RegExp(`[${FOLDS.map(([from]) => `\\u{${from.toString(16)}}`).join('')}]`, 'gu');

/** Folds Arabic ي/ى/ك to Persian ی/ک, Persian and Arabic-Indic digits to ASCII, and drops ZWNJ, ZWJ, kashida and harakat. */
export function normaliseSearch(text: string): string {
  return text.replace(foldPattern, (char) => foldMap.get(char) ?? char);
}

/**
 * Nested `replace` calls per SQL sub-select: SQLite's parser refuses deeper nesting ("parser stack
 * overflow" at about 25), so the folds run in stages, each a sub-select over the previous one.
 */
const SQL_STAGE = 12;

/** The same normalisation as one SQL expression around `expression`, for the index's triggers. */
export function normaliseSearchSql(expression: string): string {
  const literal = (to: string) => (to === '' ? "''" : /^\d$/.test(to) ? `'${to}'` : `char(${to.codePointAt(0)})`);
  const stage = (input: string, folds: typeof FOLDS) =>
    folds.reduce((sql, [from, to]) => `replace(${sql}, char(${from}), ${literal(to)})`, input);
  let sql = '';
  for (let start = 0; start < FOLDS.length; start += SQL_STAGE) {
    const folds = FOLDS.slice(start, start + SQL_STAGE);
    sql = start === 0 ? `SELECT ${stage(expression, folds)} AS v` : `SELECT ${stage('v', folds)} AS v FROM (${sql})`;
  }
  return `(${sql})`;
}

/** Elements that separate words; every other tag (strong, a, code…) sits inside a word's run of text. */
const BLOCK = new Set(
  'address article aside blockquote br dd details div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul img input'.split(
    ' ',
  ),
);
/** A tag, with quoted attribute values that may hold `>`. */
const TAG = /<\/?([a-zA-Z][\w-]*)(?:[^>"']|"[^"]*"|'[^']*')*>|<!--[\s\S]*?-->/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** `&#x3C;`, `&#60;`, `&amp;`… as characters; an unknown or invalid reference stays as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/**
 * A page's rendered HTML (sanitised, from the renderer) as plain text for the search index and its
 * snippets: tags removed (block elements become a space, inline ones join their text), character
 * references decoded, whitespace collapsed. Attribute values (links, ids, classes) are not text.
 */
export function pageSearchText(html: string): string {
  return decodeEntities(html.replace(TAG, (_tag, name: string | undefined) => (name && BLOCK.has(name.toLowerCase()) ? ' ' : '')))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a query, normalised as the index is (at most `limit`, the rest ignored). */
export function searchTerms(query: string, limit = 12): string[] {
  return normaliseSearch(query)
    .split(/[^\p{L}\p{N}\p{Co}]+/u)
    .filter(Boolean)
    .slice(0, limit);
}

/**
 * A query as an FTS5 MATCH expression: every word a quoted string (so no word is FTS5 syntax:
 * `NEAR`, `OR`, `-`, `:` or `*` typed by a reader are only separators) matched as a prefix, all of
 * them required. Undefined when the query has no words.
 */
export function searchMatchExpression(query: string): string | undefined {
  const terms = searchTerms(query);
  return terms.length ? terms.map((term) => `"${term}"*`).join(' ') : undefined;
}

/** How a character compares for highlighting: normalised, Latin accents dropped, lower case (may be 0–n chars). */
function matchKey(char: string): string {
  return normaliseSearch(char).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/**
 * A passage of `text` around the first word that starts with one of the query's terms, as escaped
 * HTML with every such word in `<mark>`: the page's own text (its half-spaces and digits as the
 * author wrote them), compared through the same normalisation as the index. Undefined when no word
 * matches.
 */
export function searchSnippet(text: string, query: string, length = 200): string | undefined {
  const terms = [...new Set(searchTerms(query).map((term) => [...term].map(matchKey).join('')))].filter(Boolean);
  if (!terms.length || !text) return undefined;
  // The compared text, and for each of its code units the index of the character it came from.
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; ) {
    const char = String.fromCodePoint(text.codePointAt(i) ?? 0);
    const key = matchKey(char);
    folded += key;
    for (let k = 0; k < key.length; k++) origin.push(i);
    i += char.length;
  }
  origin.push(text.length);
  const pattern = terms
    .sort((a, b) => b.length - a.length)
    .map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
  const matches: [start: number, end: number][] = [];
  for (const found of folded.matchAll(new RegExp(`(?<![\\p{L}\\p{N}\\p{Co}])(?:${pattern})[\\p{L}\\p{N}\\p{Co}]*`, 'gu'))) {
    const start = origin[found.index] ?? 0;
    const endIndex = found.index + found[0].length;
    // Up to the next compared character, so the marks the comparison dropped stay with their letter.
    matches.push([start, origin[endIndex] ?? text.length]);
  }
  const first = matches[0];
  if (!first) return undefined;
  // A window of about `length` characters that starts a little before the first match, on word boundaries.
  let from = Math.max(0, first[0] - Math.floor(length / 4));
  if (from > 0) {
    const space = text.indexOf(' ', from);
    from = space === -1 || space >= first[0] ? first[0] : space + 1;
  }
  let to = Math.min(text.length, from + length);
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    if (space > first[1]) to = space;
  }
  let html = from > 0 ? '… ' : '';
  let at = from;
  for (const [start, end] of matches) {
    if (end <= from || start < at) continue;
    if (start >= to) break;
    html += `${escapeHtml(text.slice(at, start))}<mark>${escapeHtml(text.slice(start, Math.min(end, to)))}</mark>`;
    at = Math.min(end, to);
  }
  html += escapeHtml(text.slice(at, to));
  return to < text.length ? `${html} …` : html;
}

/** The opening of `text` as escaped HTML (a result whose match is in its title only). */
export function searchSnippetStart(text: string, length = 200): string {
  if (text.length <= length) return escapeHtml(text);
  const space = text.lastIndexOf(' ', length);
  return `${escapeHtml(text.slice(0, space > length / 2 ? space : length))} …`;
}

/**
 * Text for the full-text search index (docs/content.md "Search"): a page's plain text, and the one
 * normalisation that both the index and every query go through.
 *
 * The index is an FTS5 table kept in step with `pages` by triggers (drizzle/0007_search.sql, 0015, 0018).
 * The page text arrives normalised in JS (`pageIndexText`, at render time); the triggers normalise
 * titles and descriptions in SQL (`normaliseSearchSql`, the whole table since drizzle/0018), queries
 * are normalised in JS. All are made
 * from the one table in common/persian-fold.ts; a test checks that the JS and SQL sides give the
 * same text and that the migrations hold exactly the SQL generated here. */
import { FOLDS, foldFrom, foldPersian, foldSql, type TriggerMigration } from '../../common/persian-fold';

/** Folds Arabic letters and spellings to the Persian ones (أ إ آ → ا, ة ۀ → ه, ؤ → و, ئ ي → ی, ك → ک), digits to ASCII, and drops ZWNJ, ZWJ, kashida and harakat (common/persian-fold.ts). */
export function normaliseSearch(text: string): string {
  return foldPersian(text);
}

/** The same normalisation as one SQL expression around `expression` (the whole table: drizzle/0018's triggers and the tests). */
export function normaliseSearchSql(expression: string): string {
  return foldSql(expression);
}

/**
 * The part of the normalisation the index's triggers apply to titles and descriptions as of the
 * migration `upTo` (drizzle/0007 and 0015: the first folds; 0018: the whole table), default the newest.
 */
export function installedSearchSql(expression: string, upTo?: TriggerMigration): string {
  return foldSql(
    expression,
    FOLDS.filter((entry) => entry.triggers !== null && (!upTo || entry.triggers <= upTo)),
  );
}

/** A word as written: letters, digits and what may sit inside one (marks, half-spaces, ZWJ, kashida). */
const WORD = /[\p{L}\p{N}\p{Co}](?:[\p{L}\p{N}\p{Co}\p{M}\u200c\u0640]|\u200d)*/gu;
/** A yeh-hamza seat, but not one before waw (a `seat` of common/persian-fold.ts: «مسئول» folds to «مسول»). */
const YEH_HAMZA = /\u0626(?!\u0648)/g;

/**
 * The other spelling of a word with a yeh-hamza seat: «مسئله» is also written «مساله» (and «مسأله»,
 * which folds to it). `ئ → ی` makes «رئیس» meet «رییس»; this variant makes «مسئله» meet «مساله».
 */
function hamzaVariant(word: string): string | undefined {
  const variant = word.replace(YEH_HAMZA, '\u0627');
  return variant !== word ? normaliseSearch(variant) : undefined;
}

/**
 * What a page gives the full-text index's text column (`pages.search_text`): its plain text, its
 * tags' names (issue 37: a tag is searchable, «کتاب‌خوانی» finds the pages tagged so), normalised,
 * then the other spelling of each word with a yeh-hamza seat (`hamzaVariant`) in its title,
 * description, text and tags. The triggers fold titles and descriptions with the whole table since
 * drizzle/0018 (before it, this text also carried the title's words they missed).
 */
export function pageIndexText(page: {
  title: string;
  description?: string | null;
  html: string;
  tags?: readonly { name: string }[] | null;
}): string {
  const text = [pageSearchText(page.html), ...(page.tags ?? []).map((tag) => tag.name)].filter(Boolean).join(' ');
  const extra = new Set<string>();
  for (const [word] of `${page.title} ${page.description ?? ''} ${text}`.normalize('NFC').matchAll(WORD)) {
    const variant = hamzaVariant(word);
    if (variant) extra.add(variant);
  }
  const normalised = normaliseSearch(text);
  return extra.size ? `${normalised} ${[...extra].join(' ')}`.trim() : normalised;
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

/**
 * `&#x3C;`, `&#60;`, `&amp;`… as characters, in one pass (`&amp;lt;` is `&lt;`, never `<`); an
 * unknown or invalid reference stays as written. Also the importers' XML reader (WXR).
 */
export function decodeEntities(text: string): string {
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

/** The ezafe written apart («خانه‌ی», «خانه ی»), normalised: the same word as «خانۀ» and «خانهٔ», so a query leaves it out. */
const EZAFE = '\u06cc';
/** Plural suffixes written apart («کتاب ها»), normalised: matched whole on their own, never as a prefix of another word. */
const PLURALS = new Set(['\u0647\u0627', '\u0647\u0627\u06cc', '\u0647\u0627\u06cc\u06cc']);
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;

/** The words of a query as written (NFC), a half-space separating them as a space does; an ezafe after a word left out. */
function queryPieces(query: string, limit: number): string[] {
  const pieces: string[] = [];
  for (const [word] of query.normalize('NFC').matchAll(WORD))
    for (const part of word.split('\u200c')) {
      const folded = normaliseSearch(part);
      if (!folded || (pieces.length && folded === EZAFE)) continue;
      pieces.push(part);
    }
  return pieces.slice(0, limit);
}

/** A Persian word is split at most this long (in characters): longer ones are no words a reader types. */
const SPLIT_MAX = 30;
/** Each part of a split has at least this many letters («می», «ها»): one letter alone is no part of a word. */
const SPLIT_PART_MIN = 2;

/**
 * The ways a Persian query word may be written apart in the text, normalised, as FTS5 phrases'
 * text: «گلها» → «گل ها», «گله ا»… (every split into two parts of at least two letters). Empty for
 * other words, short ones and long ones.
 */
export function splits(word: string): string[] {
  if (!ARABIC_SCRIPT.test(word)) return [];
  const chars = [...normaliseSearch(word)];
  if (chars.length > SPLIT_MAX || chars.some((char) => !/[\p{L}\p{M}]/u.test(char))) return [];
  const out: string[] = [];
  for (let at = SPLIT_PART_MIN; at <= chars.length - SPLIT_PART_MIN; at++)
    out.push(`${chars.slice(0, at).join('')} ${chars.slice(at).join('')}`);
  return out;
}

/**
 * A query as an FTS5 MATCH expression: every word a quoted string (so no word is FTS5 syntax:
 * `NEAR`, `OR`, `-`, `:` or `*` typed by a reader are only separators) matched as a prefix, all of
 * them required. Undefined when the query has no words.
 *
 * Persian writers put a space, a half-space or nothing between the parts of one word («جست وجو»,
 * «جست‌وجو», «جستوجو»): the index drops half-spaces, and each Persian word of the query also matches
 * joined to the one or two before it, so any of the three finds the others. A plural suffix
 * written apart («کتاب ها») matches whole, an ezafe written apart («خانه‌ی») is left out; a word
 * with a yeh-hamza seat also matches its alef spelling («مسئله», «مساله»). The other way round, a
 * Persian word typed joined also matches the text's two words written apart, each whole
 * (`"گلها"* OR "گل ها"`: «گلها» finds «گل ها», «مینویسم» finds «می نویسم»; `splits`).
 */
export function searchMatchExpression(query: string, limit = 12): string | undefined {
  const pieces = queryPieces(query, limit);
  if (!pieces.length) return undefined;
  return pieces
    .map((piece, i) => {
      const alone = normaliseSearch(piece);
      const options = new Set([i > 0 && PLURALS.has(alone) ? `"${alone}"` : `"${alone}"*`]);
      const variant = hamzaVariant(piece);
      if (variant) options.add(`"${variant}"*`);
      // Written apart in the text («گلها» finds «گل ها», «مینویسم» finds «می نویسم»): both parts whole.
      for (const split of splits(piece)) options.add(`"${split}"`);
      // Joined to the one or two Persian words before it.
      for (let j = i - 1; j >= Math.max(0, i - 2) && pieces.slice(j, i + 1).every((p) => ARABIC_SCRIPT.test(p)); j--) {
        const joined = pieces.slice(j, i + 1).join('');
        options.add(`"${normaliseSearch(joined)}"*`);
        const joinedVariant = hamzaVariant(joined);
        if (joinedVariant) options.add(`"${joinedVariant}"*`);
      }
      return options.size === 1 ? [...options][0] : `(${[...options].join(' OR ')})`;
    })
    .join(' AND ');
}

const SEATS = FOLDS.filter((entry) => entry.kind === 'seat');

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
    // A hamza seat before waw folds as the two letters do (ئو → و), else each character alone.
    const seat = SEATS.find((entry) => text.startsWith(foldFrom(entry), i));
    const char = seat ? foldFrom(seat) : String.fromCodePoint(text.codePointAt(i) ?? 0);
    const key = seat ? seat.to : matchKey(char);
    folded += key;
    for (let k = 0; k < key.length; k++) origin.push(i);
    i += char.length;
  }
  origin.push(text.length);
  const literal = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A term as a prefix of a word, or (a Persian word) written apart in two whole words, as the index matches it.
  const pattern = terms
    .sort((a, b) => b.length - a.length)
    .flatMap((term) => [
      ...splits(term).map((split) => `${literal(split)}(?![\\p{L}\\p{N}\\p{Co}])`),
      `${literal(term)}[\\p{L}\\p{N}\\p{Co}]*`,
    ])
    .join('|');
  const matches: [start: number, end: number][] = [];
  for (const found of folded.matchAll(new RegExp(`(?<![\\p{L}\\p{N}\\p{Co}])(?:${pattern})`, 'gu'))) {
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

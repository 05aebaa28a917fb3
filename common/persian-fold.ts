/**
 * One Persian folding (docs/content.md "Search"): the spellings Persian readers and writers use
 * for the same word, reduced to one form. One table serves search (server/content/search-text.ts
 * makes its JS and SQL sides from it), page addresses (`foldSlug`) and user names
 * (common/user-name.ts).
 *
 * Each entry says where it applies:
 * - `letter`: Arabic letters whose Persian twins readers type (ي ى → ی, ك → ک). Everywhere, slugs included.
 * - `spelling`: other spellings of the same letter (hamza seats, ta marbuta, heh with yeh, alef wasla).
 * - `digit`: Persian and Arabic-Indic digits → ASCII.
 * - `ignored`: characters that do not change a word (ZWNJ and ZWJ, kashida, harakat).
 * - `seat`: a hamza seat before waw, a sequence of two letters written three ways for one word
 *   («مسئول», «مسؤول»; «سئوال», «سؤال», «سوال»): the seat is dropped, leaving the waw. Applied after
 *   the ignored characters are dropped and before the letters fold (ئ → ی would hide it).
 *
 * `triggers` names the migration whose search-index triggers first apply the fold in SQL to titles
 * and descriptions: 0007 (and 0015, which re-created them) the first ones, 0018 the spellings, 0033
 * the Urdu/Kurdish heh ھ ہ and the hamza seats before waw (issue 37). An
 * entry added later comes in with `null` and waits for a migration that re-creates the triggers;
 * server/content/search-text.test.ts checks each trigger migration against these names.
 */
export type FoldKind = 'letter' | 'spelling' | 'digit' | 'ignored' | 'seat';
/** The migrations that (re-)created the search triggers with a new part of the table. */
export type TriggerMigration = '0007' | '0018' | '0033';
/** `from`: one code point, or (a `seat`) the code points of a sequence. */
export type Fold = { from: number | readonly number[]; to: string; kind: FoldKind; triggers: TriggerMigration | null };

const fold = (from: Fold['from'], to: string, kind: FoldKind, triggers: TriggerMigration | null): Fold => ({
  from,
  to,
  kind,
  triggers,
});

/** The text an entry replaces. */
export const foldFrom = (entry: Fold) =>
  typeof entry.from === 'number' ? String.fromCodePoint(entry.from) : String.fromCodePoint(...entry.from);

export const FOLDS: readonly Fold[] = [
  // In the triggers since 0007, in this order (the test compares the SQL they hold).
  fold(0x064a, '\u06cc', 'letter', '0007'), // Arabic yeh ي → Persian yeh ی
  fold(0x0649, '\u06cc', 'letter', '0007'), // Arabic alef maksura ى → Persian yeh ی
  fold(0x0643, '\u06a9', 'letter', '0007'), // Arabic kaf ك → Persian keheh ک
  ...Array.from({ length: 10 }, (_, d) => fold(0x06f0 + d, String(d), 'digit', '0007')), // ۰–۹
  ...Array.from({ length: 10 }, (_, d) => fold(0x0660 + d, String(d), 'digit', '0007')), // ٠–٩
  fold(0x200c, '', 'ignored', '0007'), // ZWNJ (half-space)
  fold(0x200d, '', 'ignored', '0007'), // ZWJ
  fold(0x0640, '', 'ignored', '0007'), // kashida ـ
  ...Array.from({ length: 8 }, (_, i) => fold(0x064b + i, '', 'ignored', '0007')), // fathatan … sukun
  fold(0x0670, '', 'ignored', '0007'), // superscript alef
  // Since issue 25, in the triggers since 0018.
  fold(0x0623, '\u0627', 'spelling', '0018'), // alef with hamza above أ → ا
  fold(0x0625, '\u0627', 'spelling', '0018'), // alef with hamza below إ → ا
  fold(0x0622, '\u0627', 'spelling', '0018'), // alef with madda آ → ا
  fold(0x0671, '\u0627', 'spelling', '0018'), // alef wasla ٱ → ا
  fold(0x0629, '\u0647', 'spelling', '0018'), // ta marbuta ة → ه
  fold(0x06c0, '\u0647', 'spelling', '0018'), // heh with yeh ۀ (ezafe) → ه
  fold(0x06c2, '\u0647', 'spelling', '0018'), // heh goal with hamza ۂ → ه
  fold(0x0624, '\u0648', 'spelling', '0018'), // waw with hamza ؤ → و
  fold(0x0626, '\u06cc', 'spelling', '0018'), // yeh with hamza ئ → ی
  fold(0x0653, '', 'ignored', '0018'), // maddah above (decomposed آ)
  fold(0x0654, '', 'ignored', '0018'), // hamza above (the ezafe of «خانهٔ», decomposed أ ؤ ئ)
  fold(0x0655, '', 'ignored', '0018'), // hamza below (decomposed إ)
  // Since issue 37, in the triggers since 0033.
  fold(0x06be, '\u0647', 'letter', '0033'), // heh doachashmee ھ (Urdu/Kurdish keyboards) → ه: «ھادی» is «هادی»
  fold(0x06c1, '\u0647', 'letter', '0033'), // heh goal ہ → ه
  fold([0x0626, 0x0648], '\u0648', 'seat', '0033'), // yeh-hamza before waw ئو → و: «مسئول», «سئوال»
  fold([0x0624, 0x0648], '\u0648', 'seat', '0033'), // waw-hamza before waw ؤو → و: «مسؤول», «رؤوف»
];

/** The order the folds apply in: ignored characters dropped, then the seats, then the letters (only when there are seats). */
function ordered(folds: readonly Fold[]): readonly Fold[] {
  if (!folds.some((entry) => entry.kind === 'seat')) return folds;
  return [
    ...folds.filter((entry) => entry.kind === 'ignored'),
    ...folds.filter((entry) => entry.kind === 'seat'),
    ...folds.filter((entry) => entry.kind !== 'ignored' && entry.kind !== 'seat'),
  ];
}

function folder(folds: readonly Fold[]) {
  const chars = (list: readonly Fold[]) => {
    if (!list.length) return (text: string) => text;
    const map = new Map(list.map((entry) => [foldFrom(entry), entry.to]));
    const pattern = new RegExp(`[${list.map((entry) => `\\u{${(entry.from as number).toString(16)}}`).join('')}]`, 'gu');
    return (text: string) => text.replace(pattern, (char) => map.get(char) ?? char);
  };
  const seats = folds.filter((entry) => entry.kind === 'seat');
  if (!seats.length) return chars(folds);
  const ignored = chars(folds.filter((entry) => entry.kind === 'ignored'));
  const letters = chars(folds.filter((entry) => entry.kind !== 'ignored' && entry.kind !== 'seat'));
  return (text: string) => letters(seats.reduce((out, entry) => out.replaceAll(foldFrom(entry), entry.to), ignored(text)));
}

/** The whole table: Arabic letters and spellings to the Persian ones, digits to ASCII, ignored characters dropped. */
export const foldPersian = folder(FOLDS);

const foldLetters = folder(FOLDS.filter((entry) => entry.kind === 'letter'));

/**
 * A page address with Arabic ي ى ك written as Persian ی ک (issue 25): the one change a slug gets.
 * Half-spaces, digits and hamza seats stay as the author wrote them (they are part of the address).
 */
export function foldSlug(slug: string): string {
  return foldLetters(slug);
}

/**
 * What two page addresses compare by (`pages.slug_key`, issue 37): the whole table, so an address
 * typed without its half-space, with Arabic ي ك ھ, Latin or Arabic-Indic digits, or another hamza
 * seat finds the page published under the author's spelling. Not an address itself (the half-space
 * is gone): only a key to look one up by.
 */
export function foldAddress(slug: string): string {
  return foldPersian(slug.normalize('NFC'));
}

/**
 * What a typed search is compared by in the dashboard's lists (issue 37): NFC, folded, lower case.
 * A column holds it when `foldPersian(column)` (lower-cased) holds it (`foldSqlFor`).
 */
export function foldQuery(query: string): string {
  return foldPersian(query.normalize('NFC').trim()).toLowerCase();
}

const IGNORED = FOLDS.filter((entry) => entry.kind === 'ignored');

/** Arabic-script letters, marks and digits (ASCII digits too: the column may write them in Persian). */
const FOLDABLE = /[\u0600-\u06ff0-9]/;

/**
 * The part of the table that decides whether a column holds `folded` (a `foldQuery`), as SQL around
 * `expression`; undefined when nothing needs folding (a query without Arabic-script letters or
 * digits drops only the ignored characters). Only the entries whose result the query holds, the ignored
 * characters and the seats are needed: a folded query holds no character the table folds, so a
 * column's character folded elsewhere can never be part of a match. A third to a half of the table
 * for a Persian word, so a list is compared in about half the time (10 000 titles: 394 ms instead of 788 on a busy machine).
 */
export function foldSqlFor(expression: string, folded: string): string | undefined {
  // A Latin query still skips the characters that change no word (a half-space in «x‌y»).
  if (!FOLDABLE.test(folded)) return foldSql(expression, IGNORED);
  const needed = FOLDS.filter(
    (entry) => entry.kind === 'ignored' || entry.kind === 'seat' || (entry.to !== '' && folded.includes(entry.to)),
  );
  return foldSql(expression, needed);
}

/**
 * Nested `replace` calls per SQL sub-select: SQLite's parser refuses deeper nesting ("parser stack
 * overflow" at about 25), so the folds run in stages, each a sub-select over the previous one.
 */
const SQL_STAGE = 12;

/** The SQL expression of `folds` around `expression` (SQLite `replace` calls, in stages). */
export function foldSql(expression: string, folds: readonly Fold[] = FOLDS): string {
  const literal = (to: string) =>
    to === '' ? "''" : /^\d$/.test(to) ? `'${to}'` : [...to].map((char) => `char(${char.codePointAt(0)})`).join(' || ');
  const stage = (input: string, part: readonly Fold[]) =>
    part.reduce(
      (sql, { from, to }) => `replace(${sql}, char(${typeof from === 'number' ? from : from.join(', ')}), ${literal(to)})`,
      input,
    );
  const steps = ordered(folds);
  let sql = '';
  for (let start = 0; start < steps.length; start += SQL_STAGE) {
    const part = steps.slice(start, start + SQL_STAGE);
    sql = start === 0 ? `SELECT ${stage(expression, part)} AS v` : `SELECT ${stage('v', part)} AS v FROM (${sql})`;
  }
  return `(${sql})`;
}

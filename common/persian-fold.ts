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
 *
 * `triggers` names the migration whose search-index triggers first apply the fold in SQL to titles
 * and descriptions: 0007 (and 0015, which re-created them) the first ones, 0018 the whole table. An
 * entry added later comes in with `null` and waits for a migration that re-creates the triggers;
 * server/content/search-text.test.ts checks each trigger migration against these names.
 */
export type FoldKind = 'letter' | 'spelling' | 'digit' | 'ignored';
/** The migrations that (re-)created the search triggers with a new part of the table. */
export type TriggerMigration = '0007' | '0018';
export type Fold = { from: number; to: string; kind: FoldKind; triggers: TriggerMigration | null };

const fold = (from: number, to: string, kind: FoldKind, triggers: TriggerMigration | null): Fold => ({
  from,
  to,
  kind,
  triggers,
});

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
];

function folder(folds: readonly Fold[]) {
  const map = new Map(folds.map((entry) => [String.fromCodePoint(entry.from), entry.to]));
  const pattern = new RegExp(`[${folds.map((entry) => `\\u{${entry.from.toString(16)}}`).join('')}]`, 'gu');
  return (text: string) => text.replace(pattern, (char) => map.get(char) ?? char);
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
 * Nested `replace` calls per SQL sub-select: SQLite's parser refuses deeper nesting ("parser stack
 * overflow" at about 25), so the folds run in stages, each a sub-select over the previous one.
 */
const SQL_STAGE = 12;

/** The SQL expression of `folds` around `expression` (SQLite `replace` calls, in stages). */
export function foldSql(expression: string, folds: readonly Fold[] = FOLDS): string {
  const literal = (to: string) =>
    to === '' ? "''" : /^\d$/.test(to) ? `'${to}'` : [...to].map((char) => `char(${char.codePointAt(0)})`).join(' || ');
  const stage = (input: string, part: readonly Fold[]) =>
    part.reduce((sql, { from, to }) => `replace(${sql}, char(${from}), ${literal(to)})`, input);
  let sql = '';
  for (let start = 0; start < folds.length; start += SQL_STAGE) {
    const part = folds.slice(start, start + SQL_STAGE);
    sql = start === 0 ? `SELECT ${stage(expression, part)} AS v` : `SELECT ${stage('v', part)} AS v FROM (${sql})`;
  }
  return `(${sql})`;
}

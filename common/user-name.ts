import { foldPersian } from './persian-fold';

/**
 * User names (docs/security.md "User names"): letters and digits of one script — Persian/Arabic or
 * Latin — with `_`, `.`, `-`, and in a Persian name the half-space (ZWNJ) between two letters;
 * stored NFC. Names that would look like another are refused or fold to the same key:
 * direction controls (U+202E turns «abc» into «cba» on screen) and invisible characters are refused,
 * letters of two scripts (a Latin `a` beside a Cyrillic `а`) too, and uniqueness and login compare
 * `userNameKey`, where «علي» and «علی», «۱۲» and «12», «Ali» and «ali» are one name.
 */

/** Why a user name is refused: a key of common/messages.ts `validation.*`. */
export type UserNameProblem = 'userNameBidi' | 'userNameInvisible' | 'userNameLetters' | 'userNameScript' | 'userNameZwnj';

/** Direction controls: ALM, LRM, RLM, the embeddings and overrides (U+202A–E), the isolates (U+2066–9). */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/**
 * Characters that show nothing (or nothing of their own): zero-width space, ZWJ, word joiner and
 * invisible operators, BOM, soft hyphen, Mongolian vowel separator, Hangul fillers, variation
 * selectors, the combining grapheme joiner, tag characters, the kashida (a stretch, not a letter),
 * and every other format or control character.
 */
const INVISIBLE: readonly (readonly [first: number, last: number])[] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x0640, 0x0640],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180e],
  [0x200b, 0x200b],
  [0x200d, 0x200d],
  [0x2060, 0x2064],
  [0x206a, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];
const FORMAT_OR_CONTROL = /[\p{Cc}\p{Cs}\p{Co}\p{Cn}\p{Cf}]/u;
const ZWNJ = '\u200c';
const isInvisible = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return INVISIBLE.some(([first, last]) => code >= first && code <= last) || (char !== ZWNJ && FORMAT_OR_CONTROL.test(char));
};
/** Digits of either script: ASCII, Persian (۰–۹) and Arabic-Indic (٠–٩). */
const DIGIT = /[0-9\u06f0-\u06f9\u0660-\u0669]/u;
/** Arabic-script letters and the harakat a Persian name may carry (folded away when compared). */
const ARABIC_LETTER = /[\p{Script_Extensions=Arabic}&&[\p{L}\p{M}]]/v;
const LATIN_LETTER = /[\p{Script=Latin}&&\p{L}]/v;

/** A name as stored: trimmed, NFC. */
export function normaliseUserName(name: string): string {
  return name.trim().normalize('NFC');
}

/** Why a (normalised) user name cannot be used, or undefined when it can. Length is checked by the schema. */
export function userNameProblem(name: string): UserNameProblem | undefined {
  if (BIDI.test(name)) return 'userNameBidi';
  if ([...name].some(isInvisible)) return 'userNameInvisible';
  // Compatibility forms (full-width ａ, presentation forms ﻋ, ligatures ﬁ, superscripts) look like other letters.
  if (name.normalize('NFKC') !== name) return 'userNameLetters';
  let arabic = false;
  let latin = false;
  for (const char of name) {
    if (char === '_' || char === '.' || char === '-' || char === ZWNJ || DIGIT.test(char)) continue;
    if (ARABIC_LETTER.test(char)) arabic = true;
    else if (LATIN_LETTER.test(char)) latin = true;
    else if (/\p{L}/u.test(char)) return 'userNameScript';
    else return 'userNameLetters';
  }
  if (arabic && latin) return 'userNameScript';
  if (name.includes(ZWNJ)) {
    // A half-space joins two letters of a Persian name: never at an end, doubled, or beside a sign or digit.
    if (!arabic) return 'userNameZwnj';
    const chars = [...name];
    for (let i = 0; i < chars.length; i++) {
      if (chars[i] !== ZWNJ) continue;
      const before = chars[i - 1];
      const after = chars[i + 1];
      if (!before || !after || !ARABIC_LETTER.test(before) || !ARABIC_LETTER.test(after)) return 'userNameZwnj';
    }
  }
  return undefined;
}

/**
 * What two user names are compared by (uniqueness, login): compatibility forms folded (NFKC), the
 * Persian folding of common/persian-fold.ts (ي → ی, ك → ک, أ → ا…, digits → ASCII, ZWNJ and
 * harakat dropped), and case folded.
 */
export function userNameKey(name: string): string {
  return foldPersian(name.trim().normalize('NFKC')).toUpperCase().toLowerCase();
}

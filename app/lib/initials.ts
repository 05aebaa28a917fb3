/** Letters that join their neighbours in Arabic script (Persian included). */
const arabicScript = /\p{Script=Arabic}/u;
const letterOrDigit = /[\p{L}\p{N}]/u;

/**
 * Up to two initials of a name (docs/spec.md §9 avatar): the first letter of the first two words. Persian
 * letters are kept apart with a zero-width non-joiner so "مینا صادقی" shows "م‌ص", not a joined
 * word; Latin letters are upper-cased. Leading marks such as "@" or quotes are skipped.
 */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .map((word) => Array.from(word).find((char) => letterOrDigit.test(char)))
    .filter((char): char is string => Boolean(char))
    .slice(0, 2)
    .map((char) => char.toLocaleUpperCase());
  return letters.every((letter) => arabicScript.test(letter)) ? letters.join('\u200c') : letters.join('');
}

/**
 * The one rule for the direction of a block of text on a page (issue 37, Persian review D1/D2),
 * used by the published page's renderer and by the editor, so the editor shows a page as it will
 * be published:
 *
 * a block (paragraph, heading, quote, list) takes the page's direction, unless every letter in it
 * is of the other direction's scripts. «Docker را نصب کنید» on a Persian page is right to left
 * (a Latin first word does not turn it, as `dir="auto"` would); `npm install react` on a Persian
 * page is left to right; a block without letters (digits, signs) keeps the page's direction.
 * A list is one block: its items never take sides of their own, so bullets never sit on both sides.
 */
export type Direction = 'rtl' | 'ltr';

const LETTER = /\p{L}/gu;
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

export function blockDirection(text: string, pageDirection: Direction): Direction {
  let rtl = false;
  let ltr = false;
  for (const [letter] of text.matchAll(LETTER)) {
    if (RTL_SCRIPT.test(letter)) rtl = true;
    else ltr = true;
    if (rtl && ltr) return pageDirection;
  }
  if (rtl) return 'rtl';
  if (ltr) return 'ltr';
  return pageDirection;
}

/** The direction of a text as `dir="auto"` finds it: its first strong letter's, or undefined without letters. */
export function firstLetterDirection(text: string): Direction | undefined {
  const found = /\p{L}/u.exec(text);
  if (!found) return undefined;
  return RTL_SCRIPT.test(found[0]) ? 'rtl' : 'ltr';
}

/**
 * The elements that are blocks for `blockDirection`: each gets a `dir` only where its text turns it
 * against the direction it sits in. List items and what is inside them follow their list; table
 * cells keep `unicode-bidi: plaintext` (content.css), the table the page's direction.
 */
export const DIRECTED_BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'dl', 'figcaption']);

/**
 * Text that is always left to right (a page's address, a repository path) set inside a sentence
 * of either direction (LRI … PDI): in Persian it reads `/fa/logs/سفر`, never «سفر/logs/fa/»
 * (walk-through D12). For plain strings: toasts, dialog descriptions, alerts.
 */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;

import type { BodySegment } from './content';

/*
 * Persian digits in content (Settings → «رقم‌های فارسی در متن», off by default; docs/content.md
 * "Persian digits in content"): wp-parsidate's `fixnumber`, done right. In a Persian page's body,
 * a number written with ASCII digits inside Persian text is shown with Persian digits
 * («سال 1404» → «سال ۱۴۰۴»). Left as written:
 * - code, preformatted text, keyboard and sample output, variables, math and SVG (`SKIPPED`);
 * - any element the renderer or the author marked as another language or left to right
 *   (`dir="ltr"`, `lang="en"`: block-direction.ts marks wholly Latin blocks so);
 * - attributes (an `href`, a `src`, a `srcset`'s widths) and character references (`&#x3C;`);
 * - a word that holds a Latin letter (`mp3`, `H2O`, `v2`, `https://…/2024/`) or is dotted like a
 *   version or an address (`1.2.3`, `192.168.0.1`);
 * - a number whose nearest letter is Latin («React 19», «Windows 11»): it belongs to that run.
 * The page's stored HTML is unchanged (a setting toggles it with no re-index); the transform runs
 * when a page is read from the index, and the page cache keys pages by the settings' version.
 */

/** Elements whose text is never touched, with everything inside them. */
const SKIPPED = new Set(['code', 'pre', 'kbd', 'samp', 'var', 'math', 'svg', 'script', 'style', 'textarea', 'tt']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** A tag (its attributes quoted or not, `>` inside quotes allowed), a comment, or text. */
const MARKUP = /<!--[\s\S]*?-->|<\/?[A-Za-z][^\s/>]*(?:[^>"']|"[^"]*"|'[^']*')*>/g;
const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';
const LATIN_LETTER = /[A-Za-z\u00c0-\u024f]/;
const ARABIC_LETTER = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;
const ANY_LETTER = /\p{L}/u;
const ENTITY = /&(?:#[0-9]+|#x[0-9a-f]+|[a-z][a-z0-9]*);/gi;

function skipsElement(tag: string): boolean {
  const name = /^<([A-Za-z][^\s/>]*)/.exec(tag)?.[1]?.toLowerCase() ?? '';
  if (SKIPPED.has(name)) return true;
  const dir = /\sdir\s*=\s*["']?([a-z]+)/i.exec(tag)?.[1]?.toLowerCase();
  const lang = /\slang\s*=\s*["']?([a-z-]+)/i.exec(tag)?.[1]?.toLowerCase();
  return dir === 'ltr' || (lang !== undefined && !lang.startsWith('fa'));
}

/** The letter nearest to `index` going back (-1) or forward (+1). */
function nearestLetter(text: string, index: number, step: -1 | 1): string | undefined {
  for (let i = index; i >= 0 && i < text.length; i += step) if (ANY_LETTER.test(text[i] as string)) return text[i];
  return undefined;
}

/**
 * One text node: its eligible ASCII digit runs as Persian digits. `before`: the last letter of the
 * text before it in the same block (`<a>React</a> 19`), which the node's own letters override.
 */
function convertText(text: string, before: string | undefined): { text: string; last: string | undefined } {
  // Character references (`&#x3C;`, `&nbsp;`) keep their digits: blanked to spaces of the same
  // length, so the words and the letters are found in `plain` at the offsets of `text`.
  const plain = text.replace(ENTITY, (reference) => ' '.repeat(reference.length));
  const last = nearestLetter(plain, plain.length - 1, -1) ?? before;
  if (!/[0-9]/.test(plain)) return { text, last };
  let out = text;
  for (const match of plain.matchAll(/\S+/g)) {
    const word = match[0];
    const offset = match.index;
    if (!/[0-9]/.test(word) || LATIN_LETTER.test(word) || /\d+(?:\.\d+){2,}/.test(word)) continue;
    // The nearest letter decides: a Latin one means the number is part of a Latin run.
    const near = nearestLetter(plain, offset - 1, -1) ?? before ?? nearestLetter(plain, offset + word.length, 1);
    if (near !== undefined && !ARABIC_LETTER.test(near)) continue;
    // Digits are one UTF-16 unit each: the word's digits are replaced where they stand.
    out =
      out.slice(0, offset) +
      word.replace(/[0-9]/g, (digit) => PERSIAN[Number(digit)] as string) +
      out.slice(offset + word.length);
  }
  return { text: out, last };
}

/** Elements that start a new run of text: a number after one looks at no letter before it. */
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'br',
]);

/**
 * A Persian page's HTML (as the renderer stored it: well-formed, sanitised) with the digits of its
 * Persian text shown as Persian digits; everything else byte for byte as it was.
 */
export function persianDigitsInHtml(html: string): string {
  if (!/[0-9]/.test(html)) return html;
  let out = '';
  let last = 0;
  let letter: string | undefined;
  // Open elements, each with whether it (or one around it) is skipped.
  const open: { name: string; skipped: boolean }[] = [];
  const skipped = () => open.length > 0 && (open[open.length - 1] as { skipped: boolean }).skipped;
  const text = (chunk: string) => {
    if (skipped()) {
      // Skipped text (code, a Latin block) still says which letters came before a number after it.
      letter = nearestLetter(chunk, chunk.length - 1, -1) ?? letter;
      return chunk;
    }
    const result = convertText(chunk, letter);
    letter = result.last;
    return result.text;
  };
  for (const match of html.matchAll(MARKUP)) {
    const index = match.index;
    out += text(html.slice(last, index));
    const tag = match[0];
    out += tag;
    last = index + tag.length;
    if (tag.startsWith('<!--')) continue;
    const name = /^<\/?([A-Za-z][^\s/>]*)/.exec(tag)?.[1]?.toLowerCase() ?? '';
    if (BLOCK.has(name)) letter = undefined;
    if (tag.startsWith('</')) {
      const at = open.map((entry) => entry.name).lastIndexOf(name);
      if (at >= 0) open.length = at;
    } else if (!VOID.has(name) && !tag.endsWith('/>')) {
      open.push({ name, skipped: skipped() || skipsElement(tag) });
    }
  }
  return out + text(html.slice(last));
}

/** A body's HTML segments through persianDigitsInHtml; widgets as they are. */
export function persianDigitsInBody(body: BodySegment[]): BodySegment[] {
  return body.map((segment) => ('html' in segment ? { ...segment, html: persianDigitsInHtml(segment.html) } : segment));
}

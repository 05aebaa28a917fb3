import { foldPersian, foldSlug } from './persian-fold';

/**
 * Tags (docs/content.md "Tags and authors"): front matter `tags: [...]`, each shown under its name
 * and listed at `/{locale}/tags/{slug}`. Two names are one tag when their keys (tagKey) are equal:
 * the slug folds the way search does (common/persian-fold.ts), and the key also drops the breaks
 * between words, as search finds «گل ها» by «گلها». So «كتاب» and «کتاب», «۱۴۰۳» and «1403»,
 * «کتاب‌خوانی» (half-space), «کتاب خوانی», «کتاب-خوانی» and «کتابخوانی», «Books» and «books» are
 * each one tag, named and addressed by the spelling first used (server/services/content.ts).
 */

/** At most this many tags a page (more is a front-matter error). */
export const TAGS_PER_PAGE_MAX = 50;
/** A tag's name, in characters. */
export const TAG_NAME_MAX = 100;
/** A tag's slug, in characters (an address segment). */
const TAG_SLUG_MAX = 80;

/** A tag as a page stores it: its address segment and its name as written (Arabic ي ك as Persian ی ک). */
export type PageTag = { slug: string; name: string };

/** A name as shown: NFC, one space between words, Arabic ي ى ك written as the Persian ی ک. */
export function tagName(name: string): string {
  return foldSlug(name.normalize('NFC').replace(/\s+/gu, ' ').trim());
}

/**
 * The tag's address segment: the name folded like search (letters, spellings, digits; ZWNJ, ZWJ,
 * kashida and harakat are no letters), lower case, every run of other characters — spaces,
 * half-spaces, punctuation, `/`, `.`, `%`, `?`, direction controls — one `-`. Only letters, digits,
 * marks and `-`, so it is a valid page-path segment (common/authoring.ts) and needs no escaping
 * beyond the percent-encoding of `paths.tag`. Empty when the name has no letter or digit.
 */
export function tagSlug(name: string): string {
  const folded = foldPersian(name.normalize('NFC').replace(/\u200c/g, ' ')).toLowerCase();
  return folded
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .map((word) => word.replace(/^\p{M}+/u, ''))
    .filter(Boolean)
    .join('-')
    .slice(0, TAG_SLUG_MAX)
    .replace(/-+$/, '');
}

/**
 * The tag's identity: its slug without the `-` between words, what `page_tags.tag` holds (the
 * triggers of drizzle/0036 make it from the stored slug the same way). A writer may join words
 * or part them («کتابخوانی», «کتاب‌خوانی»); one key keeps them one tag. Empty when the slug is.
 */
export function tagKey(nameOrSlug: string): string {
  return tagSlug(nameOrSlug).replaceAll('-', '');
}

/** Why a list of tag names cannot be stored, or its tags (duplicates by key dropped, the first name kept). */
export function parseTags(
  names: readonly string[],
): { tags: PageTag[] } | { problem: 'tagEmpty' | 'tagTooLong' | 'tooManyTags'; index?: number } {
  const tags: PageTag[] = [];
  for (const [index, raw] of names.entries()) {
    const name = tagName(raw);
    if ([...name].length > TAG_NAME_MAX) return { problem: 'tagTooLong', index };
    const slug = tagSlug(name);
    if (!slug) return { problem: 'tagEmpty', index };
    const key = slug.replaceAll('-', '');
    if (!tags.some((tag) => tag.slug.replaceAll('-', '') === key)) tags.push({ slug, name });
  }
  if (tags.length > TAGS_PER_PAGE_MAX) return { problem: 'tooManyTags' };
  return { tags };
}

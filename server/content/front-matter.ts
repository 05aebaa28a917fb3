import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { type ColorModeValue, isColorModeValue } from '../../common/color-mode';
import { PAGE_VISIBILITIES, type PageVisibility } from '../../common/content';
import { messageRef, translateMessage } from '../../common/messages';
import { isHttpUrl, isSameSitePath } from '../../common/site-path';
import { type PageTag, parseTags, TAG_NAME_MAX, TAGS_PER_PAGE_MAX } from '../../common/tags';

/** A page's YAML front matter after validation (docs/content.md: content is Markdown + YAML in git). */
export type FrontMatter = {
  title: string;
  description: string;
  thumbnail?: string;
  /** The banner's alt text, for a thumbnail that says something (an imported featured image's). */
  thumbnailAlt?: string;
  /** ISO date `YYYY-MM-DD` (or a full ISO timestamp when the file gives a time). */
  date?: string;
  author?: string;
  cat?: string;
  toc: boolean;
  intro: boolean;
  comments: boolean;
  newsletter: boolean;
  draft: boolean;
  /** The page is always shown in this colour mode (common/color-mode.ts); absent = the reader's choice. */
  colorMode?: ColorModeValue;
  /** The browser's and search engines' title (`<title>`) when it should differ from `title`; absent = `title`. */
  metaTitle?: string;
  /** Search engines are asked not to index the page; it is left out of the sitemap and the feeds. */
  noindex: boolean;
  /**
   * Pairs the page with its translation (Hugo's name): pages of the two languages with one key are
   * each other's translation, whatever their addresses. Absent = the page's own address, so pages at
   * the same address in both languages stay paired (docs/content.md "Translations").
   */
  translationKey?: string;
  /** Front matter `tags`, by slug, duplicates dropped (common/tags.ts). */
  tags?: PageTag[];
  /** `members`: only the first block is public, the rest is for signed-in readers (common/content.ts). */
  visibility: PageVisibility;
};

/** A file that cannot be indexed; the message names the field and the problem. */
export class ContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentError';
  }
}

/**
 * Only site paths, by the one site-path rule (common/site-path.ts: no `/\host`, `//host`,
 * `/.//host`…), and http(s) addresses: no `javascript:` or `data:` banners.
 */
const safeUrl = z
  .string()
  .trim()
  .min(1)
  .refine((value) => isSameSitePath(value) || isHttpUrl(value), 'must be a site path (/images/…) or an http(s) address');

/** YAML gives unquoted dates as strings (core schema) — other parsers give Date objects; accept both. */
const dateField = z.union([z.string(), z.date()]).transform((value, ctx) => {
  const date = value instanceof Date ? value : new Date(value.trim());
  if (Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'is not a valid date (use YYYY-MM-DD)' });
    return z.NEVER;
  }
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
});

const flag = z.boolean().default(false);
/** The longest banner alt text (front matter `thumbnailAlt`), as WordPress's alt fields are used: a sentence or two. */
export const THUMBNAIL_ALT_MAX = 300;
const text = z.union([z.string(), z.number()]).transform((value) => String(value).trim());

const frontMatterSchema = z.object({
  title: text.pipe(z.string().min(1, 'must not be empty')),
  description: text.default(''),
  thumbnail: safeUrl.optional().nullable(),
  thumbnailAlt: text
    .pipe(z.string().max(THUMBNAIL_ALT_MAX, `must be at most ${THUMBNAIL_ALT_MAX} characters`))
    .optional()
    .nullable(),
  date: dateField.optional().nullable(),
  author: text.optional().nullable(),
  cat: text
    .pipe(z.string().regex(/^[\p{L}\p{N}_-]+$/u, 'must be one word (letters, digits, - or _)'))
    .optional()
    .nullable(),
  toc: flag,
  intro: flag,
  comments: flag,
  newsletter: flag,
  draft: flag,
  noindex: flag,
  // Exactly one of the two words: a misspelt `member` must not publish a page meant for members to everyone.
  visibility: z
    .enum(PAGE_VISIBILITIES, { error: 'must be public or members' })
    .nullable()
    .optional()
    .transform((value) => value ?? 'public'),
  metaTitle: text.pipe(z.string().max(200, 'must be at most 200 characters')).optional().nullable(),
  // Checked by colorModeOf: a wrong value is a warning, never a reason to skip the page.
  colorMode: z.unknown().optional(),
  // An address-like key: slashes at the ends do not count, NFC like addresses.
  translationKey: text
    .transform((value) => value.normalize('NFC').replace(/^\/+|\/+$/g, ''))
    .pipe(z.string().max(200, 'must be at most 200 characters'))
    .optional()
    .nullable(),
  // A list of names (one name alone is a list of one); folded and checked by common/tags.ts parseTags.
  tags: z
    .union([text, z.array(text)])
    .transform((value, ctx) => {
      const parsed = parseTags(typeof value === 'string' ? [value] : value);
      if ('tags' in parsed) return parsed.tags;
      const message =
        parsed.problem === 'tooManyTags'
          ? messageRef('validation.tooMany', { max: TAGS_PER_PAGE_MAX })
          : parsed.problem === 'tagTooLong'
            ? messageRef('validation.tagTooLong', { max: TAG_NAME_MAX })
            : messageRef('validation.tagEmpty', {});
      ctx.addIssue({ code: 'custom', message, path: parsed.index === undefined ? [] : [parsed.index] });
      return z.NEVER;
    })
    .optional()
    .nullable(),
});

/**
 * Front matter `colorMode`: light or dark forces the page's mode; absent (or null) leaves it to the
 * reader. Anything else — `system` included, which the spec warns against forcing — is ignored with
 * a warning, so the page is still published.
 */
function colorModeOf(value: unknown): { colorMode?: ColorModeValue; warning?: string } {
  if (value === undefined || value === null) return {};
  if (isColorModeValue(value)) return { colorMode: value };
  if (value === 'system')
    return {
      warning: 'colorMode: system is what every page does already; leave colorMode out (only light or dark force a mode)',
    };
  return { warning: `colorMode must be light or dark, not ${JSON.stringify(value)}; the page follows the reader's colour mode` };
}

/**
 * How deep front matter may nest, its own mapping counted as level 1 (F-22). Real pages use two
 * or three levels; the YAML writer and reader recurse, and overflow the stack at about a thousand.
 */
export const FRONT_MATTER_MAX_DEPTH = 32;

/**
 * The path of the first list or mapping nested deeper than FRONT_MATTER_MAX_DEPTH, or undefined.
 * A loop with its own stack, not recursion: the value being checked may be 100 000 levels deep.
 */
export function tooDeepPath(value: unknown): (string | number)[] | undefined {
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (!next.value || typeof next.value !== 'object') continue;
    if (next.path.length >= FRONT_MATTER_MAX_DEPTH) return next.path;
    const isList = Array.isArray(next.value);
    for (const [key, child] of Object.entries(next.value))
      pending.push({ value: child, path: [...next.path, isList ? Number(key) : key] });
  }
  return undefined;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Splits a Markdown file into validated front matter and body; throws ContentError when malformed.
 * `warnings` are problems that do not stop the page from being published (a wrong `colorMode`).
 */
export function parseDocument(source: string): { data: FrontMatter; body: string; warnings: string[] } {
  const text = source.replace(/^\uFEFF/, '');
  const match = FENCE.exec(text);
  if (!match) throw new ContentError('missing front matter: the file must start with a --- block holding at least a title');
  let raw: unknown;
  try {
    raw = parseYaml(match[1] ?? '', { prettyErrors: true }) ?? {};
  } catch (error) {
    // The YAML reader recurses: front matter nested about a thousand levels deep overflows it
    // (it reports V8's RangeError as a parse error with the same message).
    if (error instanceof Error && /^Maximum call stack size exceeded/.test(error.message))
      throw new ContentError(`front matter is nested too deeply to read (at most ${FRONT_MATTER_MAX_DEPTH} levels)`);
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ContentError(`front matter is not valid YAML: ${reason}`);
  }
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new ContentError('front matter must be a YAML mapping (key: value lines)');
  const parsed = validateFrontMatter(raw);
  if (!parsed.success) {
    // zod's default messages are message references (common/zod-messages.ts): the indexer reports in English.
    const problems = parsed.issues.map(
      (issue) =>
        `${issue.path.join('.') || 'front matter'} ${translateMessage('en', issue.message).replace(/^./, (c) => c.toLowerCase())}`,
    );
    throw new ContentError(`front matter: ${problems.join('; ')}`);
  }
  return { data: parsed.data, body: text.slice(match[0].length), warnings: parsed.warnings };
}

/**
 * The indexer's front-matter rules on a parsed mapping: the validated fields, or zod's issues
 * (field paths, English reasons). The editor's API validates with this same function.
 */
export function validateFrontMatter(
  raw: unknown,
): { success: true; data: FrontMatter; warnings: string[] } | { success: false; issues: z.core.$ZodIssue[] } {
  const deep = tooDeepPath(raw);
  if (deep) {
    const message = messageRef('validation.nestedTooDeeply', { max: FRONT_MATTER_MAX_DEPTH });
    return { success: false, issues: [{ code: 'custom', path: deep, message, input: undefined }] };
  }
  const parsed = frontMatterSchema.safeParse(raw);
  if (!parsed.success) return { success: false, issues: parsed.error.issues };
  const d = parsed.data;
  const colorMode = colorModeOf(d.colorMode);
  const data: FrontMatter = {
    title: d.title,
    description: d.description,
    toc: d.toc,
    intro: d.intro,
    comments: d.comments,
    newsletter: d.newsletter,
    draft: d.draft,
    noindex: d.noindex,
    visibility: d.visibility,
    ...(d.metaTitle ? { metaTitle: d.metaTitle } : {}),
    ...(d.thumbnail ? { thumbnail: d.thumbnail } : {}),
    ...(d.thumbnailAlt ? { thumbnailAlt: d.thumbnailAlt } : {}),
    ...(d.date ? { date: d.date } : {}),
    ...(d.author ? { author: d.author } : {}),
    ...(d.cat ? { cat: d.cat } : {}),
    ...(colorMode.colorMode ? { colorMode: colorMode.colorMode } : {}),
    ...(d.translationKey ? { translationKey: d.translationKey } : {}),
    ...(d.tags?.length ? { tags: d.tags } : {}),
  };
  return { success: true, data, warnings: colorMode.warning ? [colorMode.warning] : [] };
}

import { parse as parseYaml, parseDocument as parseYamlDocument, stringify as stringifyYaml } from 'yaml';
import type { PageFrontMatter } from '../../common/authoring';
import type { MessageKey } from '../../common/messages';
import type { IssueLike } from '../errors';
import { type FrontMatter, parseDocument, validateFrontMatter } from './front-matter';

/** The fields the indexer knows, in the order they are written. */
const KNOWN = [
  'title',
  'description',
  'thumbnail',
  'thumbnailAlt',
  'date',
  'author',
  'cat',
  'toc',
  'intro',
  'comments',
  'newsletter',
  'draft',
  'colorMode',
  'translationKey',
  'metaTitle',
  'noindex',
  'visibility',
];

/** The translated message for a front-matter field the indexer refused (common/messages.ts). */
const FIELD_MESSAGES: Record<string, MessageKey> = {
  title: 'validation.required',
  description: 'validation.text',
  author: 'validation.text',
  thumbnail: 'validation.imageAddress',
  thumbnailAlt: 'validation.text',
  date: 'validation.date',
  cat: 'validation.oneWord',
  toc: 'validation.boolean',
  intro: 'validation.boolean',
  comments: 'validation.boolean',
  newsletter: 'validation.boolean',
  draft: 'validation.boolean',
  colorMode: 'validation.colorMode',
  translationKey: 'validation.text',
  metaTitle: 'validation.text',
  noindex: 'validation.boolean',
  visibility: 'validation.visibility',
};

/**
 * Validates front matter sent by the editor with the indexer's own rules (front-matter.ts), so a
 * saved page always indexes. Returns the clean fields plus the file's other fields (kept as they
 * are), or issues with `['frontMatter', field]` paths and message keys.
 */
export function checkFrontMatter(
  raw: Record<string, unknown>,
): { ok: true; data: FrontMatter; extra: Record<string, unknown> } | { ok: false; issues: IssueLike[] } {
  const result = validateFrontMatter(raw);
  if (!result.success) {
    const issues = result.issues.map((issue) => {
      const field = String(issue.path[0] ?? '');
      const titleText = field === 'title' && typeof raw.title === 'string' && raw.title.trim() !== '';
      // The depth rule (front-matter.ts) is about the whole value, whatever the field: its own message.
      const nested = issue.message.startsWith('validation.nestedTooDeeply');
      return {
        path: ['frontMatter', ...issue.path],
        message: nested ? issue.message : titleText ? 'validation.text' : (FIELD_MESSAGES[field] ?? 'validation.invalid'),
        code: issue.code,
      };
    });
    return { ok: false, issues };
  }
  // The indexer publishes a page with a wrong colorMode (a warning); the editor asks for a right one.
  if (result.warnings.length)
    return { ok: false, issues: [{ path: ['frontMatter', 'colorMode'], message: 'validation.colorMode', code: 'custom' }] };
  const extra = Object.fromEntries(Object.entries(raw).filter(([key, value]) => !KNOWN.includes(key) && value !== undefined));
  return { ok: true, data: result.data, extra };
}

/** The fields a file gets for front matter: false flags, empty texts and absent values left out. */
function fieldsOf(data: FrontMatter, extra: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = { title: data.title };
  if (data.description) fields.description = data.description;
  for (const key of ['thumbnail', 'thumbnailAlt', 'date', 'author', 'cat', 'colorMode', 'translationKey', 'metaTitle'] as const)
    if (data[key]) fields[key] = data[key];
  for (const key of ['toc', 'intro', 'comments', 'newsletter', 'draft', 'noindex'] as const) if (data[key]) fields[key] = true;
  // `public` is the default and goes unwritten, like a false flag.
  if (data.visibility === 'members') fields.visibility = 'members';
  return { ...fields, ...extra };
}

const FENCE = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * The previous file's front matter with only the fields that changed rewritten, so its comments,
 * quoting and order stay and a git diff shows just the edit; undefined when it cannot be read.
 */
function editedFrontMatter(previous: string, wanted: Record<string, unknown>): string | undefined {
  const fence = FENCE.exec(previous);
  if (!fence) return undefined;
  const doc = parseYamlDocument(fence[1] ?? '');
  const raw = doc.errors.length ? undefined : (doc.toJS() as unknown);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const before = validateFrontMatter(raw);
  if (!before.success) return undefined;
  const extraBefore = Object.fromEntries(Object.entries(raw).filter(([key]) => !KNOWN.includes(key)));
  const old = fieldsOf(before.data, extraBefore);
  for (const key of new Set([...Object.keys(old), ...Object.keys(wanted)])) {
    if (!(key in wanted)) doc.delete(key);
    else if (!(key in old) || JSON.stringify(old[key]) !== JSON.stringify(wanted[key])) doc.set(key, wanted[key]);
  }
  return doc.toString({ lineWidth: 0 });
}

/**
 * Writes a page file: YAML front matter (known fields in a fixed order, false flags and empty
 * descriptions left out, other fields after them), a blank line, then the Markdown. Given the
 * file it replaces, only what changed is rewritten: its front matter keeps its form, and an
 * unchanged body keeps its exact text.
 */
export function serializePage(data: FrontMatter, extra: Record<string, unknown>, body: string, previous?: string): string {
  const wanted = fieldsOf(data, extra);
  const yaml = (previous && editedFrontMatter(previous, wanted)) ?? stringifyYaml(wanted, { lineWidth: 0 });
  const text = body.replace(/^(\r?\n)+/, '').replace(/\s+$/, '');
  if (previous) {
    const fence = FENCE.exec(previous);
    const before = readPage(previous).body.replace(/\s+$/, '');
    if (fence && before === text) return `---\n${yaml}---\n${previous.slice(fence[0].length)}`;
  }
  return `---\n${yaml}---\n\n${text ? `${text}\n` : ''}`;
}

/**
 * Reads a page file for the editor: the validated fields plus the file's other fields, and the
 * Markdown without the blank lines that separate it from the front matter. A file the indexer
 * would refuse comes back whole as the body, with an empty title, so nothing of it is lost.
 */
export function readPage(source: string): { frontMatter: PageFrontMatter; body: string } {
  try {
    const { data, body } = parseDocument(source);
    const fence = FENCE.exec(source);
    const raw = (fence ? parseYaml(fence[1] ?? '') : {}) as Record<string, unknown> | null;
    const extra = Object.fromEntries(Object.entries(raw ?? {}).filter(([key]) => !KNOWN.includes(key)));
    return { frontMatter: { ...data, ...extra }, body: body.replace(/^(\r?\n)+/, '') };
  } catch {
    return { frontMatter: { title: '' }, body: source };
  }
}

/**
 * The file with front matter `translationKey: key` added (the other fields and the body as they
 * were), or as it is when it has a key already or cannot be read: a page that moves keeps the key
 * its address gave it, so its translation stays paired (docs/content.md "Translations").
 */
export function keepTranslationKey(source: string, key: string): string {
  try {
    const { data } = parseDocument(source);
    if (data.translationKey !== undefined) return source;
    const { frontMatter, body } = readPage(source);
    const extra = Object.fromEntries(Object.entries(frontMatter).filter(([field]) => !KNOWN.includes(field)));
    return serializePage({ ...data, translationKey: key }, extra, body, source);
  } catch {
    return source;
  }
}

/** The summary fields a list shows, from a file (pending changes are not indexed yet). */
export function pageSummary(source: string) {
  const { frontMatter } = readPage(source);
  return {
    title: frontMatter.title,
    cat: frontMatter.cat ?? null,
    date: frontMatter.date ?? null,
    draft: frontMatter.draft ?? false,
  };
}

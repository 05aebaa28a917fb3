import { z } from 'zod';
import { type MessageKey, messageRef, tooLong } from './messages';

/*
 * The site's own head code (Settings → Code, owner only; docs/security.md "Head code"): the tags a
 * search console or an analytics service asks an owner to paste into every page's <head>.
 * The pasted text is parsed strictly into a few kinds of tag and stored as data; pages render the
 * data (React escapes every value), never the text. Scripts load by https address only, and the
 * CSP's script-src and connect-src name exactly their origins (server/http/csp.ts).
 */

export const HEAD_CODE_LIMITS = {
  /** The pasted text, whole. */
  source: 5000,
  tags: 20,
  scripts: 5,
  /** One attribute's value. */
  value: 500,
  /** data-* attributes of one script. */
  dataAttributes: 10,
} as const;

export type HeadMeta = { kind: 'meta'; attribute: 'name' | 'property'; name: string; content: string };
export type HeadLink = { kind: 'link'; rel: HeadLinkRel; href: string };
export type HeadScript = {
  kind: 'script';
  src: string;
  async: boolean;
  defer: boolean;
  /** `data-*` attributes (Plausible's `data-domain`, Umami's `data-website-id`), names lower-case. */
  data: Record<string, string>;
};
export type HeadTag = HeadMeta | HeadLink | HeadScript;

/** What is stored (settings key `head_code`): the owner's text as pasted, and what it was parsed into. */
export type HeadCode = { source: string; tags: HeadTag[] };
export const emptyHeadCode: HeadCode = { source: '', tags: [] };

/** Links that only name something (a profile, an author): nothing is fetched or run. */
const LINK_RELS = ['me', 'author', 'publisher', 'license'] as const;
type HeadLinkRel = (typeof LINK_RELS)[number];

/**
 * Meta names the pages write themselves, or that change how the page behaves (`referrer` would
 * weaken the policy); a second copy would contradict the first.
 */
const RESERVED_META =
  /^(viewport|color-scheme|robots|googlebot|description|referrer|theme-color|generator|og:.*|twitter:.*|article:.*)$/i;

export type HeadCodeResult = { ok: true; tags: HeadTag[] } | { ok: false; message: string };

const fail = (key: MessageKey, values: Record<string, string | number> = {}): HeadCodeResult => ({
  ok: false,
  message: Object.keys(values).length ? messageRef(key, values) : key,
});

/** Control and invisible format characters; the zero-width non-joiner of Persian words is allowed in meta values. */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const INVISIBLE_EXCEPT_ZWNJ = /(?![\u200c])[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** A DNS name with at least one dot and a letter-led last label, lower-case ASCII (IDN in its xn-- form). */
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?)$/;

/**
 * An https address an owner pasted, or the message saying why not. Printable ASCII only (no look-alike
 * letters, no hidden characters), no user name or password, a domain name (its origin goes into the
 * CSP, so nothing but letters, digits, dots, dashes and a port may reach it).
 */
export function httpsAddress(value: string): { ok: true; url: URL } | { ok: false; message: string } {
  if (!/^[\x21-\x7e]+$/.test(value)) return { ok: false, message: 'validation.headCodeAscii' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: messageRef('validation.headCodeHttps', { value: shorten(value) }) };
  }
  if (url.protocol !== 'https:') return { ok: false, message: messageRef('validation.headCodeHttps', { value: shorten(value) }) };
  if (url.username || url.password) return { ok: false, message: 'validation.headCodeCredentials' };
  if (!HOST.test(url.hostname) || (url.port && !/^\d{1,5}$/.test(url.port)))
    return { ok: false, message: messageRef('validation.headCodeHost', { value: shorten(url.hostname) }) };
  return { ok: true, url };
}

const shorten = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}…` : value);

const ENTITIES: Record<string, string> = {
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
  '#39': "'",
  '#x27': "'",
  '#34': '"',
};
const decode = (value: string) =>
  value.replace(/&(amp|quot|apos|lt|gt|#39|#x27|#34);/gi, (_, name: string) => ENTITIES[name.toLowerCase()] ?? '');

type Attribute = { name: string; value: string | undefined };

/** One tag's attributes, or undefined when the text between `<name` and `>` is not plain attributes. */
function readAttributes(text: string): Attribute[] | undefined {
  const attributes: Attribute[] = [];
  const pattern = /\s+([^\s"'<>/=`]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y;
  let at = 0;
  while (at < text.length) {
    if (/^\s*\/?\s*$/.test(text.slice(at))) break;
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) return undefined;
    const raw = match[2] ?? match[3] ?? match[4];
    attributes.push({ name: match[1]?.toLowerCase() ?? '', value: raw === undefined ? undefined : decode(raw) });
    at = pattern.lastIndex;
  }
  return attributes;
}

/**
 * Parses what an owner pasted: `<meta>`, `<link>` and `<script src></script>` tags separated by
 * white space (HTML comments are dropped). The first problem is the answer, in words both
 * languages have (common/messages.ts `validation.headCode*`); nothing else is accepted.
 */
export function parseHeadCode(source: string): HeadCodeResult {
  if (source.length > HEAD_CODE_LIMITS.source) return fail('validation.tooLong', { max: HEAD_CODE_LIMITS.source });
  if (INVISIBLE_EXCEPT_ZWNJ.test(source.replace(/[\t\n\r]/g, ' '))) return fail('validation.headCodeInvisible');
  const text = source.replace(/<!--[\s\S]*?-->/g, ' ');
  const tags: HeadTag[] = [];
  const tag = /<([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;
  let at = 0;
  while (at < text.length) {
    const space = /\s*/y;
    space.lastIndex = at;
    space.exec(text);
    at = space.lastIndex;
    if (at >= text.length) break;
    tag.lastIndex = at;
    const match = tag.exec(text);
    if (!match) return fail('validation.headCodeMarkup', { value: shorten(text.slice(at, at + 40).trim()) });
    const name = (match[1] ?? '').toLowerCase();
    if (name !== 'meta' && name !== 'link' && name !== 'script')
      return fail('validation.headCodeMarkup', { value: shorten(match[0]) });
    const attributes = readAttributes(match[2] ?? '');
    if (!attributes) return fail('validation.headCodeMarkup', { value: shorten(match[0]) });
    at = tag.lastIndex;
    const names = new Set<string>();
    for (const attribute of attributes) {
      if (names.has(attribute.name)) return fail('validation.headCodeAttribute', { name: attribute.name, tag: name });
      names.add(attribute.name);
      if (/^on/.test(attribute.name)) return fail('validation.headCodeEventHandler', { name: attribute.name });
      if (attribute.value !== undefined && attribute.value.length > HEAD_CODE_LIMITS.value)
        return fail('validation.tooLong', { max: HEAD_CODE_LIMITS.value });
      if (attribute.value !== undefined && /[<>]/.test(attribute.value))
        return fail('validation.headCodeAngle', { name: attribute.name });
    }
    let parsed: HeadTag | HeadCodeResult;
    if (name === 'meta') parsed = metaTag(attributes);
    else if (name === 'link') parsed = linkTag(attributes);
    else {
      // A script is only an empty element: `<script src=…></script>`.
      const close = /\s*<\/script\s*>/iy;
      close.lastIndex = at;
      if (!close.exec(text)) return fail('validation.headCodeInlineScript');
      at = close.lastIndex;
      parsed = scriptTag(attributes);
    }
    if ('ok' in parsed) return parsed;
    tags.push(parsed);
    if (tags.length > HEAD_CODE_LIMITS.tags) return fail('validation.tooMany', { max: HEAD_CODE_LIMITS.tags });
  }
  if (tags.filter((entry) => entry.kind === 'script').length > HEAD_CODE_LIMITS.scripts)
    return fail('validation.headCodeScripts', { max: HEAD_CODE_LIMITS.scripts });
  return { ok: true, tags };
}

function unknownAttribute(tag: string, attributes: Attribute[], allowed: (name: string) => boolean): HeadCodeResult | undefined {
  const extra = attributes.find((attribute) => !allowed(attribute.name));
  return extra ? fail('validation.headCodeAttribute', { name: extra.name, tag }) : undefined;
}

const attributeValue = (attributes: Attribute[], name: string) => attributes.find((attribute) => attribute.name === name)?.value;

function metaTag(attributes: Attribute[]): HeadMeta | HeadCodeResult {
  const refused = unknownAttribute('meta', attributes, (name) => name === 'name' || name === 'property' || name === 'content');
  if (refused) return refused;
  const attribute = attributeValue(attributes, 'property') !== undefined ? 'property' : 'name';
  const name = attributeValue(attributes, attribute)?.trim();
  const content = attributeValue(attributes, 'content')?.trim();
  if (attributeValue(attributes, 'name') !== undefined && attributeValue(attributes, 'property') !== undefined)
    return fail('validation.headCodeMeta');
  if (!name || content === undefined || !content) return fail('validation.headCodeMeta');
  if (!/^[a-zA-Z0-9][a-zA-Z0-9_.:-]{0,99}$/.test(name)) return fail('validation.headCodeMetaName', { name: shorten(name) });
  if (RESERVED_META.test(name)) return fail('validation.headCodeMetaReserved', { name });
  return { kind: 'meta', attribute, name, content };
}

function linkTag(attributes: Attribute[]): HeadLink | HeadCodeResult {
  const refused = unknownAttribute('link', attributes, (name) => name === 'rel' || name === 'href');
  if (refused) return refused;
  const rel = attributeValue(attributes, 'rel')?.trim().toLowerCase();
  if (!rel || !(LINK_RELS as readonly string[]).includes(rel))
    return fail('validation.headCodeLinkRel', { rels: LINK_RELS.join(', ') });
  const href = httpsAddress(attributeValue(attributes, 'href')?.trim() ?? '');
  if (!href.ok) return href;
  return { kind: 'link', rel: rel as HeadLinkRel, href: href.url.href };
}

function scriptTag(attributes: Attribute[]): HeadScript | HeadCodeResult {
  const refused = unknownAttribute(
    'script',
    attributes,
    (name) => ['src', 'async', 'defer'].includes(name) || /^data-[a-z0-9][a-z0-9-]{0,40}$/.test(name),
  );
  if (refused) return refused;
  const rawSrc = attributeValue(attributes, 'src');
  if (rawSrc === undefined) return fail('validation.headCodeInlineScript');
  const src = httpsAddress(rawSrc.trim());
  if (!src.ok) return src;
  const flag = (name: string): boolean | HeadCodeResult => {
    const value = attributeValue(attributes, name);
    if (value === undefined) return attributes.some((attribute) => attribute.name === name);
    if (value === '' || value.toLowerCase() === name) return true;
    return fail('validation.headCodeAttribute', { name, tag: 'script' });
  };
  const async = flag('async');
  const defer = flag('defer');
  if (typeof async !== 'boolean') return async;
  if (typeof defer !== 'boolean') return defer;
  const data = attributes.filter((attribute) => attribute.name.startsWith('data-'));
  if (data.length > HEAD_CODE_LIMITS.dataAttributes) return fail('validation.tooMany', { max: HEAD_CODE_LIMITS.dataAttributes });
  for (const attribute of data) if (INVISIBLE.test(attribute.value ?? '')) return fail('validation.headCodeInvisible');
  return {
    kind: 'script',
    src: src.url.href,
    async,
    defer,
    data: Object.fromEntries(data.map((attribute) => [attribute.name, attribute.value ?? ''])),
  };
}

/**
 * The origins the policy must name for these tags (scripts' origins, once each, in order): for
 * script-src and connect-src alike, since an analytics script reports to where it came from.
 */
export function headCodeOrigins(tags: readonly HeadTag[]): string[] {
  const origins = new Set<string>();
  for (const tag of tags) if (tag.kind === 'script') origins.add(new URL(tag.src).origin);
  return [...origins];
}

/** `PUT /api/settings/code`: the pasted text, parsed into tags on the way in (or refused with the first problem). */
export const headCodeInputSchema = z.object({
  source: z
    .string('validation.required')
    .max(HEAD_CODE_LIMITS.source, tooLong(HEAD_CODE_LIMITS.source))
    .transform((source, ctx): HeadCode => {
      const result = parseHeadCode(source);
      if (result.ok) return { source: source.trim(), tags: result.tags };
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }),
});

/** A stored (or imported) value is only trusted if its text parses into exactly the tags it holds. */
export function isValidHeadCode(value: unknown): value is HeadCode {
  if (!value || typeof value !== 'object') return false;
  const { source, tags } = value as Partial<HeadCode>;
  if (typeof source !== 'string') return false;
  const result = parseHeadCode(source);
  return result.ok && JSON.stringify(result.tags) === JSON.stringify(tags);
}

import { and, eq, isNull } from 'drizzle-orm';
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';
import { stringify as stringifyYaml } from 'yaml';
import { pageFile, pagePathProblem } from '../../common/authoring';
import { emailKey, emailSchema } from '../../common/email';
import type { Locale } from '../../common/locales';
import { translateMessage } from '../../common/messages';
import { isSiteRoutePath, paths } from '../../common/paths';
import { foldSlug } from '../../common/persian-fold';
import { categorySlug, SETTINGS_LIMITS, siteSettingsSchema } from '../../common/schemas/settings';
import { isHttpUrl, isSameSitePath } from '../../common/site-path';
import type { SiteSettings } from '../../common/site-settings';
import { tagSlug } from '../../common/tags';
import { normaliseUserName, userNameKey, userNameProblem } from '../../common/user-name';
import { THUMBNAIL_ALT_MAX } from '../content/front-matter';
import { gitBlobSha } from '../content/git-blob';
import { imageInfo } from '../content/image-info';
import type { ContentRepository, FileChange } from '../content/repository';
import { sampleContent } from '../content/samples.generated';
import type { Database } from '../db/database';
import { comments, redirects, roles, users } from '../db/schema';
import { recordedSync } from './content-sync-runner';
import { readSettings, saveSettings } from './settings';
import { ExportFileError, importSite, parseSiteExport, type SiteExport } from './site-export';

/*
 * Importing a WordPress (WXR) or Ghost (JSON) site (docs/operating.md "Coming from WordPress or
 * Ghost"). Each format's reader (import-wordpress.ts, import-ghost.ts) turns the export into one
 * `ImportSource`; this module plans the files, redirects, accounts and comments from it, and
 * applies the plan: one git commit, the index synced, then the redirects, accounts and comments
 * in one database batch. A plan that cannot be made (a malformed file) throws `SiteImportError`
 * before anything is written.
 */

/** The largest export file read (a larger one is refused before it is parsed). */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

/**
 * Reads an attachment's bytes by its path below `wp-content/uploads` (`2024/05/a.jpg`), or
 * undefined when the copy does not have it. Only called with relative paths without `..`.
 */
export type MediaReader = (uploadPath: string) => Promise<Uint8Array | undefined>;

/** A file that cannot be imported: the message names the element and why. Nothing was written. */
export class SiteImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SiteImportError';
  }
}

export type ImportedPage = {
  /** `post 12`, `page 5` (WordPress) or `post 5f…` (Ghost): how the report names it. */
  source: string;
  kind: 'post' | 'page';
  locale: Locale;
  /** The slug as the export has it (decoded); cleaned into a path by the plan. */
  slug: string;
  title: string;
  html: string;
  date?: Date;
  description?: string;
  cat?: string;
  tags: string[];
  /** The author's user name as imported (ImportedAuthor.login). */
  author?: string;
  draft: boolean;
  /** Not public on the old site (WordPress: private or password-protected; Ghost: members, paid or tiers): front matter `visibility: members`. */
  members?: boolean;
  /** Pages of one translation group: each keeps its own path, paired by `translationKey` (the English page's path). */
  translationGroup?: string;
  /** Old addresses (`/?p=12`, `/2024/05/hello`) that answer 301 to the page. */
  oldAddresses: string[];
  comments?: boolean;
  /** The featured image: a WordPress attachment (by id) or an address (Ghost), with its alt text. */
  featureImage?: { attachment?: string; src?: string; alt: string };
};

export type ImportedAuthor = {
  id: string;
  login: string;
  displayName: string;
  firstName: string;
  lastName: string;
  /** A commenter with this address is this account. */
  email?: string;
  /** Checked like an export's: an absolute http(s) address only. */
  avatarUrl?: string;
};

export type ImportedComment = {
  id: number;
  /** ImportedPage.source of the page it belongs to. */
  page: string;
  parentId: number | null;
  authorName: string;
  authorEmail: string;
  html: string;
  status: 'approved' | 'pending' | 'spam';
  date: Date;
};

export type ImportedAttachment = {
  source: string;
  /** The file's address on the old site. */
  url: string;
  /** Its path below `wp-content/uploads/` (what `--media-dir` holds), when known. */
  uploadPath?: string;
  /** ImportedPage.source of the page it was attached to. */
  parent?: string;
  oldAddresses: string[];
};

export type ImportSource = {
  platform: 'wordpress' | 'ghost';
  pages: ImportedPage[];
  authors: ImportedAuthor[];
  comments: ImportedComment[];
  attachments: ImportedAttachment[];
  /**
   * Category, tag and author archives: old address → locale and what it listed (a category by its
   * slug and name, a tag by its name, an author by ImportedAuthor.login). A category without an old
   * address (`from: ''`, Ghost's primary tags) only names it for the site's list.
   */
  archives: { from: string; locale: Locale; cat?: string; name?: string; tag?: string; author?: string }[];
  /** Entries the reader left out, each with why. */
  skipped: string[];
  /** Entries the reader changed on the way (merged, renamed, folded), each with how. */
  changed: string[];
  /** Markup the reader does not know (a shortcode, a Ghost card) → the pages (`source`) that hold it. */
  unknown: Map<string, string[]>;
};

/** What a reader starts from and fills in. */
export function emptyImportSource(platform: ImportSource['platform']): ImportSource {
  return {
    platform,
    pages: [],
    authors: [],
    comments: [],
    attachments: [],
    archives: [],
    skipped: [],
    changed: [],
    unknown: new Map(),
  };
}

/** Notes that `what` (a shortcode `[name]`, a card) appears in the page `source`. */
export function noteUnknown(unknown: ImportSource['unknown'], what: string, source: string) {
  const pages = unknown.get(what) ?? [];
  if (!pages.includes(source)) pages.push(source);
  unknown.set(what, pages);
}

/**
 * What happens to an imported page whose address already holds a page here (an installer's sample
 * page or the owner's own): the owner's choice, asked by the dry run (docs/operating.md
 * "Collisions"). `rename`: imported under a new address (`about-2`); `replace`: it takes the address
 * and the page there is replaced (its text stays in the history); `keep`: the page here stays, the
 * imported one is left out and its old addresses lead to the page here.
 */
export const COLLISION_CHOICES = ['rename', 'replace', 'keep'] as const;
export type CollisionChoice = (typeof COLLISION_CHOICES)[number];

/**
 * What an import did, per kind: what came over, what was changed on the way (`changed`: renamed,
 * merged, folded, replaced) and what was left behind and why (`skipped`).
 */
export type SiteImportReport = {
  dryRun: boolean;
  commit?: string;
  files: { created: string[]; unchanged: string[] };
  media: { copied: string[]; remote: string[] };
  redirects: { added: number; unchanged: number };
  accounts: { created: string[]; renamed: string[]; withRole: string[]; pendingEmails: string[] };
  comments: { imported: number; unchanged: number };
  /** Categories added to the site's list (slug: name), and those already there. */
  categories: { added: string[]; existing: string[] };
  /** Pages given their featured image as banner (`page → image`). */
  featureImages: string[];
  /** Unknown shortcodes and cards, each with the pages that hold them (`[name]: post 12, post 14`). */
  unknown: string[];
  /**
   * Imported pages whose address already holds a page here (`post 2 "About" → content/en/about.md:
   * the sample page`), and the owner's choice for them; without one, a real run is refused.
   */
  collisions: { choice?: CollisionChoice; pages: string[] };
  changed: string[];
  skipped: string[];
};

// ---- HTML → Markdown ------------------------------------------------------------------------------

const SAFE_URL = /^(https?:|mailto:|\/|#|\.{0,2}\/|[^:]*$)/i;
const safeUrl = (url: string | null) => {
  const value = (url ?? '').trim();
  // Control characters and spaces inside a scheme (`java\nscript:`) are what browsers ignore.
  const squeezed = [...value].filter((char) => char > ' ').join('');
  return value && SAFE_URL.test(squeezed) ? value : undefined;
};

function converter() {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
  service.use(gfm);
  // Never carried over, not even as text.
  service.remove(['script', 'style', 'iframe', 'object', 'embed', 'form', 'noscript', 'template', 'svg', 'math']);
  const image = (node: HTMLElement, caption = '') => {
    const src = safeUrl(node.getAttribute('src'));
    const alt = (node.getAttribute('alt') ?? '').replace(/[[\]\\]/g, '');
    // The caption is the image's Markdown title, which the renderer makes a <figcaption>.
    const title = caption ? ` "${caption.replace(/[\\"]/g, '\\$&')}"` : '';
    return src ? `![${alt}](${src.replace(/[()\s]/g, encodeURIComponent)}${title})` : '';
  };
  const link = (content: string, node: HTMLElement) => {
    const href = safeUrl(node.getAttribute('href'));
    // Link text cannot hold a paragraph break (a link left open in the source, a card's blocks): one line.
    const text = content.replace(/\s*\n\s*/g, ' ').trim();
    return href && text ? `[${text}](${href.replace(/[()\s]/g, encodeURIComponent)})` : content;
  };
  // A figure of one image (a `[caption]`, WordPress's and Ghost's image blocks): the image with its
  // caption as its title, alone on its line — the renderer's figure (docs/content.md "Images").
  service.addRule('figures', {
    filter: (node) => {
      if (node.nodeName !== 'FIGURE' || node.querySelectorAll('img').length !== 1) return false;
      const img = node.querySelector('img') as HTMLElement;
      const holder = img.parentNode?.nodeName === 'A' ? (img.parentNode as HTMLElement) : img;
      return [...node.childNodes].every(
        (child) =>
          child === holder ||
          child.nodeName === 'FIGCAPTION' ||
          (child.nodeType === 3 && !child.textContent?.trim()) ||
          (child.nodeName !== 'FIGCAPTION' && child.contains(holder) && child.textContent?.trim() === ''),
      );
    },
    replacement: (_content, node) => {
      const img = node.querySelector('img') as HTMLElement;
      const caption = (node.querySelector('figcaption')?.textContent ?? '').replace(/\s+/g, ' ').trim();
      const markdown = image(img, caption);
      const around = img.parentNode?.nodeName === 'A' ? (img.parentNode as HTMLElement) : undefined;
      return `\n\n${around && markdown ? link(markdown, around) : markdown}\n\n`;
    },
  });
  // A classic `<pre>` without `<code>` (WordPress's Preformatted, hand-written HTML) is still code.
  service.addRule('preformatted', {
    filter: (node) => node.nodeName === 'PRE' && !node.querySelector('code'),
    replacement: (_content, node) => {
      const text = (node.textContent ?? '').replace(/^\n/, '').replace(/\s+$/, '');
      const fence = '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((run) => run[0].length + 1)));
      return `\n\n${fence}\n${text}\n${fence}\n\n`;
    },
  });
  service.addRule('safeLinks', {
    filter: (node) => node.nodeName === 'A',
    replacement: (content, node) => link(content, node as HTMLElement),
  });
  service.addRule('safeImages', {
    filter: (node) => node.nodeName === 'IMG',
    replacement: (_content, node) => image(node as HTMLElement),
  });
  // Audio and video become links to their files (a page has no players of its own).
  service.addRule('media', {
    filter: (node) => node.nodeName === 'AUDIO' || node.nodeName === 'VIDEO',
    replacement: (content, node) => {
      const src = safeUrl(node.getAttribute('src'));
      return src
        ? `\n\n[${node.nodeName === 'AUDIO' ? 'Audio' : 'Video'}: ${src.split('/').at(-1)}](${src.replace(/[()\s]/g, encodeURIComponent)})\n\n`
        : content;
    },
  });
  service.addRule('sources', {
    filter: (node) => node.nodeName === 'SOURCE',
    replacement: (_content, node) => {
      const src = safeUrl(node.getAttribute('src'));
      return src ? `[${src.split('/').at(-1)}](${src.replace(/[()\s]/g, encodeURIComponent)}) ` : '';
    },
  });
  // Text that looks like HTML stays text: `<` is escaped, so the file holds no raw HTML at all.
  const escapeMarkdown = service.escape.bind(service);
  service.escape = (text: string) => escapeMarkdown(text).replace(/</g, '\\<');
  return service;
}
let turndown: TurndownService | undefined;

/** The shortcodes the importer knows (WordPress's own); others stay as typed and are reported. */
const KNOWN_SHORTCODES = new Set(['caption', 'wp_caption', 'gallery', 'embed', 'audio', 'video']);
/** A shortcode as typed: `[name attr="…"]`, `[name]…[/name]` or `[name /]` (not `[sic]` or `[1]`). */
const SHORTCODE = /\[([a-z][\w-]*)(\s[^\]]*=[^\]]*|\s*\/)?\]/gi;

/** A shortcode attribute's value (`caption="…"`), as WordPress reads it: quoted either way or bare. */
const attribute = (attributes: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"']+))`, 'i')
    .exec(attributes)
    ?.slice(1)
    .find((value) => value !== undefined);

/**
 * `[caption]` in both of WordPress's forms — `caption="…"` (before 3.4) and the text after the
 * image — with or without a link around the image (left open in some old posts), as a figure.
 */
function captionFigure(attributes: string, inner: string) {
  const img = /<img\b[^>]*>/i.exec(inner)?.[0];
  if (!img) return inner;
  const before = inner.slice(0, inner.indexOf(img));
  const href = /<a\b[^>]*\bhref\s*=\s*("[^"]*"|'[^']*')[^>]*>\s*$/i.exec(before)?.[1];
  const after = inner.slice(inner.indexOf(img) + img.length).replace(/^\s*<\/a>/i, '');
  const caption = attribute(attributes, 'caption') ?? after.trim();
  const figure = href ? `<a href=${href}>${img}</a>` : img;
  return `<figure>${figure}<figcaption>${caption}</figcaption></figure>`;
}

function shortcodes(html: string, images: (ids: string[]) => string[], notes: string[], unknown: (name: string) => void) {
  return (
    html
      .replace(/\[(caption|wp_caption)([^\]]*)\]([\s\S]*?)\[\/\1\]/gi, (_all, _name, attributes: string, inner: string) =>
        captionFigure(attributes, inner),
      )
      .replace(/\[gallery([^\]]*)\]/gi, (all, attributes: string) => {
        const ids =
          /ids="([\d,\s]+)"/i
            .exec(attributes)?.[1]
            ?.split(',')
            .map((id) => id.trim()) ?? [];
        const found = images(ids);
        notes.push(`gallery${ids.length ? ` (${ids.length} images)` : ''}`);
        return `<p><em>WordPress gallery: ${all.replace(/</g, '&lt;')}</em></p>${found.map((src) => `<p><img src="${src}" alt=""></p>`).join('')}`;
      })
      .replace(/\[embed\]([^[]+)\[\/embed\]/gi, (_all, url: string) => `<p><a href="${url.trim()}">${url.trim()}</a></p>`)
      // `[audio src="…"]`, `[video mp4="…"]`: a link to the file, as the <audio>/<video> elements.
      .replace(/\[(audio|video)\b([^\]]*)\](?:\s*\[\/\1\])?/gi, (all, kind: string, attributes: string) => {
        const src = ['src', 'mp3', 'mp4', 'm4a', 'ogg', 'ogv', 'wav', 'webm']
          .map((name) => attribute(attributes, name))
          .find(Boolean);
        return src ? `<${kind.toLowerCase()} src="${src.replace(/"/g, '&quot;')}"></${kind.toLowerCase()}>` : all;
      })
      .replace(SHORTCODE, (all, name: string, attributes: string | undefined, _at: number, text: string) => {
        const typed = attributes || text.toLowerCase().includes(`[/${name.toLowerCase()}]`);
        if (typed && !KNOWN_SHORTCODES.has(name.toLowerCase())) unknown(name.toLowerCase());
        return all;
      })
  );
}

/** Block elements a paragraph never wraps (WordPress's wpautop list, shortened). */
const BLOCK_TAG =
  'p|div|h[1-6]|ul|ol|li|dl|dt|dd|table|thead|tbody|tfoot|tr|td|th|caption|blockquote|figure|figcaption|pre|hr|address|section|article|aside|header|footer|nav|details|summary|form|fieldset|iframe|audio|video|object|script|style|noscript';
/** Those that hold others: text inside one that spans a blank line is not made a paragraph of its own. */
const CONTAINER_TAG =
  /<(\/?)(div|ul|ol|dl|table|blockquote|figure|section|article|aside|header|footer|nav|details|form|fieldset)\b[^>]*>/gi;

/**
 * WordPress's wpautop, as classic posts need it: text between blank lines is a paragraph (single
 * line breaks within it are breaks), block elements stand on their own (text beside a `<p>` or a
 * table is still a paragraph), and `<pre>` keeps its blank lines.
 */
function autop(html: string) {
  let depth = 0;
  const startsBlock = new RegExp(`^(<(?:${BLOCK_TAG})[\\s/>]|</)`, 'i');
  const paragraphs = (text: string) =>
    text
      .replace(new RegExp(`(<(?:${BLOCK_TAG})[\\s/>])`, 'gi'), '\n\n$1')
      .replace(new RegExp(`(</(?:${BLOCK_TAG})>)`, 'gi'), '$1\n\n')
      .split(/\n\s*\n/)
      .map((chunk) => {
        const part = chunk.trim();
        const inside = depth > 0;
        for (const tag of part.matchAll(CONTAINER_TAG)) depth = Math.max(0, depth + (tag[1] ? -1 : 1));
        return !part || inside || startsBlock.test(part) ? part : `<p>${part.replace(/\n/g, '<br>')}</p>`;
      })
      .filter(Boolean)
      .join('\n');
  // `<pre>` blocks stay as they are, blank lines and all (found in one pass: no regex backtracking
  // over a hostile body of unclosed `<pre>`s).
  const opening = /<pre[\s>]/gi;
  const closing = /<\/pre>/gi;
  const parts: string[] = [];
  let at = 0;
  for (let start = opening.exec(html); start; start = opening.exec(html)) {
    closing.lastIndex = start.index;
    const end = closing.exec(html);
    if (!end) break;
    parts.push(paragraphs(html.slice(at, start.index)), html.slice(start.index, closing.lastIndex));
    at = closing.lastIndex;
    opening.lastIndex = at;
  }
  parts.push(paragraphs(html.slice(at)));
  return parts.filter(Boolean).join('\n');
}

/** The Markdown of an HTML body: Gutenberg block comments dropped, shortcodes handled, nothing executable kept. */
export function htmlToMarkdown(
  html: string,
  options: { images?: (ids: string[]) => string[]; notes?: string[]; unknown?: (name: string) => void } = {},
) {
  turndown ??= converter();
  const blocks = /<!--\s*\/?wp:[\s\S]*?-->/g;
  // Block-editor content has its own paragraphs; classic content is WordPress's wpautop text.
  const paragraphs = blocks.test(html) ? html.replace(blocks, '') : autop(html);
  const expanded = shortcodes(paragraphs, options.images ?? (() => []), options.notes ?? [], options.unknown ?? (() => {}));
  return turndown.turndown(expanded).trim();
}

// ---- names --------------------------------------------------------------------------------------

/** A page path from an exported slug: letters, digits, `-`; `../../etc/passwd` → `etc-passwd`. */
export function cleanSlug(slug: string) {
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {}
  return foldSlug(decoded.normalize('NFC').toLocaleLowerCase())
    .replace(/[^\p{L}\p{N}\p{M}\u200c_-]+/gu, '-')
    .replace(/^[-_\u200c]+|[-_\u200c]+$/g, '')
    .replace(/-{2,}/g, '-')
    .slice(0, 120)
    .replace(/[-_\u200c]+$/, '');
}

/** A user name Daftar accepts (common/user-name.ts) from a WordPress login or a name. */
export function cleanUserName(login: string, fallback: string) {
  const name = normaliseUserName(login)
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}_.-]+/gu, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 30);
  if (name.length >= 3 && !userNameProblem(name)) return name;
  const latin = name.replace(/[^a-zA-Z0-9_.-]+/g, '').slice(0, 30);
  return latin.length >= 3 && !userNameProblem(latin) ? latin : fallback;
}

// ---- the plan -----------------------------------------------------------------------------------

type Plan = {
  changes: FileChange[];
  /** Images to store as blobs when the plan is applied (a dry run stores nothing). */
  mediaFiles: { path: string; bytes: Uint8Array }[];
  pageFiles: string[];
  unchangedFiles: string[];
  media: { copied: string[]; remote: string[] };
  rules: { from: string; to: string }[];
  document: SiteExport;
  renamed: string[];
  newAccounts: string[];
  unknown: string[];
  /** The settings with the imported categories added, when any were (saved when the plan is applied). */
  settings?: SiteSettings;
  categories: { added: string[]; existing: string[] };
  featureImages: string[];
  collisions: string[];
  /** Imported accounts' addresses, kept as pending (unconfirmed): account id → address. */
  pendingEmails: Map<string, string>;
  withRole: string[];
  changed: string[];
  skipped: string[];
};

/** An uploaded file's address in a body: below `wp-content/uploads/`, or on WordPress.com's file host. */
const UPLOADED_URL =
  /(https?:)?\/\/[^\s"'()<>]+\/wp-content\/uploads\/[^\s"'()<>]+|(https?:)?\/\/[^\s"'()<>/]+\.files\.wordpress\.com\/\d{4}\/\d{2}\/[^\s"'()<>]+/gi;

/** The installer's sample pages (path → blob id): an unchanged one gives way to an imported page. */
let samples: Promise<Map<string, string>> | undefined;
const sampleShas = () => {
  samples ??= Promise.all(sampleContent.map(async (file) => [file.path, await gitBlobSha(file.content)] as const)).then(
    (entries) => new Map(entries),
  );
  return samples;
};

/** The role imported authors get (they wrote the blog), and the one commenters get (they may comment). */
const AUTHOR_ROLE = 'editor';
const COMMENTER_ROLE = 'member';

async function planImport(
  db: Database,
  repository: ContentRepository,
  source: ImportSource,
  {
    readMedia,
    now,
    onCollision,
    existingRules,
  }: { readMedia?: MediaReader; now: Date; onCollision?: CollisionChoice; existingRules: Map<string, string> },
): Promise<Plan> {
  const skipped = [...source.skipped];
  const changed = [...source.changed];
  const changes: FileChange[] = [];
  const mediaFiles: { path: string; bytes: Uint8Array }[] = [];
  const pageFiles: string[] = [];
  const unchangedFiles: string[] = [];
  const media = { copied: [] as string[], remote: [] as string[] };

  // What the repository holds, listed once (two tree reads, not one request per file on GitHub).
  let listing: Promise<Map<string, string>> | undefined;
  const committed = () => {
    listing ??= Promise.all([repository.tree('content'), repository.tree('media')]).then(
      ([content, media]) => new Map([...content, ...media].map((file) => [file.path, file.sha])),
    );
    return listing;
  };

  // Media first: bodies point at the copies.
  const urlMap = new Map<string, string>();
  const byAttachment = new Map<string, string>();
  for (const attachment of source.attachments) {
    let copied: string | undefined;
    if (readMedia && attachment.uploadPath) {
      const segments = attachment.uploadPath.split(/[\\/]/);
      const inside =
        !attachment.uploadPath.startsWith('/') && segments.every((segment) => segment && segment !== '.' && segment !== '..');
      if (!inside) skipped.push(`${attachment.source}: its file name ${attachment.uploadPath} leaves the media folder`);
      else {
        const bytes = await readMedia(attachment.uploadPath).catch(() => undefined);
        const info = bytes && imageInfo(bytes);
        if (bytes && info) {
          const sha = await gitBlobSha(bytes);
          const match = /^(\d{4})\/(\d{2})\//.exec(attachment.uploadPath);
          const stem = cleanSlug((segments.at(-1) ?? '').replace(/\.[^.]*$/, '')).slice(0, 40) || 'image';
          const file = `media/${match?.[1] ?? now.getUTCFullYear()}/${match?.[2] ?? String(now.getUTCMonth() + 1).padStart(2, '0')}/${stem}-${sha.slice(0, 8)}.${info.extension}`;
          if (!(await committed()).has(file) && !mediaFiles.some((media) => media.path === file))
            mediaFiles.push({ path: file, bytes });
          copied = `/${file.split('/').map(encodeURIComponent).join('/')}`;
          media.copied.push(`${attachment.url} → ${copied}`);
        } else if (bytes)
          skipped.push(
            `${attachment.source}: ${attachment.uploadPath} is not an image the site serves; kept at ${attachment.url}`,
          );
      }
    }
    if (!copied) media.remote.push(attachment.url);
    else {
      urlMap.set(attachment.url, copied);
      // Resized copies WordPress made (`photo-300x200.jpg`) point at the original's copy.
      urlMap.set(attachment.url.replace(/\.[^./]+$/, ''), copied);
    }
    byAttachment.set(attachment.source.replace(/^attachment /, ''), copied ?? attachment.url);
  }
  const rewriteMedia = (html: string) =>
    urlMap.size
      ? html.replace(UPLOADED_URL, (found) => {
          // WordPress.com sizes its images by query (`a.jpg?w=300`): the file is the address without it.
          const url = /\.files\.wordpress\.com\//i.test(found) ? found.replace(/\?[^#]*$/, '') : found;
          const absolute = url.startsWith('//') ? `https:${url}` : url;
          const plain = absolute.replace(/^http:/, 'https:');
          for (const candidate of [absolute, absolute.replace(/^https:/, 'http:'), plain]) {
            const hit =
              urlMap.get(candidate) ?? urlMap.get(candidate.replace(/-\d+x\d+(\.[^./]+)$/, '').replace(/\.[^./]+$/, ''));
            if (hit) return hit;
          }
          return found;
        })
      : html;

  // Paths: each page its own (a Persian post keeps its Persian address); the pages of one translation
  // group are paired by `translationKey`, the path of its English page (docs/content.md "Translations").
  const groups = new Map<string, ImportedPage[]>();
  for (const page of source.pages) {
    const key = page.translationGroup ?? `${page.source}`;
    groups.set(key, [...(groups.get(key) ?? []), page]);
  }
  const taken = new Set<string>();
  const pathOf = new Map<ImportedPage, string>();
  const translationKeyOf = new Map<ImportedPage, string>();
  const files = await committed();
  const sampleOf = await sampleShas();
  const collisions: string[] = [];
  // Asked to rename, a page whose address holds a page here goes to the next free one — free, or
  // the one an earlier run of this import gave it (its old addresses already lead there).
  const freeHere = (page: ImportedPage, path: string) =>
    onCollision !== 'rename' ||
    !files.has(pageFile(page.locale, path)) ||
    page.oldAddresses.some((from) => existingRules.get(from) === decodeURI(paths.page(page.locale, path)));
  const placePage = (page: ImportedPage) => {
    let slug = cleanSlug(page.slug) || cleanSlug(page.title) || page.source.replace(/\W+/g, '-');
    if (page.kind === 'post') slug = `logs/${slug}`;
    // A page never takes one of the site's own addresses (F-43): `login`, `search`, `manage/…`.
    if (pagePathProblem(slug) || isSiteRoutePath(`/${page.locale}/${slug}`)) {
      const renamed = `${page.kind}-${slug.replace(/\//g, '-')}`.slice(0, 120);
      changed.push(`${page.source}: /${page.locale}/${slug} is one of this site's own addresses; imported at ${renamed}`);
      slug = renamed;
    }
    let candidate = slug;
    for (let n = 2; taken.has(`${page.locale}/${candidate}`) || !freeHere(page, candidate); n++) candidate = `${slug}-${n}`;
    if (candidate !== slug && !freeHere(page, slug)) {
      const file = pageFile(page.locale, slug);
      const what = sampleOf.get(file) === files.get(file) ? 'the sample page' : 'a page of this site';
      collisions.push(`${page.source} "${page.title}" → ${file}: ${what}`);
      changed.push(`${page.source}: ${file} holds ${what}; imported at ${candidate} instead (--on-collision rename)`);
    } else if (candidate !== slug) changed.push(`${page.source}: the path ${slug} was taken; imported at ${candidate}`);
    taken.add(`${page.locale}/${candidate}`);
    pathOf.set(page, candidate);
    return candidate;
  };
  for (const group of groups.values()) {
    const byLocale = new Map<Locale, ImportedPage>();
    for (const page of group) {
      if (byLocale.has(page.locale)) {
        skipped.push(
          `${page.source}: a second ${page.locale} version of ${byLocale.get(page.locale)?.source}; imported on its own`,
        );
        groups.set(`${page.source} alone`, [page]);
      } else byLocale.set(page.locale, page);
    }
    const pages = [...byLocale.values()];
    // The English page names the pair when there is one: Latin keys survive every tool.
    const named = byLocale.get('en') ?? pages[0];
    if (!named) continue;
    const key = placePage(named);
    for (const page of pages) {
      if (page === named) continue;
      if (placePage(page) !== key) translationKeyOf.set(page, key);
    }
  }

  // Accounts (before the files, whose `author` names them): authors, then one per commenter; names made valid and unique (by userNameKey).
  const siteUsers = await db.select({ id: users.id, username: users.username }).from(users);
  const keys = new Map(siteUsers.filter((user) => user.username).map((user) => [userNameKey(user.username as string), user.id]));
  const renamed: string[] = [];
  const newAccounts: string[] = [];
  const document: SiteExport = {
    format: 'daftar-export',
    version: 1,
    exportedAt: now,
    withSecrets: false,
    users: [],
    roles: [],
    userRoles: [],
    settings: [],
    comments: [],
    subscribers: [],
  };
  // Roles for new accounts: authors write (editor), commenters comment (member) — when the site still has those roles.
  const siteRoles = new Set((await db.select({ id: roles.id }).from(roles)).map((role) => role.id));
  const withRole: string[] = [];
  const account = (
    id: string,
    login: string,
    names: { displayName: string; firstName: string; lastName: string; avatarUrl?: string },
    role: string,
  ) => {
    const existing = siteUsers.find((user) => user.id === id);
    if (!existing) {
      if (siteRoles.has(role)) document.userRoles.push({ userId: id, roleId: role });
      else skipped.push(`account ${login}: this site has no "${role}" role; created without a role`);
    }
    let name = existing?.username ?? cleanUserName(login, `user-${id.slice(-8)}`);
    if (!existing) {
      const base = name;
      for (let n = 2; keys.has(userNameKey(name)) && keys.get(userNameKey(name)) !== id; n++) name = `${base.slice(0, 26)}-${n}`;
      if (name !== login) renamed.push(`${login} → ${name}`);
      keys.set(userNameKey(name), id);
      newAccounts.push(name);
      if (siteRoles.has(role)) withRole.push(`${name} (${role})`);
    }
    usernames.set(id, name);
    document.users.push({
      id,
      username: name,
      firstName: names.firstName.slice(0, 200),
      lastName: names.lastName.slice(0, 200),
      displayName: (names.displayName || name).slice(0, 400),
      about: '',
      avatarUrl: names.avatarUrl ?? null,
      disabledAt: null,
      deletedAt: null,
      createdAt: now,
      updatedAt: null,
    });
    return id;
  };
  /** Account id → its user name here (front matter `author` names it: the byline links to the author page). */
  const usernames = new Map<string, string>();
  const commenters = new Map<string, string>();
  const authorUser = new Map<string, string>();
  // Authors' addresses are kept unconfirmed (pending): the owner sends each a confirmation link
  // (docs/operating.md). One that belongs to an account here already is left out.
  const addressRows = await db.select({ email: users.email, pendingEmail: users.pendingEmail }).from(users);
  const addressesHere = new Set(
    addressRows.flatMap((row) => [row.email, row.pendingEmail]).flatMap((email) => (email ? [emailKey(email)] : [])),
  );
  const pendingEmails = new Map<string, string>();
  for (const author of source.authors) {
    const isNew = !siteUsers.some((user) => user.id === `${source.platform}-author-${author.id}`);
    const id = account(`${source.platform}-author-${author.id}`, author.login, author, AUTHOR_ROLE);
    authorUser.set(author.login, usernames.get(id) ?? author.login);
    const email = author.email?.trim();
    if (!email) continue;
    commenters.set(email.toLowerCase(), id);
    if (!isNew) continue;
    if (!emailSchema.safeParse(email).success)
      skipped.push(`account ${usernames.get(id)}: the address ${email} is not an e-mail address; not kept`);
    else if (addressesHere.has(emailKey(email)))
      skipped.push(`account ${usernames.get(id)}: the address ${email} belongs to another account here; not kept`);
    else {
      addressesHere.add(emailKey(email));
      pendingEmails.set(id, email);
    }
  }
  // Categories the imported pages name join the site's list (both languages' labels: the export's
  // name), so their pages and old `/category/x/` addresses answer. One the list cannot take (its
  // slug does not start with a letter, or the list is full) is carried as a tag instead.
  const { settings: siteSettings } = await readSettings(db);
  const catNames = new Map(source.archives.flatMap((archive) => (archive.cat ? [[archive.cat, archive.name ?? '']] : [])));
  const cats = [...siteSettings.cats];
  const catLabels = { ...siteSettings.catLabels };
  const categories = { added: [] as string[], existing: [] as string[] };
  const catAsTag = new Map<string, string>();
  for (const cat of new Set(source.pages.flatMap((page) => (page.cat && pathOf.has(page) ? [page.cat] : [])))) {
    if (cats.includes(cat)) {
      categories.existing.push(cat);
      continue;
    }
    const name = (catNames.get(cat) || cat).replace(/\s+/g, ' ').trim().slice(0, SETTINGS_LIMITS.label);
    if (!categorySlug.safeParse(cat).success || cats.length >= SETTINGS_LIMITS.cats) {
      catAsTag.set(cat, name);
      changed.push(
        `category ${cat}: ${cats.length >= SETTINGS_LIMITS.cats ? `the site's list is full (${SETTINGS_LIMITS.cats})` : 'a category name here starts with a letter'}; its pages carry the tag "${name}" instead`,
      );
      continue;
    }
    cats.push(cat);
    catLabels[cat] = { fa: name, en: name };
    categories.added.push(`${cat} (${name})`);
  }
  const nextSettings = categories.added.length ? siteSettingsSchema.parse({ ...siteSettings, cats, catLabels }) : undefined;

  // Files.
  const rules = new Map<string, string>();
  const addRule = (from: string, to: string, what: string) => {
    // The site's own routes stay its own (F-43): `/en/login`, `/fa/manage`, `/api/…`, feeds, sitemaps.
    // `/?p=12` is WordPress's own address form, not the site's home (which only picks a language).
    const legacyQuery = /^\/\?./.test(from);
    if (!legacyQuery && isSiteRoutePath(from))
      return skipped.push(`${what}: the old address ${from} is one of this site's own; no redirect`);
    const before = rules.get(from);
    if (before && before !== to) return skipped.push(`${what}: ${from} already leads to ${before}`);
    if (from !== to) rules.set(from, to);
  };
  const unknown = new Map(source.unknown);
  const featureImages: string[] = [];
  /** Pages not written: the page here kept (`kept`), or waiting for the owner's choice (`waiting`). */
  const keptOut = new Map<ImportedPage, 'kept' | 'waiting'>();
  for (const page of source.pages) {
    const pagePath = pathOf.get(page);
    if (!pagePath) continue;
    const notes: string[] = [];
    // `[gallery]` without ids shows the images attached to its post.
    const attached = () =>
      source.attachments
        .filter((attachment) => attachment.parent === page.source)
        .map((attachment) => attachment.source.replace(/^attachment /, ''));
    const images = (ids: string[]) =>
      (ids.length ? ids : attached())
        .map((id) => byAttachment.get(id))
        .filter((url): url is string => Boolean(url && /\.(png|jpe?g|gif|webp|avif)$/i.test(url)));
    const body = htmlToMarkdown(rewriteMedia(page.html), {
      images,
      notes,
      unknown: (name) => noteUnknown(unknown, `[${name}]`, page.source),
    });
    for (const note of notes) changed.push(`${page.source}: a WordPress ${note} became a note and its images`);
    const frontMatter: Record<string, unknown> = { title: page.title };
    if (page.description) frontMatter.description = page.description;
    // The featured image is the page's banner and social image (front matter `thumbnail`).
    if (page.featureImage) {
      const { attachment } = page.featureImage;
      const image = attachment ? byAttachment.get(attachment) : page.featureImage.src && rewriteMedia(page.featureImage.src);
      if (image && (isSameSitePath(image) || isHttpUrl(image))) {
        frontMatter.thumbnail = image;
        // Its alt text (WordPress's `_wp_attachment_image_alt`, Ghost's `feature_image_alt`) describes the banner.
        const alt = page.featureImage.alt.replace(/\s+/g, ' ').trim().slice(0, THUMBNAIL_ALT_MAX);
        if (alt) frontMatter.thumbnailAlt = alt;
        featureImages.push(`${page.source} → ${image}${alt ? ` (alt: ${alt})` : ' (no alt text)'}`);
      } else
        skipped.push(
          `${page.source}: its featured image ${attachment ? `(attachment ${attachment}) is not in the export` : `${page.featureImage.src} is not an http(s) address`}; no banner`,
        );
    }
    if (page.date && page.kind === 'post') frontMatter.date = page.date.toISOString();
    // The account's user name (docs/content.md "Tags and authors"): the byline shows its display name and links to its page.
    if (page.author) frontMatter.author = authorUser.get(page.author) ?? page.author;
    const tagged = page.cat ? catAsTag.get(page.cat) : undefined;
    if (page.cat && !tagged) frontMatter.cat = page.cat;
    if (page.comments) frontMatter.comments = true;
    if (page.draft) frontMatter.draft = true;
    if (page.members) frontMatter.visibility = 'members';
    const tags = tagged && !page.tags.includes(tagged) ? [tagged, ...page.tags] : page.tags;
    if (tags.length) frontMatter.tags = tags;
    const translationKey = translationKeyOf.get(page);
    if (translationKey) frontMatter.translationKey = translationKey;
    const text = `---\n${stringifyYaml(frontMatter, { lineWidth: 0 })}---\n\n${body ? `${body}\n` : ''}`;
    const file = pageFile(page.locale, pagePath);
    const existing = (await committed()).get(file);
    const to = paths.page(page.locale, pagePath);
    if (existing === (await gitBlobSha(text))) unchangedFiles.push(file);
    else if (existing !== undefined && onCollision !== 'replace') {
      // The address holds a page here (a sample or the owner's own): nothing is dropped unasked.
      const what = sampleOf.get(file) === existing ? 'the sample page' : 'a page of this site';
      collisions.push(`${page.source} "${page.title}" → ${file}: ${what}`);
      if (!onCollision) {
        keptOut.set(page, 'waiting');
        continue;
      }
      // Kept (or, renamed, still taken: a page an earlier run imported and someone changed since);
      // the old addresses lead to the page here, in the export's language.
      skipped.push(
        `${page.source}: ${file} holds ${what}; kept as it is (--on-collision ${onCollision}), and the old addresses lead to it`,
      );
      keptOut.set(page, 'kept');
      for (const from of page.oldAddresses) addRule(from, decodeURI(to), page.source);
      continue;
    } else {
      if (existing !== undefined) {
        // Replaced, as the owner chose; a sample page's translation goes with it, as it would
        // otherwise be paired with the imported page by their shared path.
        const sample = sampleOf.get(file) === existing;
        collisions.push(`${page.source} "${page.title}" → ${file}: ${sample ? 'the sample page' : 'a page of this site'}`);
        changed.push(
          `${file}: ${sample ? 'the sample page' : 'the page'} there was replaced by ${page.source} (--on-collision replace; its text stays in the history)`,
        );
        const other = pageFile(page.locale === 'fa' ? 'en' : 'fa', pagePath);
        const otherSha = files.get(other);
        const importedThere = source.pages.some((candidate) => candidate !== page && pathOf.get(candidate) === pagePath);
        if (sample && otherSha && otherSha === sampleOf.get(other) && !importedThere) {
          changes.push({ path: other, content: null });
          changed.push(`${other}: the sample page's translation was removed with it`);
        }
      }
      changes.push({ path: file, content: text });
      pageFiles.push(file);
    }
    for (const from of page.oldAddresses) addRule(from, decodeURI(to), page.source);
  }
  const pageBySource = new Map(source.pages.map((page) => [page.source, page]));
  const addressOf = (source: string | undefined) => {
    const page = source ? pageBySource.get(source) : undefined;
    const pagePath = page && !keptOut.has(page) && pathOf.get(page);
    return page && pagePath ? { locale: page.locale, path: pagePath } : undefined;
  };
  for (const attachment of source.attachments) {
    const target = addressOf(attachment.parent);
    if (target)
      for (const from of attachment.oldAddresses)
        addRule(from, decodeURI(paths.page(target.locale, target.path)), attachment.source);
    else if (attachment.oldAddresses.length)
      skipped.push(`${attachment.source}: its page was not imported; its attachment page gets no redirect`);
  }
  // Archives: a category to its page (or, carried as a tag, to the tag's page; one no imported page
  // names, like WordPress's Uncategorized, to the logs), a tag to its page, an author to theirs.
  for (const archive of source.archives) {
    if (!archive.from) continue;
    const tag = archive.cat ? catAsTag.get(archive.cat) : archive.tag;
    if (archive.cat && cats.includes(archive.cat))
      addRule(archive.from, decodeURI(paths.category(archive.locale, archive.cat)), `category ${archive.cat}`);
    else if (archive.author && authorUser.has(archive.author))
      addRule(
        archive.from,
        decodeURI(paths.author(archive.locale, authorUser.get(archive.author) ?? '')),
        `author ${archive.author}`,
      );
    // The tag's page here (common/tags.ts: its slug from its name, folded like the pages' tags).
    else if (tag && tagSlug(tag)) addRule(archive.from, decodeURI(paths.tag(archive.locale, tagSlug(tag))), `tag ${tag}`);
    else addRule(archive.from, paths.logs(archive.locale), archive.cat ? `category ${archive.cat}` : `tag ${archive.tag}`);
  }

  // Comments get this site's ids: the one an earlier run gave them (same page, author, time and
  // text), else the next free one. Sorted by the old ids, parents still come before replies.
  const siteComments = await db
    .select({
      id: comments.id,
      locale: comments.locale,
      pageSlug: comments.pageSlug,
      userId: comments.userId,
      createdAt: comments.createdAt,
      body: comments.body,
    })
    .from(comments);
  const commentKey = (c: { locale: string; pageSlug: string; userId: string; createdAt: Date; body: string }) =>
    JSON.stringify([c.locale, c.pageSlug, c.userId, c.createdAt.getTime(), c.body]);
  const earlier = new Map(siteComments.map((c) => [commentKey(c), c.id]));
  let nextId = siteComments.reduce((max, c) => Math.max(max, c.id), 0) + 1;
  const kept = new Map<number, number>();
  for (const comment of [...source.comments].sort((a, b) => a.id - b.id)) {
    const target = addressOf(comment.page);
    const where = `comment ${comment.id}`;
    if (!target) {
      const page = pageBySource.get(comment.page);
      skipped.push(
        `${where}: its page (${comment.page}) ${page && keptOut.get(page) === 'waiting' ? 'waits for your choice of address (--on-collision)' : 'was not imported'}`,
      );
      continue;
    }
    // A reply whose comment is not in the export (or was not imported) is kept, at the top level.
    const parentId = comment.parentId !== null && kept.has(comment.parentId) ? comment.parentId : null;
    if (comment.parentId !== null && parentId === null)
      changed.push(`${where}: the comment it answers (${comment.parentId}) was not imported; kept at the top level`);
    const who = (comment.authorEmail || comment.authorName || 'anonymous').toLowerCase();
    let userId = commenters.get(who);
    if (!userId) {
      const id = `${source.platform}-commenter-${(await gitBlobSha(who)).slice(0, 16)}`;
      const name = comment.authorName.trim() || 'reader';
      userId = account(id, name, { displayName: name, firstName: name, lastName: '' }, COMMENTER_ROLE);
      commenters.set(who, userId);
    }
    let body = htmlToMarkdown(comment.html);
    if (body.length > 20_000) {
      skipped.push(`${where}: cut to 20 000 characters`);
      body = body.slice(0, 20_000);
    }
    if (!body) {
      skipped.push(`${where}: empty`);
      continue;
    }
    const row = { locale: target.locale, pageSlug: target.path, userId, body, createdAt: comment.date };
    const id = earlier.get(commentKey(row)) ?? nextId++;
    kept.set(comment.id, id);
    document.comments.push({
      ...row,
      id,
      parentId: parentId === null ? null : (kept.get(parentId) ?? null),
      status: comment.status,
      updatedAt: null,
    });
  }
  // The accounts and comments pass the site import's own checks (docs/operating.md "JSON export and
  // import": lengths, http(s) avatars only, parents before replies), named by their place.
  let checked: SiteExport;
  try {
    checked = parseSiteExport(JSON.stringify(document));
  } catch (error) {
    if (!(error instanceof ExportFileError)) throw error;
    const [, kind, index] = /^(users|comments)\.(\d+)/.exec(error.message) ?? [];
    const entry = kind === 'users' ? document.users[Number(index)]?.id : document.comments[Number(index)]?.id;
    throw new SiteImportError(
      `${entry !== undefined ? `${kind === 'users' ? 'account' : 'comment'} ${entry}: ` : ''}${error.message}`,
    );
  }
  return {
    document: checked,
    changes,
    mediaFiles,
    pageFiles,
    unchangedFiles,
    media,
    rules: [...rules].map(([from, to]) => ({ from, to })),
    renamed,
    newAccounts,
    ...(nextSettings ? { settings: nextSettings } : {}),
    categories,
    featureImages,
    collisions,
    pendingEmails,
    withRole,
    unknown: [...unknown].map(([what, pages]) => `${what}: ${pages.join(', ')}`),
    changed,
    skipped,
  };
}

// ---- applying -----------------------------------------------------------------------------------

/**
 * Imports a read export: plans everything first (a problem throws before anything is written),
 * then commits every file in one commit, syncs the index, and writes the redirects, accounts and
 * comments in one batch. `dryRun` plans and reports only. Running it again changes nothing.
 */
export async function importExternalSite(
  db: Database,
  repository: ContentRepository,
  source: ImportSource,
  {
    dryRun = false,
    readMedia,
    now = new Date(),
    onCollision,
  }: { dryRun?: boolean; readMedia?: MediaReader; now?: Date; onCollision?: CollisionChoice } = {},
): Promise<SiteImportReport> {
  const head = await repository.head();
  const existingRules = new Map((await db.select().from(redirects)).map((row) => [row.from, row.to]));
  const plan = await planImport(db, repository, source, { readMedia, now, onCollision, existingRules });
  // An address that holds a page here is the owner's to give: the dry run lists them, the real run waits for the choice.
  if (!dryRun && !onCollision && plan.collisions.length)
    throw new SiteImportError(
      `${translateMessage('en', 'api.importCollisions', { count: plan.collisions.length })}\n${plan.collisions.map((line) => `  ${line}`).join('\n')}`,
    );
  const newRules = plan.rules.filter((rule) => existingRules.get(rule.from) !== rule.to);
  // The accounts and comments go through the site import's checks (parents first, http(s) avatars).
  const people = await importSite(db, plan.document, { dryRun: true });
  const report: SiteImportReport = {
    dryRun,
    files: { created: plan.pageFiles, unchanged: plan.unchangedFiles },
    media: plan.media,
    redirects: { added: newRules.length, unchanged: plan.rules.length - newRules.length },
    accounts: {
      created: plan.newAccounts,
      renamed: plan.renamed,
      withRole: plan.withRole,
      pendingEmails: [...plan.pendingEmails].map(
        ([id, email]) => `${plan.document.users.find((user) => user.id === id)?.username ?? id} <${email}>`,
      ),
    },
    comments: { imported: people.created.comments + people.updated.comments, unchanged: people.unchanged.comments },
    categories: plan.categories,
    featureImages: plan.featureImages,
    unknown: plan.unknown,
    collisions: { ...(onCollision ? { choice: onCollision } : {}), pages: plan.collisions },
    changed: plan.changed,
    skipped: [...plan.skipped, ...people.skipped.map((entry) => `${entry.kind} ${entry.id}: ${entry.reason}`)],
  };
  if (dryRun) return report;
  const changes: FileChange[] = [...plan.changes];
  for (const media of plan.mediaFiles) changes.push({ path: media.path, blob: await repository.writeBlob(media.bytes) });
  if (changes.length) {
    // Refused (nothing committed) when the repository moved on while the import was planned.
    report.commit = await repository.commit(
      changes,
      `Import from ${source.platform === 'wordpress' ? 'WordPress' : 'Ghost'}: ${plan.pageFiles.length} pages`,
      { name: 'Daftar import', email: 'import@daftar.invalid' },
      head ? { expectedHead: head } : {},
    );
  }
  if (plan.settings) await saveSettings({ db }, plan.settings);
  await recordedSync(db, repository, {});
  await importSite(db, plan.document);
  // Kept unconfirmed: the address is the account's once its owner opens the link the site mails.
  for (const [id, email] of plan.pendingEmails)
    await db
      .update(users)
      .set({ pendingEmail: email })
      .where(and(eq(users.id, id), isNull(users.email), isNull(users.pendingEmail)));
  for (const rule of newRules) {
    await db
      .insert(redirects)
      .values({ from: rule.from, to: rule.to, buildId: null })
      .onConflictDoUpdate({ target: redirects.from, set: { to: rule.to } });
  }
  return report;
}

/** The report as the CLI prints it. */
export function describeSiteImport(report: SiteImportReport) {
  const lines = [
    report.dryRun ? 'Dry run: nothing was written.' : report.commit ? `Committed ${report.commit}.` : 'Nothing new to commit.',
    `Pages: ${report.files.created.length} new, ${report.files.unchanged.length} already imported.`,
    `Media: ${report.media.copied.length} copied, ${report.media.remote.length} left at their old address.`,
    `Redirects: ${report.redirects.added} new, ${report.redirects.unchanged} already there.`,
    `Accounts: ${report.accounts.created.length} new (without passwords: the owner sends reset links with reset-password USER).`,
    `Comments: ${report.comments.imported} imported, ${report.comments.unchanged} already there.`,
    `Categories: ${report.categories.added.length} added to Settings, ${report.categories.existing.length} already there.`,
    `Featured images: ${report.featureImages.length} became page banners.`,
  ];
  const list = (title: string, items: string[]) => items.length && lines.push(`${title}:`, ...items.map((item) => `  ${item}`));
  const { collisions } = report;
  if (collisions.pages.length && !collisions.choice)
    lines.splice(1, 0, translateMessage('en', 'api.importCollisionsAsk', { count: collisions.pages.length }));
  list(
    collisions.choice
      ? `Addresses already taken (--on-collision ${collisions.choice})`
      : 'Addresses already taken (waiting for your choice)',
    collisions.pages,
  );
  list('New pages', report.files.created);
  list('Categories added', report.categories.added);
  list('Featured images', report.featureImages);
  list('Accounts given a role', report.accounts.withRole);
  list('Addresses kept unconfirmed (send each a confirmation from Users → Change e-mail)', report.accounts.pendingEmails);
  list('Renamed accounts', report.accounts.renamed);
  list('Media kept at the old address', report.media.remote);
  list('Shortcodes and cards this importer does not know (left in the text as typed), with their pages', report.unknown);
  list('Changed on the way', report.changed);
  list('Left behind', report.skipped);
  return lines.join('\n');
}

import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';
import { stringify as stringifyYaml } from 'yaml';
import { pageFile, pagePathProblem } from '../../common/authoring';
import type { Locale } from '../../common/locales';
import { paths } from '../../common/paths';
import { foldSlug } from '../../common/persian-fold';
import { tagSlug } from '../../common/tags';
import { normaliseUserName, userNameKey, userNameProblem } from '../../common/user-name';
import { gitBlobSha } from '../content/git-blob';
import { imageInfo } from '../content/image-info';
import type { ContentRepository, FileChange } from '../content/repository';
import type { Database } from '../db/database';
import { comments, redirects, users } from '../db/schema';
import { recordedSync } from './content-sync-runner';
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
  /** Pages of one translation group: each keeps its own path, paired by `translationKey` (the English page's path). */
  translationGroup?: string;
  /** Old addresses (`/?p=12`, `/2024/05/hello`) that answer 301 to the page. */
  oldAddresses: string[];
  comments?: boolean;
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
  /** Category and tag archives: old address → locale and what it listed (a tag by its name). */
  archives: { from: string; locale: Locale; cat?: string; tag?: string }[];
  /** Entries the reader left out, each with why. */
  skipped: string[];
};

/** What a reader starts from and fills in. */
export function emptyImportSource(platform: ImportSource['platform']): ImportSource {
  return { platform, pages: [], authors: [], comments: [], attachments: [], archives: [], skipped: [] };
}

export type SiteImportReport = {
  dryRun: boolean;
  commit?: string;
  files: { created: string[]; unchanged: string[] };
  media: { copied: string[]; remote: string[] };
  redirects: { added: number; unchanged: number };
  accounts: { created: string[]; renamed: string[] };
  comments: { imported: number; unchanged: number };
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
  service.addRule('safeLinks', {
    filter: (node) => node.nodeName === 'A',
    replacement: (content, node) => {
      const href = safeUrl(node.getAttribute('href'));
      return href ? `[${content}](${href.replace(/[()\s]/g, encodeURIComponent)})` : content;
    },
  });
  service.addRule('safeImages', {
    filter: (node) => node.nodeName === 'IMG',
    replacement: (_content, node) => {
      const src = safeUrl(node.getAttribute('src'));
      const alt = (node.getAttribute('alt') ?? '').replace(/[[\]\\]/g, '');
      return src ? `![${alt}](${src.replace(/[()\s]/g, encodeURIComponent)})` : '';
    },
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

/** WordPress's shortcodes the importer knows; others stay in the text as they were typed. */
function shortcodes(html: string, images: (ids: string[]) => string[], notes: string[]) {
  return html
    .replace(/\[caption[^\]]*\]([\s\S]*?)\[\/caption\]/gi, (_all, inner: string) => {
      const image = /<img[^>]*>/i.exec(inner)?.[0] ?? '';
      const caption = inner.replace(/<a[^>]*>\s*<img[^>]*>\s*<\/a>|<img[^>]*>/i, '').trim();
      return `<figure>${image}<figcaption>${caption}</figcaption></figure>`;
    })
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
    .replace(/\[embed\]([^[]+)\[\/embed\]/gi, (_all, url: string) => `<p><a href="${url.trim()}">${url.trim()}</a></p>`);
}

/** The Markdown of an HTML body: Gutenberg block comments dropped, shortcodes handled, nothing executable kept. */
export function htmlToMarkdown(html: string, options: { images?: (ids: string[]) => string[]; notes?: string[] } = {}) {
  turndown ??= converter();
  const withoutBlocks = html.replace(/<!--\s*\/?wp:[\s\S]*?-->/g, '');
  // WordPress stores paragraphs as blank lines (wpautop): make them paragraphs before converting.
  const paragraphs = /<(p|div|h[1-6]|ul|ol|table|blockquote|figure|pre)[\s>]/i.test(withoutBlocks)
    ? withoutBlocks
    : withoutBlocks
        .split(/\n\s*\n/)
        .map((part) => (part.trim() ? `<p>${part.trim().replace(/\n/g, '<br>')}</p>` : ''))
        .join('\n');
  const expanded = shortcodes(paragraphs, options.images ?? (() => []), options.notes ?? []);
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
  skipped: string[];
};

const RESERVED_ADDRESS = /^\/(api|assets|media|builds|__)(\/|$)/;

async function planImport(
  db: Database,
  repository: ContentRepository,
  source: ImportSource,
  { readMedia, now }: { readMedia?: MediaReader; now: Date },
): Promise<Plan> {
  const skipped = [...source.skipped];
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
      ? html.replace(/(https?:)?\/\/[^\s"'()<>]+\/wp-content\/uploads\/[^\s"'()<>]+/gi, (url) => {
          const absolute = url.startsWith('//') ? `https:${url}` : url;
          const plain = absolute.replace(/^http:/, 'https:');
          for (const candidate of [absolute, absolute.replace(/^https:/, 'http:'), plain]) {
            const hit =
              urlMap.get(candidate) ?? urlMap.get(candidate.replace(/-\d+x\d+(\.[^./]+)$/, '').replace(/\.[^./]+$/, ''));
            if (hit) return hit;
          }
          return url;
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
  const placePage = (page: ImportedPage) => {
    let slug = cleanSlug(page.slug) || cleanSlug(page.title) || page.source.replace(/\W+/g, '-');
    if (page.kind === 'post') slug = `logs/${slug}`;
    if (pagePathProblem(slug)) slug = `${page.kind}-${slug.replace(/\//g, '-')}`.slice(0, 120);
    let candidate = slug;
    for (let n = 2; taken.has(`${page.locale}/${candidate}`); n++) candidate = `${slug}-${n}`;
    if (candidate !== slug) skipped.push(`${page.source}: the path ${slug} was taken; imported at ${candidate}`);
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
  const account = (
    id: string,
    login: string,
    names: { displayName: string; firstName: string; lastName: string; avatarUrl?: string },
  ) => {
    const existing = siteUsers.find((user) => user.id === id);
    let name = existing?.username ?? cleanUserName(login, `user-${id.slice(-8)}`);
    if (!existing) {
      const base = name;
      for (let n = 2; keys.has(userNameKey(name)) && keys.get(userNameKey(name)) !== id; n++) name = `${base.slice(0, 26)}-${n}`;
      if (name !== login) renamed.push(`${login} → ${name}`);
      keys.set(userNameKey(name), id);
      newAccounts.push(name);
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
  for (const author of source.authors) {
    const id = account(`${source.platform}-author-${author.id}`, author.login, author);
    authorUser.set(author.login, usernames.get(id) ?? author.login);
    if (author.email) commenters.set(author.email.toLowerCase(), id);
  }
  // Files.
  const rules = new Map<string, string>();
  const addRule = (from: string, to: string, what: string) => {
    if (RESERVED_ADDRESS.test(from)) return skipped.push(`${what}: the old address ${from} belongs to Daftar; no redirect`);
    const before = rules.get(from);
    if (before && before !== to) return skipped.push(`${what}: ${from} already leads to ${before}`);
    if (from !== to) rules.set(from, to);
  };
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
    const body = htmlToMarkdown(rewriteMedia(page.html), { images, notes });
    for (const note of notes) skipped.push(`${page.source}: a WordPress ${note} became a note and its images`);
    const frontMatter: Record<string, unknown> = { title: page.title };
    if (page.description) frontMatter.description = page.description;
    if (page.date && page.kind === 'post') frontMatter.date = page.date.toISOString();
    // The account's user name (docs/content.md "Tags and authors"): the byline shows its display name and links to its page.
    if (page.author) frontMatter.author = authorUser.get(page.author) ?? page.author;
    if (page.cat) frontMatter.cat = page.cat;
    if (page.comments) frontMatter.comments = true;
    if (page.draft) frontMatter.draft = true;
    if (page.tags.length) frontMatter.tags = page.tags;
    const translationKey = translationKeyOf.get(page);
    if (translationKey) frontMatter.translationKey = translationKey;
    const text = `---\n${stringifyYaml(frontMatter, { lineWidth: 0 })}---\n\n${body ? `${body}\n` : ''}`;
    const file = pageFile(page.locale, pagePath);
    const existing = (await committed()).get(file);
    if (existing === (await gitBlobSha(text))) unchangedFiles.push(file);
    else if (existing !== undefined) {
      skipped.push(`${page.source}: ${file} already holds another page; kept as it is`);
      continue;
    } else {
      changes.push({ path: file, content: text });
      pageFiles.push(file);
    }
    const to = paths.page(page.locale, pagePath);
    for (const from of page.oldAddresses) addRule(from, decodeURI(to), page.source);
  }
  const pageBySource = new Map(source.pages.map((page) => [page.source, page]));
  const addressOf = (source: string | undefined) => {
    const page = source ? pageBySource.get(source) : undefined;
    const pagePath = page && pathOf.get(page);
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
  for (const archive of source.archives) {
    if (archive.cat) addRule(archive.from, `/${archive.locale}/cats/${archive.cat}`, `category ${archive.cat}`);
    // The tag's page here (common/tags.ts: its slug from its name, folded like the pages' tags).
    else if (archive.tag && tagSlug(archive.tag))
      addRule(archive.from, decodeURI(paths.tag(archive.locale, tagSlug(archive.tag))), `tag ${archive.tag}`);
    else addRule(archive.from, `/${archive.locale}/logs`, `tag ${archive.tag}`);
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
      skipped.push(`${where}: its page (${comment.page}) was not imported`);
      continue;
    }
    if (comment.parentId !== null && !kept.has(comment.parentId)) {
      skipped.push(`${where}: the comment it answers (${comment.parentId}) was not imported`);
      continue;
    }
    const who = (comment.authorEmail || comment.authorName || 'anonymous').toLowerCase();
    let userId = commenters.get(who);
    if (!userId) {
      const id = `${source.platform}-commenter-${(await gitBlobSha(who)).slice(0, 16)}`;
      const name = comment.authorName.trim() || 'reader';
      userId = account(id, name, { displayName: name, firstName: name, lastName: '' });
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
      parentId: comment.parentId === null ? null : (kept.get(comment.parentId) ?? null),
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
  { dryRun = false, readMedia, now = new Date() }: { dryRun?: boolean; readMedia?: MediaReader; now?: Date } = {},
): Promise<SiteImportReport> {
  const head = await repository.head();
  const plan = await planImport(db, repository, source, { readMedia, now });
  const existingRules = new Map((await db.select().from(redirects)).map((row) => [row.from, row.to]));
  const newRules = plan.rules.filter((rule) => existingRules.get(rule.from) !== rule.to);
  // The accounts and comments go through the site import's checks (parents first, http(s) avatars).
  const people = await importSite(db, plan.document, { dryRun: true });
  const report: SiteImportReport = {
    dryRun,
    files: { created: plan.pageFiles, unchanged: plan.unchangedFiles },
    media: plan.media,
    redirects: { added: newRules.length, unchanged: plan.rules.length - newRules.length },
    accounts: { created: plan.newAccounts, renamed: plan.renamed },
    comments: { imported: people.created.comments + people.updated.comments, unchanged: people.unchanged.comments },
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
  await recordedSync(db, repository, {});
  await importSite(db, plan.document);
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
  ];
  const list = (title: string, items: string[]) => items.length && lines.push(`${title}:`, ...items.map((item) => `  ${item}`));
  list('New pages', report.files.created);
  list('Renamed accounts', report.accounts.renamed);
  list('Media kept at the old address', report.media.remote);
  list('Not imported or changed', report.skipped);
  return lines.join('\n');
}

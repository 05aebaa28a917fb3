import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { legacyAddressKey, legacyFolderQueryKey } from '../../common/legacy-address';
import type { Locale } from '../../common/locales';
import { decodeEntities, pageSearchText } from '../content/search-text';
import {
  cleanSlug,
  emptyImportSource,
  type ImportedAttachment,
  type ImportedComment,
  type ImportedPage,
  type ImportSource,
  SiteImportError,
} from './site-import';

/*
 * WordPress's export (WXR 1.1 and 1.2: Tools → Export → All content) read into an ImportSource.
 * Posts and pages become pages (posts dated, under `logs/`), attachments media, `wp:author`s
 * accounts, comments comments; Polylang's `language` and `post_translations` terms (WPML's
 * `wpml_language` too) give each page its locale and its translation. Every old address —
 * `/?p=ID`, `/?page_id=ID`, the permalink in `<link>` (with and without the folder of a blog
 * installed in one, `/blog/…`), `/?attachment_id=ID` and attachment pages, `/category/x/`,
 * `/tag/x/`, `/author/x/` — gets a 301 rule. Character references in the XML (`&#039;` in an old
 * exporter's `<title>`) are decoded once, as XML says; the HTML bodies (CDATA) are left to the
 * HTML converter, so nothing is decoded twice.
 */

type Node = Record<string, unknown>;
const LISTS = new Set(['item', 'category', 'wp:comment', 'wp:postmeta', 'wp:author', 'wp:category', 'wp:tag']);

/** A post's or an attachment's `<wp:postmeta>` value by key (`_thumbnail_id`, `_wp_attachment_image_alt`). */
const meta = (item: Node, key: string) =>
  str(list(item['wp:postmeta']).find((entry) => str(entry['wp:meta_key']) === key)?.['wp:meta_value']);

const str = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return str((value as Node)['#text']);
  return String(value);
};
const list = (value: unknown): Node[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]) as Node[];

function localeOf(code: string): Locale | undefined {
  const lower = code.toLowerCase();
  if (lower.startsWith('fa')) return 'fa';
  if (lower.startsWith('en')) return 'en';
  return undefined;
}

/** WordPress dates are `2024-05-01 10:00:00` (GMT in `_gmt`); `0000-00-00 00:00:00` is none. */
function wpDate(gmt: string, local: string, pubDate: string): Date | undefined {
  for (const [text, zone] of [
    [gmt, 'Z'],
    [local, 'Z'],
  ] as const) {
    if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) && !text.startsWith('0000')) {
      const date = new Date(`${text.replace(' ', 'T')}${zone}`);
      if (!Number.isNaN(date.getTime())) return date;
    }
  }
  const date = pubDate ? new Date(pubDate) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/**
 * The old addresses of a link on the exported site, when it is on that site: its path (or
 * `/?p=ID`) as it was — `/blog/2018/10/02/hello/` for a blog installed in a folder — and, for such
 * a blog, also without the folder, for a site that moves from `example.com/blog/` to `example.com/`.
 */
function oldAddresses(link: string, site: string): string[] {
  try {
    const url = new URL(link, site || 'https://example.invalid');
    if (site && new URL(site).host !== url.host) return [];
    const base = site ? new URL(site).pathname.replace(/\/+$/, '') : '';
    const inFolder = base && (url.pathname === base || url.pathname.startsWith(`${base}/`));
    // A plain address in the folder (`/blog/?p=12`) is that and `/?p=12`, never the folder alone.
    const plain = inFolder ? legacyFolderQueryKey(url.pathname, url.search) : undefined;
    const addresses = plain ? [plain] : [legacyAddressKey(url.pathname, url.search)];
    if (inFolder) addresses.push(legacyAddressKey(url.pathname.slice(base.length) || '/', url.search));
    return addresses.filter((address, index): address is string => Boolean(address) && addresses.indexOf(address) === index);
  } catch {
    return [];
  }
}

/** Reads a WXR file. A malformed one throws SiteImportError naming the line or the item. */
export function readWordPressExport(xml: string, { defaultLocale = 'fa' as Locale } = {}): ImportSource {
  // Entities can only be declared before the root element, however long the comments before it (F-52).
  const root = xml.search(/<rss[\s>]/);
  if (/<!ENTITY/i.test(root === -1 ? xml : xml.slice(0, root)))
    throw new SiteImportError('The file declares XML entities (<!ENTITY>): a WordPress export never does; refused.');
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new SiteImportError(`Not well-formed XML at line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    // The XML entities and numeric references (`&#039;`), decoded once in one pass; nothing inside
    // CDATA, which holds HTML the converter decodes itself. Declared entities were refused above.
    entityDecoder: {
      decode: decodeEntities,
      addInputEntities: (entities) => {
        if (Object.keys(entities).length) throw new SiteImportError('The file declares XML entities (<!ENTITY>); refused.');
      },
      setExternalEntities: () => {},
      reset: () => {},
      setXmlVersion: () => {},
    },
    isArray: (name) => LISTS.has(name),
  });
  const document = parser.parse(xml) as Node;
  const channel = (document.rss as Node | undefined)?.channel as Node | undefined;
  if (!channel) throw new SiteImportError('No <rss><channel>: this is not a WordPress export (WXR) file.');
  const version = str(channel['wp:wxr_version']);
  if (!version) throw new SiteImportError('<channel> has no <wp:wxr_version>: this is not a WordPress export (WXR) file.');
  if (!/^1\.[0-2]$/.test(version))
    throw new SiteImportError(`<wp:wxr_version>${version}</wp:wxr_version>: this importer reads WXR 1.0 to 1.2.`);
  const site = str(channel['wp:base_blog_url']) || str(channel.link);
  const siteLocale = localeOf(str(channel.language)) ?? defaultLocale;

  const source = emptyImportSource('wordpress');
  // WordPress logins compare without case (MySQL's collation): `Bob` and `bob` are one person.
  const authorLogins = new Map<string, string>();
  const loginOf = (name: string) => authorLogins.get(name.toLowerCase());
  list(channel['wp:author']).forEach((author, index) => {
    const login = str(author['wp:author_login']);
    const id = str(author['wp:author_id']) || login;
    if (!login) throw new SiteImportError(`<wp:author> ${index + 1}: no <wp:author_login>.`);
    const same = loginOf(login);
    if (same !== undefined) {
      source.changed.push(`author ${login}: the same login as ${same} (WordPress logins ignore case); one account`);
      return;
    }
    authorLogins.set(login.toLowerCase(), login);
    source.authors.push({
      id,
      login,
      displayName: str(author['wp:author_display_name']) || login,
      firstName: str(author['wp:author_first_name']),
      lastName: str(author['wp:author_last_name']),
      email: str(author['wp:author_email']) || undefined,
    });
  });

  const categoryNames = new Map(
    list(channel['wp:category']).map((term) => [
      cleanSlug(str(term['wp:category_nicename'])),
      decodeEntities(str(term['wp:cat_name'])),
    ]),
  );
  const items = list(channel.item);
  // Featured images: the attachment's alt text (its `_wp_attachment_image_alt`) by attachment id.
  const altText = new Map(
    items
      .filter((item) => str(item['wp:post_type']) === 'attachment')
      .map((item) => [str(item['wp:post_id']), meta(item, '_wp_attachment_image_alt')]),
  );
  const archiveLocale = new Map<string, { locale: Locale; name: string }>();
  items.forEach((item, index) => {
    const id = str(item['wp:post_id']);
    const type = str(item['wp:post_type']);
    const where = `<item> ${index + 1}${id ? ` (wp:post_id ${id})` : ''}`;
    if (!/^\d+$/.test(id)) throw new SiteImportError(`${where}: <wp:post_id> must be a number.`);
    const link = str(item.link);
    const categories = list(item.category).map((term) => ({
      domain: str(term['@_domain']),
      nicename: str(term['@_nicename']),
      // WordPress stores term names escaped (`&amp;`, `&#039;`): their text, decoded once.
      name: decodeEntities(str(term)),
    }));
    const language = categories.find((term) => term.domain === 'language' || term.domain === 'wpml_language');
    const locale = language ? localeOf(language.nicename) : siteLocale;
    if (type === 'attachment') {
      const url = str(item['wp:attachment_url']);
      if (!url) {
        source.skipped.push(`${where}: an attachment without <wp:attachment_url>`);
        return;
      }
      // Below `wp-content/uploads/`, or on WordPress.com's file host (`site.files.wordpress.com/2013/03/a.jpg`,
      // whose media export holds `2013/03/a.jpg`).
      const upload =
        /\/wp-content\/uploads\/(.+)$/.exec(url)?.[1] ??
        /^https?:\/\/[^/]+\.files\.wordpress\.com\/(\d{4}\/\d{2}\/[^?#]+)/i.exec(url)?.[1];
      let uploadPath: string | undefined;
      try {
        uploadPath = upload ? decodeURIComponent(upload) : undefined;
      } catch {
        uploadPath = upload;
      }
      const attachment: ImportedAttachment = {
        source: `attachment ${id}`,
        url,
        uploadPath,
        parent: str(item['wp:post_parent']) !== '0' ? `post ${str(item['wp:post_parent'])}` : undefined,
        oldAddresses: [`/?attachment_id=${id}`, ...(link ? oldAddresses(link, site) : [])],
      };
      source.attachments.push(attachment);
      return;
    }
    if (type !== 'post' && type !== 'page') {
      if (type !== 'nav_menu_item' && type !== 'revision') source.skipped.push(`${where}: a "${type}" is not a post or a page`);
      return;
    }
    if (!locale) {
      source.skipped.push(`${where}: its language "${language?.nicename}" is not one of the site's (fa, en)`);
      return;
    }
    const title = str(item.title);
    const status = str(item['wp:status']);
    if (status === 'trash' || status === 'auto-draft' || status === 'inherit') {
      source.skipped.push(`${where}: ${status}, not imported`);
      return;
    }
    // A password-protected or private post is not public on WordPress: here it is published for
    // members (Daftar has no page passwords; docs/content.md "Members-only pages"), and reported.
    const protectedPost = str(item['wp:post_password']) !== '';
    const members = protectedPost || status === 'private';
    if (members)
      source.changed.push(
        `${where}: ${protectedPost ? 'password-protected' : 'private'} on WordPress; published for members (visibility: members)`,
      );
    const cat = categories.find((term) => term.domain === 'category' && term.nicename !== 'uncategorized');
    const catSlug = cat ? cleanSlug(cat.nicename) : undefined;
    for (const term of categories) {
      if (term.domain === 'category' || term.domain === 'post_tag') {
        const slug = cleanSlug(term.nicename);
        const name = (term.domain === 'category' && categoryNames.get(slug)) || term.name || term.nicename;
        if (slug && !archiveLocale.has(`${term.domain} ${slug}`)) archiveLocale.set(`${term.domain} ${slug}`, { locale, name });
      }
    }
    // The excerpt is HTML (CDATA): its text, references decoded once.
    const description = pageSearchText(str(item['excerpt:encoded']));
    const thumbnail = meta(item, '_thumbnail_id');
    const creator = str(item['dc:creator']);
    const page: ImportedPage = {
      source: `post ${id}`,
      kind: type,
      locale,
      slug: str(item['wp:post_name']) || title || id,
      title: title || `(untitled ${type} ${id})`,
      html: str(item['content:encoded']),
      date: wpDate(str(item['wp:post_date_gmt']), str(item['wp:post_date']), str(item.pubDate)),
      ...(description ? { description } : {}),
      ...(catSlug ? { cat: catSlug } : {}),
      tags: categories.filter((term) => term.domain === 'post_tag').map((term) => term.name || term.nicename),
      author: creator ? (loginOf(creator) ?? creator) : undefined,
      ...(/^\d+$/.test(thumbnail) ? { featureImage: { attachment: thumbnail, alt: altText.get(thumbnail) ?? '' } } : {}),
      draft: status !== 'publish' && status !== 'private',
      ...(members ? { members: true } : {}),
      translationGroup: categories.find((term) => term.domain === 'post_translations' || term.domain === 'wpml_translations')
        ?.nicename,
      oldAddresses: [
        type === 'page' ? `/?page_id=${id}` : `/?p=${id}`,
        `/?p=${id}`,
        ...(link ? oldAddresses(link, site) : []),
      ].filter((address, i, all) => all.indexOf(address) === i),
      comments: str(item['wp:comment_status']) === 'open' || list(item['wp:comment']).length > 0,
    };
    if (page.author && !loginOf(page.author)) {
      source.authors.push({ id: page.author, login: page.author, displayName: page.author, firstName: '', lastName: '' });
      authorLogins.set(page.author.toLowerCase(), page.author);
    }
    source.pages.push(page);
    for (const comment of list(item['wp:comment'])) {
      const commentId = str(comment['wp:comment_id']);
      const at = `${where} <wp:comment> ${commentId || '?'}`;
      if (!/^\d+$/.test(commentId) || commentId === '0')
        throw new SiteImportError(`${at}: <wp:comment_id> must be a positive number.`);
      const kind = str(comment['wp:comment_type']);
      if (kind && kind !== 'comment') {
        source.skipped.push(`comment ${commentId}: a ${kind}, not imported`);
        continue;
      }
      const approved = str(comment['wp:comment_approved']);
      const status = approved === '1' ? 'approved' : approved === '0' ? 'pending' : approved === 'spam' ? 'spam' : undefined;
      if (!status) {
        source.skipped.push(`comment ${commentId}: ${approved || 'no status'}, not imported`);
        continue;
      }
      const parent = str(comment['wp:comment_parent']);
      const imported: ImportedComment = {
        id: Number(commentId),
        page: page.source,
        parentId: parent && parent !== '0' ? Number(parent) : null,
        authorName: str(comment['wp:comment_author']),
        authorEmail: str(comment['wp:comment_author_email']),
        html: str(comment['wp:comment_content']),
        status,
        date: wpDate(str(comment['wp:comment_date_gmt']), str(comment['wp:comment_date']), '') ?? new Date(0),
      };
      if (imported.parentId !== null && !(imported.parentId < imported.id))
        throw new SiteImportError(`${at}: it answers comment ${imported.parentId}, which is not an earlier comment.`);
      source.comments.push(imported);
    }
  });
  for (const [key, { locale, name }] of archiveLocale) {
    const [domain, slug] = key.split(' ') as [string, string];
    if (domain === 'category') source.archives.push({ from: `/category/${slug}`, locale, cat: slug, name });
    else source.archives.push({ from: `/tag/${slug}`, locale, tag: name });
  }
  // Author archives (`/author/{nicename}/`; the nicename is the login made into a slug).
  for (const login of authorLogins.values()) {
    const slug = cleanSlug(login);
    const page = source.pages.find((candidate) => candidate.author === login);
    if (slug && page) source.archives.push({ from: `/author/${slug}`, locale: page.locale, author: login });
  }
  return source;
}

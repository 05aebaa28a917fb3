import { type Locale, localeDirection, locales, otherLocale } from '../../common/locales';
import { PRIVATE_SECTIONS, paths } from '../../common/paths';
import { categoryName, pageTitle } from '../../common/site-settings';
import { tagKey } from '../../common/tags';
import { userNameKey } from '../../common/user-name';
import { absoluteHtml } from '../content/absolute-html';
import type { Database } from '../db/database';
import { authorPage, countPublicPages, feedEntries, listAuthors, listPublicPages, listTags, tagPage } from './content';
import { latestContentBuild } from './content-sync';
import { getSiteSettings } from './site';

export function xmlEscape(value: string) {
  return value.replace(/[<>&'"]/g, (ch) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[ch]};`);
}

/**
 * Dashboard, account and API paths stay out of search engines; everything else is welcome, unless
 * the settings say the site is not to be indexed at all.
 */
export function robotsTxt(origin: string, indexable = true) {
  if (!indexable) return 'User-agent: *\nDisallow: /\n';
  const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/'];
  for (const locale of locales) for (const section of PRIVATE_SECTIONS) lines.push(`Disallow: /${locale}/${section}`);
  lines.push('', `Sitemap: ${origin}/sitemap.xml`, '');
  return lines.join('\n');
}

/**
 * Page URLs per sitemap file. The protocol allows 50 000, but a file is made in one request (then
 * cached per build): 2 000 rows keep that request short at any size (issue 35 F-1; 100 000 pages are
 * 25 files a locale). The first file adds the listings.
 */
export const SITEMAP_PAGES = 2_000;

/** The address of a locale's sitemap file `part` (1 is `/{locale}/sitemap.xml`, then `/{locale}/sitemap-2.xml` …). */
export function sitemapPath(locale: Locale, part: number) {
  return part === 1 ? paths.sitemap(locale) : paths.sitemap(locale).replace(/\.xml$/, `-${part}.xml`);
}

async function sitemapParts(db: Database, locale: Locale, perFile: number) {
  return Math.max(1, Math.ceil((await countPublicPages(db, locale)) / perFile));
}

/** The sitemap index: every sitemap file of every locale. */
export async function sitemapIndexXml(db: Database, origin: string, perFile = SITEMAP_PAGES) {
  const [build, ...parts] = await Promise.all([
    latestContentBuild(db),
    ...locales.map((locale) => sitemapParts(db, locale, perFile)),
  ]);
  const lastmod = build ? `<lastmod>${build.createdAt.toISOString()}</lastmod>` : '';
  const items = locales.flatMap((locale, i) =>
    Array.from(
      { length: parts[i]! },
      (_, n) => `<sitemap><loc>${xmlEscape(origin + sitemapPath(locale, n + 1))}</loc>${lastmod}</sitemap>`,
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/**
 * One sitemap file of a locale: SITEMAP_PAGES public pages in address order with absolute URLs and
 * `lastmod` (pages published in both languages carry `hreflang` alternates); the first file also
 * lists the logs archive, the category pages and the tag and author pages. Undefined past the last file (a 404).
 */
export async function sitemapXml(db: Database, origin: string, locale: Locale, part = 1, perFile = SITEMAP_PAGES) {
  if (!Number.isInteger(part) || part < 1 || (part > 1 && part > (await sitemapParts(db, locale, perFile)))) return undefined;
  const [pagesOfLocale, site, build] = await Promise.all([
    listPublicPages(db, locale, { limit: perFile, offset: (part - 1) * perFile }),
    getSiteSettings(db),
    latestContentBuild(db),
  ]);
  const other = otherLocale(locale);
  const buildDate = build?.createdAt.toISOString();
  const url = (path: string, lastmod: string | undefined, alternate?: string) => {
    const links = alternate
      ? `<xhtml:link rel="alternate" hreflang="${locale}" href="${xmlEscape(origin + path)}"/><xhtml:link rel="alternate" hreflang="${other}" href="${xmlEscape(origin + alternate)}"/>`
      : '';
    return `<url><loc>${xmlEscape(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${links}</url>`;
  };
  const entries = pagesOfLocale.map((page) =>
    url(
      paths.page(locale, page.slug),
      page.indexedAt.toISOString(),
      page.translationSlug === null ? undefined : paths.page(other, page.translationSlug),
    ),
  );
  if (part === 1) {
    entries.push(url(paths.logs(locale), buildDate, paths.logs(other)));
    for (const cat of site.cats) entries.push(url(paths.category(locale, cat), buildDate, paths.category(other, cat)));
    // Tag and author pages, with the other language's when it has the same tag or author.
    const [tags, otherTags, authors, otherAuthors] = await Promise.all([
      listTags(db, locale),
      listTags(db, other),
      listAuthors(db, locale),
      listAuthors(db, other),
    ]);
    // One tag in both languages by its key; each language addresses it by its own first spelling.
    const otherTagSlugs = new Map(otherTags.map((tag) => [tagKey(tag.slug), tag.slug]));
    const otherUsers = new Set(otherAuthors.map((author) => author.user));
    for (const { slug } of tags) {
      const otherSlug = otherTagSlugs.get(tagKey(slug));
      entries.push(url(paths.tag(locale, slug), buildDate, otherSlug === undefined ? undefined : paths.tag(other, otherSlug)));
    }
    for (const { user } of authors)
      entries.push(url(paths.author(locale, user), buildDate, otherUsers.has(user) ? paths.author(other, user) : undefined));
  }
  // The site name is here only to make the file self-describing for people who open it.
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!-- ${xmlEscape(site.siteName[locale]).replace(/--/g, '')} -->\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

/**
 * The Atom feed of one tag's, one category's or one author's dated pages; undefined (a 404) when
 * the tag or the author has no public page in the locale (server/services/content.ts tagPage,
 * authorPage), or the category is not one of the site's (settings; a category without pages yet
 * has an empty feed, as its page is an empty list).
 */
export async function listingFeedXml(
  db: Database,
  origin: string,
  locale: Locale,
  listing: { tag: string } | { user: string } | { cat: string },
) {
  if ('cat' in listing) {
    const site = await getSiteSettings(db);
    if (!site.cats.includes(listing.cat)) return undefined;
    return feedXml(db, origin, locale, {
      only: { cat: listing.cat },
      title: categoryName(site, locale, listing.cat),
      self: paths.categoryFeed(locale, listing.cat),
      page: paths.category(locale, listing.cat),
    });
  }
  if ('tag' in listing) {
    // Answered only at the tag's own address (its first spelling), like the tag's page.
    const tag = await tagPage(db, locale, listing.tag, 1);
    if (!tag) return undefined;
    return feedXml(db, origin, locale, {
      only: { tag: listing.tag },
      title: tag.name,
      self: paths.tagFeed(locale, listing.tag),
      page: paths.tag(locale, listing.tag),
    });
  }
  const author = await authorPage(db, locale, listing.user, 1);
  if (!author) return undefined;
  return feedXml(db, origin, locale, {
    only: { authorKey: userNameKey(author.author.user) },
    title: author.author.name,
    self: paths.authorFeed(locale, author.author.user),
    page: paths.author(locale, author.author.user),
  });
}

/**
 * An Atom feed of the dated pages of a locale (or of one tag's, category's or author's: `listing`), newest
 * first, with their full HTML, its addresses absolute against `origin` (server/site-origin.ts).
 */
export async function feedXml(
  db: Database,
  origin: string,
  locale: Locale,
  listing?: { only: { tag?: string; authorKey?: string; cat?: string }; title: string; self: string; page: string },
) {
  const [entries, site, build] = await Promise.all([
    feedEntries(db, locale, 20, listing?.only),
    getSiteSettings(db),
    latestContentBuild(db),
  ]);
  const updated = (build?.createdAt ?? new Date(0)).toISOString();
  const feedUrl = origin + (listing?.self ?? paths.feed(locale));
  const home = origin + (listing?.page ?? paths.home(locale));
  const items = entries.map((entry) => {
    const path = paths.page(locale, entry.slug);
    const link = origin + path;
    const published = new Date(entry.date ?? entry.indexedAt).toISOString();
    return [
      '<entry>',
      `<title>${xmlEscape(entry.title)}</title>`,
      `<id>${xmlEscape(link)}</id>`,
      `<link rel="alternate" type="text/html" href="${xmlEscape(link)}"/>`,
      `<published>${published}</published>`,
      `<updated>${entry.indexedAt.toISOString()}</updated>`,
      entry.author ? `<author><name>${xmlEscape(entry.author)}</name></author>` : '',
      // The category's name in the feed's language as its label, its page as the scheme (D12).
      entry.cat
        ? `<category term="${xmlEscape(entry.cat)}" label="${xmlEscape(categoryName(site, locale, entry.cat))}" scheme="${xmlEscape(origin + paths.category(locale, entry.cat))}"/>`
        : '',
      entry.description ? `<summary>${xmlEscape(entry.description)}</summary>` : '',
      // Absolute addresses (server/content/absolute-html.ts): many readers ignore xml:base.
      // In the language's direction: readers show the HTML as it comes, and Persian read left to right is broken (D12).
      `<content type="html" xml:base="${xmlEscape(link)}">${xmlEscape(`<div dir="${localeDirection[locale]}" lang="${locale}">${absoluteHtml(entry.html, origin, path)}</div>`)}</content>`,
      '</entry>',
    ]
      .filter(Boolean)
      .join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}">`,
    `<title>${xmlEscape(listing ? `${listing.title} - ${site.siteName[locale]}` : pageTitle(site, locale))}</title>`,
    `<subtitle>${xmlEscape(site.description[locale])}</subtitle>`,
    `<id>${xmlEscape(listing ? feedUrl : home)}</id>`,
    `<link rel="self" type="application/atom+xml" href="${xmlEscape(feedUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlEscape(home)}"/>`,
    `<updated>${updated}</updated>`,
    `<author><name>${xmlEscape(site.siteName[locale])}</name></author>`,
    ...items,
    '</feed>',
    '',
  ].join('\n');
}

/** `builds/latest.json` (docs/spec.md §4, §7): the id changes whenever the published content changes. */
export async function latestBuildJson(db: Database) {
  const build = await latestContentBuild(db);
  return build ? { id: build.id, timestamp: build.createdAt.getTime() } : undefined;
}

/** `builds/meta/{id}.json`: the manifest of one build. */
export function buildManifest(
  build: NonNullable<Awaited<ReturnType<typeof latestContentBuild>>>,
  /** Route rules: `{ '/en/old': { redirect: { to: '/en/new', statusCode: 301 } } }` (moved pages). */
  staticRules: Record<string, { redirect: { to: string; statusCode: number } }> = {},
) {
  return {
    id: build.id,
    timestamp: build.createdAt.getTime(),
    commit: build.commitSha,
    pages: build.pageCount,
    problems: build.problems.length,
    // Route rules in the spec's shape: the redirects of published moves (server/http/redirects.ts).
    matcher: { static: staticRules, wildcard: {}, dynamic: {} },
    prerendered: [],
  };
}

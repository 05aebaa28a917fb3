import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  type BodySegment,
  type ContentPage,
  HOME_LATEST_LOGS,
  LOGS_PAGE_SIZE,
  type PageSummary,
  pageHtml,
  type ResolvedWidget,
  type Widget,
} from '../../common/content';
import { type ArchivePeriod, archiveBounds, archiveYears } from '../../common/date-archive';
import { type Locale, locales, otherLocale } from '../../common/locales';
import { persianDigitsInBody } from '../../common/persian-digits';
import type { SiteSettings } from '../../common/site-settings';
import { tagKey, tagSlug } from '../../common/tags';
import { normaliseUserName, userNameKey } from '../../common/user-name';
import { renderMarkdown } from '../content/render';
import type { Database } from '../db/database';
import { pages, pageTags, users } from '../db/schema';

const summaryColumns = {
  slug: pages.slug,
  title: pages.title,
  description: pages.description,
  date: pages.date,
  cat: pages.cat,
  thumbnail: pages.thumbnail,
  author: pages.author,
};

const isPublic = (locale: Locale) => and(eq(pages.locale, locale), eq(pages.draft, false));
/** Public and not `noindex`: the pages the sitemap and the feeds list (the site's own listings keep the others). */
const isIndexable = (locale: Locale) => and(isPublic(locale), eq(pages.noindex, false));

function clampLimit(value: unknown, fallback: number) {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 50) : fallback;
}

/** Dated, published pages newest first (the logs archive), optionally in one category. */
export async function listLogs(
  db: Database,
  locale: Locale,
  options: { cat?: string; limit?: number; offset?: number } = {},
): Promise<{ items: PageSummary[]; total: number }> {
  const where: SQL = and(isPublic(locale), isNotNull(pages.date), options.cat ? eq(pages.cat, options.cat) : undefined)!;
  const [items, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(pages)
      .where(where)
      .orderBy(desc(pages.date), pages.slug)
      .limit(options.limit ?? LOGS_PAGE_SIZE)
      .offset(options.offset ?? 0),
    db.select({ total: count() }).from(pages).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/** One page of the archive; `undefined` when the page number is past the end (a 404). */
export async function logsPage(db: Database, locale: Locale, pageNumber: number, cat?: string) {
  if (!Number.isInteger(pageNumber) || pageNumber < 1) return undefined;
  const { items, total } = await listLogs(db, locale, { cat, limit: LOGS_PAGE_SIZE, offset: (pageNumber - 1) * LOGS_PAGE_SIZE });
  const pageCount = Math.max(1, Math.ceil(total / LOGS_PAGE_SIZE));
  if (pageNumber > pageCount) return undefined;
  return { items, total, page: pageNumber, pageCount };
}

/**
 * One page of a date archive (`/fa/logs/1404/08`, common/date-archive.ts): the public dated pages
 * whose date falls in the period, newest first; `undefined` when the period has none, or past the
 * last page (a 404). `total`: the period's count from the widget's (archiveCalendar), which the
 * page shows anyway, so no second count is run. A date with a day compares with the period's days,
 * one with a time with its instants in the site's zone; both are one range of `pages_logs_idx` (at
 * most a day wider than the period, the two tests sorting out its edges), so a month costs its own
 * pages, not the site's.
 */
export async function archivePeriodPage(
  db: Database,
  locale: Locale,
  { period, zone, total, pageNumber }: { period: ArchivePeriod; zone: string; total: number; pageNumber: number },
) {
  const page = total > 0 ? pageOf(pageNumber, total) : undefined;
  if (!page) return undefined;
  const { fromDay, toDay, fromInstant, toInstant } = archiveBounds(locale, period, zone);
  const items = await db
    .select(summaryColumns)
    .from(pages)
    .where(
      and(
        isPublic(locale),
        isNotNull(pages.date),
        gte(pages.date, fromDay < fromInstant ? fromDay : fromInstant),
        lt(pages.date, toDay > toInstant ? toDay : toInstant),
        or(
          and(sql`length(${pages.date}) = 10`, gte(pages.date, fromDay), lt(pages.date, toDay)),
          and(sql`length(${pages.date}) > 10`, gte(pages.date, fromInstant), lt(pages.date, toInstant)),
        ),
      ),
    )
    .orderBy(desc(pages.date), pages.slug)
    .limit(LOGS_PAGE_SIZE)
    .offset((pageNumber - 1) * LOGS_PAGE_SIZE);
  return { items, total, ...page };
}

/**
 * The archive widget's years and months with their counts (common/date-archive.ts archiveYears):
 * one pass over `pages_logs_idx` in its order, one row per distinct date, like the archive's own
 * count of its pages.
 */
export async function archiveCalendar(db: Database, locale: Locale, zone: string) {
  const dates = await db
    .select({ date: sql<string>`${pages.date}`, count: count() })
    .from(pages)
    .where(and(isPublic(locale), isNotNull(pages.date)))
    .groupBy(pages.date);
  return archiveYears(locale, dates, zone);
}

export async function resolveWidgets(
  db: Database,
  locale: Locale,
  widgets: Widget[],
  intro: { title: string; description: string },
) {
  return Promise.all(
    widgets.map(async (widget): Promise<ResolvedWidget> => {
      if (widget.kind === 'intro') return { kind: 'intro', ...intro };
      const cat = widget.props.cat || undefined;
      const { items } = await listLogs(db, locale, { cat, limit: clampLimit(widget.props.limit, HOME_LATEST_LOGS) });
      return { kind: 'latest-logs', ...(cat ? { cat } : {}), items };
    }),
  );
}

/**
 * The editor's preview (`POST /api/pages/preview`): unsaved Markdown through the real renderer,
 * its widgets resolved as a published page's are, so the preview is what readers will see.
 */
export async function previewMarkdown(
  db: Database,
  locale: Locale,
  markdown: string,
  site: SiteSettings,
): Promise<{ body: BodySegment[]; widgets: ResolvedWidget[] }> {
  const rendered = renderMarkdown(markdown, locale);
  const widgets = await resolveWidgets(db, locale, rendered.widgets, {
    title: site.title[locale],
    description: site.description[locale],
  });
  return { body: siteBody(rendered.body, locale, site), widgets };
}

/**
 * A body as the site shows it: with Settings → Persian digits on, a Persian page's numbers in
 * Persian digits (common/persian-digits.ts). Applied as a page is read, not stored, so turning the
 * setting on or off needs no re-index; cached pages follow through the settings' version.
 */
function siteBody(body: BodySegment[], locale: Locale, site: SiteSettings): BodySegment[] {
  return locale === 'fa' && site.persianDigits ? persianDigitsInBody(body) : body;
}

/**
 * The address of the published page of `other` paired with the outer `pages` row, or null: the page
 * with the same translation key (front matter `translationKey`, else the page's own address;
 * docs/content.md "Translations"). Two pages of one language with one key: the first by address.
 * The outer columns are named with their table: drizzle writes bare names, which SQLite would read
 * as the inner row's own.
 *
 * `indexed by pages_translation_idx`: left to itself the planner reads the other language's pages
 * through `pages_public_idx` (locale, draft) for every outer row, a scan per row: a 10 000-page
 * sitemap took 107 s and a deep page of the public API 63 s (issue 35 F-1). With the index it is one
 * lookup (tests/integration/query-plans.test.ts).
 */
export function translationSlug(other: Locale) {
  const outer = (column: string) => sql`${pages}.${sql.identifier(column)}`;
  return sql<
    string | null
  >`(select min(other.slug) from ${pages} as other indexed by pages_translation_idx where other.locale = ${other} and coalesce(other.translation_key, other.slug) = coalesce(${outer('translation_key')}, ${outer('slug')}) and other.draft = 0)`;
}

/**
 * A published page with everything its view needs, or undefined (404). Drafts are not public.
 * The page and its translation come in one query; `site` is the request's settings.
 */
export async function getContentPage(
  db: Database,
  locale: Locale,
  slug: string,
  site: SiteSettings,
): Promise<ContentPage | undefined> {
  const other = otherLocale(locale);
  // The columns the page shows, not the row: the search text and, once the body is stored in
  // segments, the one-string HTML (feeds) are most of a long page's bytes and go unread here.
  const row = await db
    .select({
      slug: pages.slug,
      title: pages.title,
      description: pages.description,
      date: pages.date,
      cat: pages.cat,
      thumbnail: pages.thumbnail,
      thumbnailAlt: pages.thumbnailAlt,
      author: pages.author,
      toc: pages.toc,
      intro: pages.intro,
      comments: pages.comments,
      newsletter: pages.newsletter,
      colorMode: pages.colorMode,
      metaTitle: pages.metaTitle,
      noindex: pages.noindex,
      visibility: pages.visibility,
      body: pages.body,
      widgets: pages.widgets,
      html: sql<string | null>`case when ${pages.body} is null then ${pages.html} end`,
      words: pages.words,
      indexedAt: pages.indexedAt,
      translationSlug: translationSlug(other),
      tags: pages.tags,
      // The account the front matter `author` names (by user name, folded as sign-in folds it).
      authorUser: users.username,
      authorName: users.displayName,
    })
    .from(pages)
    .leftJoin(users, authorAccount)
    .where(and(eq(pages.locale, locale), eq(pages.slug, slug), eq(pages.draft, false)))
    .get();
  if (!row) return undefined;
  const translation = row.translationSlug === null ? undefined : { slug: row.translationSlug };
  // A page indexed before renderer version 4 has no body yet: its HTML without widgets until the next sync.
  const widgets = await resolveWidgets(db, locale, row.body ? (row.widgets ?? []) : [], {
    title: site.title[locale],
    description: site.description[locale],
  });
  return {
    locale,
    slug: row.slug,
    title: row.title,
    description: row.description,
    date: row.date,
    cat: row.cat,
    thumbnail: row.thumbnail,
    // The alt text describes the page's own image, never the site's default banner.
    thumbnailAlt: row.thumbnail ? row.thumbnailAlt : null,
    author: row.author,
    body: siteBody(row.body ?? [{ html: row.html ?? '' }], locale, site),
    toc: row.toc,
    showToc: Boolean(row.toc?.length),
    intro: row.intro,
    comments: row.comments,
    newsletter: row.newsletter,
    colorMode: row.colorMode ?? null,
    metaTitle: row.metaTitle,
    noindex: row.noindex,
    // A members page's `body` and `toc` hold its first block only (render-page.ts); openMembersPage adds the rest.
    members: row.visibility === 'members' ? 'locked' : null,
    words: row.words,
    widgets,
    ...(translation ? { translation: { locale: other, slug: translation.slug } } : {}),
    catListed: Boolean(row.cat && site.cats.includes(row.cat)),
    updatedAt: row.indexedAt.toISOString(),
    tags: row.tags ?? [],
    ...(row.authorUser ? { authorAccount: { user: row.authorUser, name: row.authorName ?? row.authorUser } } : {}),
  };
}

/**
 * A members page whole, for a signed-in reader (docs/content.md "Members-only pages"): its body and
 * table of contents from `members_body`, the one column that holds its hidden part. The caller has
 * checked the session; this is the only read of that column outside the index.
 */
export async function openMembersPage(db: Database, page: ContentPage, site: SiteSettings): Promise<ContentPage> {
  if (page.members !== 'locked') return page;
  const row = await db
    .select({ whole: pages.membersBody })
    .from(pages)
    .where(and(eq(pages.locale, page.locale), eq(pages.slug, page.slug), eq(pages.draft, false)))
    .get();
  // Published again as a public page meanwhile: what was read stands (nothing hidden is in it).
  if (!row?.whole) return page;
  return {
    ...page,
    body: siteBody(row.whole.body, page.locale, site),
    toc: row.whole.toc,
    showToc: Boolean(row.whole.toc?.length),
    members: 'open',
  };
}

/** The account a page's `author` names: same folded user name, not deleted (a tombstone frees its name). */
const authorAccount = and(eq(users.usernameKey, pages.authorKey), isNull(users.deletedAt));

/** Newest first, undated pages last (SQLite sorts null lowest), then by address. */
const newestFirst = [desc(pages.date), pages.slug] as const;

/** One page of a listing and the number of pages; `undefined` past the last page (a 404). */
function pageOf(pageNumber: number, total: number) {
  if (!Number.isInteger(pageNumber) || pageNumber < 1) return undefined;
  const pageCount = Math.max(1, Math.ceil(total / LOGS_PAGE_SIZE));
  return pageNumber > pageCount ? undefined : { page: pageNumber, pageCount };
}

/**
 * A tag's name where its pages spell it differently («کتاب‌ها», «کتاب ها»): the spelling first used,
 * that of its earliest dated page (undated pages last). SQLite takes a bare column from the row
 * that gives the query's one `min()` (https://sqlite.org/lang_select.html#bareagg).
 */
const firstUse = sql<string>`min(coalesce(${pageTags.date}, '~'))`;
const firstName = sql<string>`${pageTags.name}`;

/**
 * A tag's page (`/{locale}/tags/{tag}`): the public pages of the locale with the tag, newest first
 * (undated ones last), LOGS_PAGE_SIZE at a time; the tag's name and the number of public pages it
 * has in each locale, with its address there (the other one's decides its `hreflang` alternate).
 * `tag` is an address segment: the tag is its key (common/tags.ts tagKey), and it answers only at
 * the address its first spelling makes; another spelling is a 404 here, which the folded-address
 * answer turns into a 301 (server/http/redirects.ts). `undefined`: no public page of the locale has
 * the tag, the segment is not its address, or the page number is past the end.
 */
export async function tagPage(db: Database, locale: Locale, tag: string, pageNumber: number) {
  const key = tagKey(tag);
  if (!key || !Number.isInteger(pageNumber) || pageNumber < 1) return undefined;
  // In `page_tags_list_idx`'s order (the page's draft, date and slug are copied into its tag rows),
  // so a page of the list reads its 10 pages, not every page with the tag.
  const tagged = and(inArray(pageTags.locale, [...locales]), eq(pageTags.tag, key), eq(pageTags.draft, false));
  const [items, counts] = await Promise.all([
    db
      .select(summaryColumns)
      .from(pageTags)
      .innerJoin(pages, eq(pages.id, pageTags.pageId))
      .where(and(eq(pageTags.locale, locale), eq(pageTags.tag, key), eq(pageTags.draft, false)))
      .orderBy(desc(pageTags.date), pageTags.slug)
      .limit(LOGS_PAGE_SIZE)
      .offset((pageNumber - 1) * LOGS_PAGE_SIZE),
    db
      .select({ locale: pageTags.locale, total: count(), name: firstName, first: firstUse })
      .from(pageTags)
      .where(tagged)
      .groupBy(pageTags.locale),
  ]);
  const here = counts.find((row) => row.locale === locale);
  if (!here || tagSlug(here.name) !== tag) return undefined;
  const page = pageOf(pageNumber, here.total);
  if (!page) return undefined;
  const slugs = Object.fromEntries(counts.map((row) => [row.locale, tagSlug(row.name)])) as Partial<Record<Locale, string>>;
  return { items, total: here.total, ...page, name: here.name, slug: tag, slugs };
}

/**
 * The address of the tag whose key `segment` makes (common/tags.ts tagKey) in a locale: the slug
 * of its first spelling, if any public page has it.
 */
export async function tagAddress(db: Database, locale: Locale, segment: string) {
  const key = tagKey(segment);
  if (!key) return undefined;
  const row = await db
    .select({ name: firstName, first: firstUse })
    .from(pageTags)
    .where(and(eq(pageTags.locale, locale), eq(pageTags.tag, key), eq(pageTags.draft, false)))
    .groupBy(pageTags.tag)
    .get();
  return row ? tagSlug(row.name) : undefined;
}

/**
 * An author's page (`/{locale}/authors/{user}`): the account (by folded user name, not deleted)
 * and the public pages of the locale whose `author` names it, newest first. `undefined` when there
 * is no such account or it has no public page in the locale (readers' accounts are not listed).
 */
export async function authorPage(db: Database, locale: Locale, user: string, pageNumber: number) {
  if (!Number.isInteger(pageNumber) || pageNumber < 1) return undefined;
  const key = userNameKey(normaliseUserName(user));
  // Every language named, so the count reads `pages_author_idx` by (locale, author) instead of all of it.
  const byAuthor = and(inArray(pages.locale, [...locales]), eq(pages.authorKey, key), eq(pages.draft, false));
  const [account, items, counts] = await Promise.all([
    db
      .select({ user: users.username, name: users.displayName, about: users.about, avatarUrl: users.avatarUrl })
      .from(users)
      .where(and(eq(users.usernameKey, key), isNull(users.deletedAt)))
      .get(),
    db
      .select(summaryColumns)
      .from(pages)
      .where(and(eq(pages.locale, locale), byAuthor))
      .orderBy(...newestFirst)
      .limit(LOGS_PAGE_SIZE)
      .offset((pageNumber - 1) * LOGS_PAGE_SIZE),
    db.select({ locale: pages.locale, total: count() }).from(pages).where(byAuthor).groupBy(pages.locale),
  ]);
  const here = counts.find((row) => row.locale === locale);
  const page = here && pageOf(pageNumber, here.total);
  if (!account || !here || !page) return undefined;
  return { items, total: here.total, ...page, author: account, locales: counts.map((row) => row.locale) };
}

/**
 * The tags of a locale's public pages with how many pages have each, most used first: the
 * editor's suggestions (`GET /api/public/tags`) and the sitemap's tag pages.
 */
export async function listTags(db: Database, locale: Locale, limit = 1000) {
  // One pass over the language's tag rows (their date names the spelling first used, whose slug is the address).
  const rows = await db
    .select({ key: pageTags.tag, name: firstName, first: firstUse, pages: count() })
    .from(pageTags)
    .where(and(eq(pageTags.locale, locale), eq(pageTags.draft, false)))
    .groupBy(pageTags.tag)
    .orderBy(desc(count()), pageTags.tag)
    .limit(limit);
  return rows.map(({ first: _, key: __, name, pages }) => ({ slug: tagSlug(name), name, pages }));
}

/** The accounts with public pages in a locale (user names, for the sitemap's author pages). */
export async function listAuthors(db: Database, locale: Locale) {
  return db
    .selectDistinct({ user: users.username })
    .from(pages)
    .innerJoin(users, authorAccount)
    .where(isPublic(locale))
    .orderBy(users.username);
}

/** Home (docs/spec.md §1): the intro page (content/{locale}/index.md) and the latest logs. */
export async function getHome(db: Database, locale: Locale, site: SiteSettings) {
  const [page, latest] = await Promise.all([
    getContentPage(db, locale, '', site),
    listLogs(db, locale, { limit: HOME_LATEST_LOGS }),
  ]);
  return { page, latest: latest.items, totalLogs: latest.total };
}

/** The number of public pages of a locale (how many sitemap files it takes). */
export async function countPublicPages(db: Database, locale: Locale) {
  return db.$count(pages, isIndexable(locale));
}

/**
 * Public pages of a locale in address order, a slice at a time for the sitemap files, each with
 * the address of its translation when one is published (its `hreflang` alternate).
 */
export async function listPublicPages(db: Database, locale: Locale, slice: { limit: number; offset: number }) {
  return db
    .select({
      slug: pages.slug,
      indexedAt: pages.indexedAt,
      translationSlug: translationSlug(otherLocale(locale)),
    })
    .from(pages)
    .where(isIndexable(locale))
    .orderBy(pages.slug)
    .limit(slice.limit)
    .offset(slice.offset);
}

/**
 * Dated pages with their HTML, newest first, for a feed: the locale's, or one tag's, one category's
 * or one author's (`authorKey`: userNameKey of the account's name).
 */
export async function feedEntries(
  db: Database,
  locale: Locale,
  limit = 20,
  only: { tag?: string; authorKey?: string; cat?: string } = {},
) {
  const where = and(
    isIndexable(locale),
    isNotNull(pages.date),
    // A category's feed walks pages_cat_logs_idx in its order, like the category's page.
    only.cat === undefined ? undefined : eq(pages.cat, only.cat),
    only.authorKey === undefined ? undefined : eq(pages.authorKey, only.authorKey),
    only.tag === undefined
      ? undefined
      : sql`exists (select 1 from ${pageTags} where ${pageTags.pageId} = ${pages.id} and ${pageTags.tag} = ${tagKey(only.tag)})`,
  );
  const rows = await db
    .select({
      ...summaryColumns,
      body: pages.body,
      storedHtml: pages.html,
      indexedAt: pages.indexedAt,
      // The byline as the page shows it (walk-through D10): the account's name, else what the front matter says.
      authorName: users.displayName,
    })
    .from(pages)
    .leftJoin(users, authorAccount)
    .where(where)
    .orderBy(desc(pages.date), pages.slug)
    .limit(limit);
  return rows.map(({ body, storedHtml, authorName, ...entry }) => ({
    ...entry,
    author: entry.author === null ? null : (authorName ?? entry.author),
    html: pageHtml(body, storedHtml),
  }));
}

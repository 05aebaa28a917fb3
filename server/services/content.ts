import { and, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import { HOME_LATEST_LOGS, LOGS_PAGE_SIZE, type TocItem, type Widget } from '../../common/content';
import { type Locale, locales } from '../../common/locales';
import type { Database } from '../db/database';
import { pages } from '../db/schema';
import { getSiteSettings } from './site';

/** What lists show of a page. */
export type PageSummary = {
  slug: string;
  title: string;
  description: string;
  date: string | null;
  cat: string | null;
  thumbnail: string | null;
  author: string | null;
};

/** A widget with the data it shows, resolved on the server. */
export type ResolvedWidget =
  | { kind: 'latest-logs'; cat?: string; items: PageSummary[] }
  | { kind: 'intro'; title: string; description: string };

export type ContentPage = PageSummary & {
  locale: Locale;
  html: string;
  toc: TocItem[] | null;
  showToc: boolean;
  intro: boolean;
  comments: boolean;
  newsletter: boolean;
  words: number;
  widgets: ResolvedWidget[];
  /** Slug of the same page in the other locale, when it is published there. */
  translation?: { locale: Locale; slug: string };
  /** Whether the category is one of the site's categories (then it links to /cats/{cat}). */
  catListed: boolean;
  updatedAt: string;
};

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

async function resolveWidgets(db: Database, locale: Locale, widgets: Widget[], intro: { title: string; description: string }) {
  return Promise.all(
    widgets.map(async (widget): Promise<ResolvedWidget> => {
      if (widget.kind === 'intro') return { kind: 'intro', ...intro };
      const cat = widget.props.cat || undefined;
      const { items } = await listLogs(db, locale, { cat, limit: clampLimit(widget.props.limit, HOME_LATEST_LOGS) });
      return { kind: 'latest-logs', ...(cat ? { cat } : {}), items };
    }),
  );
}

/** A published page with everything its view needs, or undefined (404). Drafts are not public. */
export async function getContentPage(db: Database, locale: Locale, slug: string): Promise<ContentPage | undefined> {
  const row = await db
    .select()
    .from(pages)
    .where(and(isPublic(locale), eq(pages.slug, slug)))
    .get();
  if (!row) return undefined;
  const other = locales.find((l) => l !== locale)!;
  const [translation, site] = await Promise.all([
    db
      .select({ slug: pages.slug })
      .from(pages)
      .where(and(isPublic(other), eq(pages.slug, slug)))
      .get(),
    getSiteSettings(db),
  ]);
  const widgets = await resolveWidgets(db, locale, row.widgets ?? [], {
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
    author: row.author,
    html: row.html,
    toc: row.toc,
    showToc: Boolean(row.toc?.length),
    intro: row.intro,
    comments: row.comments,
    newsletter: row.newsletter,
    words: row.words,
    widgets,
    ...(translation ? { translation: { locale: other, slug: translation.slug } } : {}),
    catListed: Boolean(row.cat && site.cats.includes(row.cat)),
    updatedAt: row.indexedAt.toISOString(),
  };
}

/** Home (spec §1): the intro page (content/{locale}/index.md) and the latest logs. */
export async function getHome(db: Database, locale: Locale) {
  const [page, latest] = await Promise.all([getContentPage(db, locale, ''), listLogs(db, locale, { limit: HOME_LATEST_LOGS })]);
  return { page, latest: latest.items, totalLogs: latest.total };
}

/** Every public page of a locale, for the sitemap. */
export async function listPublicPages(db: Database, locale: Locale) {
  return db
    .select({ slug: pages.slug, date: pages.date, indexedAt: pages.indexedAt })
    .from(pages)
    .where(isPublic(locale))
    .orderBy(pages.slug);
}

/** Slugs published in both locales (hreflang alternates). */
export async function publishedSlugs(db: Database): Promise<Record<Locale, Set<string>>> {
  const rows = await db.select({ locale: pages.locale, slug: pages.slug }).from(pages).where(eq(pages.draft, false));
  const result = { fa: new Set<string>(), en: new Set<string>() };
  for (const row of rows) result[row.locale].add(row.slug);
  return result;
}

/** Dated pages with their HTML, newest first, for the feed. */
export async function feedEntries(db: Database, locale: Locale, limit = 20) {
  return db
    .select({ ...summaryColumns, html: pages.html, indexedAt: pages.indexedAt })
    .from(pages)
    .where(and(isPublic(locale), isNotNull(pages.date)))
    .orderBy(desc(pages.date), pages.slug)
    .limit(limit);
}

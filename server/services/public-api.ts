import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Locale, otherLocale } from '../../common/locales';
import { paths } from '../../common/paths';
import {
  PUBLIC_PAGES_PAGE_SIZE,
  type PublicPage,
  type PublicPageLink,
  type PublicPageList,
  publicApiPath,
} from '../../common/public-api';
import type { Database } from '../db/database';
import { pages } from '../db/schema';

/*
 * The headless API's reads (docs/api.md): published pages only, from the serving index, so the same
 * code runs on Node (libSQL) and Workers (D1). Nothing here knows who asks.
 */

const published = (locale: Locale) => and(eq(pages.locale, locale), eq(pages.draft, false));

function link(locale: Locale, slug: string): PublicPageLink {
  return { locale, slug, path: paths.page(locale, slug), href: publicApiPath(locale, slug) };
}

/** One page of a locale's published pages: dated ones newest first, then the undated by address. */
export async function listPublishedPages(
  db: Database,
  query: { locale: Locale; cat?: string; page: number },
): Promise<PublicPageList> {
  const { locale, cat, page } = query;
  const other = otherLocale(locale);
  const where: SQL = and(published(locale), cat === undefined ? undefined : eq(pages.cat, cat))!;
  const [rows, totals] = await Promise.all([
    db
      .select({
        slug: pages.slug,
        title: pages.title,
        description: pages.description,
        date: pages.date,
        cat: pages.cat,
        // The translation is the published page at the same address in the other locale. The outer
        // column is named with its table: drizzle writes a bare "slug" here, which SQLite would
        // read as the inner table's own column.
        translated:
          sql<number>`exists (select 1 from ${pages} as other where other.locale = ${other} and other.slug = ${pages}.${sql.identifier('slug')} and other.draft = 0)`.mapWith(
            Boolean,
          ),
      })
      .from(pages)
      .where(where)
      .orderBy(sql`${pages.date} is null`, desc(pages.date), asc(pages.slug))
      .limit(PUBLIC_PAGES_PAGE_SIZE)
      .offset((page - 1) * PUBLIC_PAGES_PAGE_SIZE),
    db.select({ total: count() }).from(pages).where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    items: rows.map((row) => ({
      ...link(locale, row.slug),
      title: row.title,
      description: row.description,
      date: row.date,
      category: row.cat,
      translation: row.translated ? link(other, row.slug) : null,
    })),
    page,
    pageSize: PUBLIC_PAGES_PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(total / PUBLIC_PAGES_PAGE_SIZE)),
    total,
  };
}

/** A published page with its sanitised HTML and table of contents; undefined for drafts and unknown slugs. */
export async function getPublishedPage(db: Database, locale: Locale, slug: string): Promise<PublicPage | undefined> {
  const other = otherLocale(locale);
  // The page and its translation in one statement (a D1 round trip each on Workers).
  const rows = await db
    .select({
      locale: pages.locale,
      slug: pages.slug,
      title: pages.title,
      description: pages.description,
      date: pages.date,
      cat: pages.cat,
      thumbnail: pages.thumbnail,
      author: pages.author,
      html: pages.html,
      toc: pages.toc,
      indexedAt: pages.indexedAt,
    })
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.draft, false), inArray(pages.locale, [locale, other])));
  const row = rows.find((r) => r.locale === locale);
  if (!row) return undefined;
  const translated = rows.some((r) => r.locale === other);
  return {
    ...link(locale, row.slug),
    title: row.title,
    description: row.description,
    date: row.date,
    category: row.cat,
    thumbnail: row.thumbnail,
    author: row.author,
    translation: translated ? link(other, row.slug) : null,
    html: row.html,
    toc: row.toc ?? [],
    updatedAt: row.indexedAt.toISOString(),
  };
}

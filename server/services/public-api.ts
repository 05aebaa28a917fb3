import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { pageHtml } from '../../common/content';
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
import { translationSlug } from './content';

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
        // The published page of the other locale with the same translation key (server/services/content.ts).
        translationSlug: translationSlug(other),
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
      translation: row.translationSlug === null ? null : link(other, row.translationSlug),
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
  const row = await db
    .select({
      locale: pages.locale,
      slug: pages.slug,
      title: pages.title,
      description: pages.description,
      date: pages.date,
      cat: pages.cat,
      thumbnail: pages.thumbnail,
      author: pages.author,
      body: pages.body,
      storedHtml: pages.html,
      toc: pages.toc,
      visibility: pages.visibility,
      indexedAt: pages.indexedAt,
      translationSlug: translationSlug(other),
    })
    .from(pages)
    .where(and(eq(pages.locale, locale), eq(pages.slug, slug), eq(pages.draft, false)))
    .get();
  if (!row) return undefined;
  return {
    ...link(locale, row.slug),
    title: row.title,
    description: row.description,
    date: row.date,
    category: row.cat,
    thumbnail: row.thumbnail,
    author: row.author,
    translation: row.translationSlug === null ? null : link(other, row.translationSlug),
    // A members page's `body` and `toc` hold its first block only (server/content/render-page.ts).
    html: pageHtml(row.body, row.storedHtml),
    members: row.visibility === 'members',
    toc: row.toc ?? [],
    updatedAt: row.indexedAt.toISOString(),
  };
}

import { sql } from 'drizzle-orm';
import { type BodySegment, pageHtml } from '../../common/content';
import { type Locale, otherLocale } from '../../common/locales';
import { paths } from '../../common/paths';
import { SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX, type SearchResults } from '../../common/search';
import { pageSearchText, searchMatchExpression, searchSnippet, searchSnippetStart } from '../content/search-text';
import type { Database } from '../db/database';
import { isMissingTableError } from '../db/errors';
import type { AppDeps, RequestState } from '../deps';
import { AppError } from '../errors';
import { pageOrigin } from '../site-origin';

type Row = {
  slug: string;
  title: string;
  description: string;
  date: string | null;
  body: string | null;
  html: string;
  total: number;
};

/** Title matches weigh most, then the description, then the text (FTS5 bm25 column weights). */
const WEIGHTS = sql.raw('10.0, 4.0, 1.0');

/** The pages of a locale (published, not drafts) that match an FTS5 expression, with their bm25 score. */
function matchingPages(locale: Locale, match: string) {
  const hits = sql`select rowid as id, bm25(pages_search, ${WEIGHTS}) as score from pages_search where pages_search match ${match}`;
  // CROSS JOIN keeps the full-text hits the outer loop: with a plain join SQLite may scan `pages`
  // and run the MATCH once per page (seconds on a few thousand pages instead of milliseconds).
  return sql`(${hits}) as hits cross join pages as p on p.id = hits.id where p.locale = ${locale} and p.draft = 0`;
}

/** One statement: a page of hits ranked and counted (window function), then those pages' columns. */
export function searchStatement(locale: Locale, match: string, page: number) {
  return sql`
    select p.slug, p.title, p.description, p.date, p.body, p.html, ranked.total
    from (
      select hits.id, hits.score, count(*) over () as total from ${matchingPages(locale, match)}
      order by hits.score, hits.id limit ${SEARCH_PAGE_SIZE} offset ${(page - 1) * SEARCH_PAGE_SIZE}
    ) as ranked cross join pages as p on p.id = ranked.id
    order by ranked.score, ranked.id`;
}

/**
 * Published, non-draft pages of one locale whose title, description or text holds every word of
 * the query (each as a prefix), best first (bm25), `SEARCH_PAGE_SIZE` per page, with a highlighted
 * snippet of each (docs/content.md "Search"). A query without words finds nothing.
 */
export async function searchPages(db: Database, locale: Locale, query: string, page = 1): Promise<SearchResults> {
  const match = searchMatchExpression(query);
  if (!match) return { items: [], total: 0 };
  const rows = await db.all<Row>(searchStatement(locale, match, page)).catch((error: unknown) => {
    // Before installation, or before the search migration ran: say so instead of a 500.
    if (isMissingTableError(error)) throw new AppError(503, 'api.notMigrated');
    throw error;
  });
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && page > 1) {
    // Past the last page: the count alone, so the page can say how many there are.
    const count = await db.all<{ total: number }>(sql`select count(*) as total from ${matchingPages(locale, match)}`);
    total = Number(count[0]?.total ?? 0);
  }
  return {
    total,
    items: rows.map((row) => {
      // The page's own text, as its author wrote it (`search_text` holds it normalised, for the index).
      const text = pageSearchText(pageHtml(row.body === null ? null : (JSON.parse(row.body) as BodySegment[]), row.html));
      return {
        path: paths.page(locale, row.slug),
        title: row.title,
        date: row.date,
        // The passage where the text matches, else where the description does, else the text's opening.
        snippet:
          searchSnippet(text, query) ?? searchSnippet(row.description, query) ?? searchSnippetStart(row.description || text),
      };
    }),
  };
}

/**
 * What the search page (`/{locale}/search?q=&page=`) shows: the query as typed, a page of results,
 * or why there are none. Undefined (404) for a page number that is not one, or past the last page.
 */
export async function searchView({ deps, state, request }: { deps: AppDeps; state: RequestState; request: Request }) {
  const { locale, site } = state;
  const params = new URL(request.url).searchParams;
  const query = params.get('q') ?? '';
  const pageParam = params.get('page');
  const page = pageParam === null ? 1 : Number(pageParam);
  if (!Number.isInteger(page) || page < 1 || page > SEARCH_PAGE_MAX) return undefined;
  const tooLong = query.length > SEARCH_QUERY_MAX;
  const results = state.installed && !tooLong ? await searchPages(deps.db, locale, query, page) : { items: [], total: 0 };
  const pageCount = Math.max(1, Math.ceil(results.total / SEARCH_PAGE_SIZE));
  if (page > pageCount) return undefined;
  return {
    query,
    tooLong,
    ...results,
    page,
    pageCount,
    seo: {
      origin: pageOrigin(deps, state, request),
      path: paths.search(locale, query || undefined, page),
      alternates: { [locale]: paths.search(locale, query || undefined, page) },
      // The switcher: the same query in the other language, from its first page (it may have fewer).
      switchTo: { [otherLocale(locale)]: paths.search(otherLocale(locale), query || undefined) },
      image: site.defaultBanner,
      type: 'website' as const,
    },
  };
}

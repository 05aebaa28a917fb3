/** Site search (docs/content.md "Search"): what `GET /api/search` and the search page share. */

/** Results per page. */
export const SEARCH_PAGE_SIZE = 10;
/** The longest query accepted, in characters. */
export const SEARCH_QUERY_MAX = 200;
/** The id of the search page's own query field (the header's `/` shortcut focuses it there). */
export const SEARCH_PAGE_FIELD = 'search-query';
/** The last page a search may ask for. */
export const SEARCH_PAGE_MAX = 1000;

export type SearchHit = {
  /** The page's address, with its locale: `/en/logs/hello`. */
  path: string;
  title: string;
  /**
   * A passage of the page's text as HTML: the text is escaped, and the only markup is
   * `<mark>…</mark>` around the words that matched.
   */
  snippet: string;
  /** Front matter `date` (YYYY-MM-DD) of dated pages, else null. */
  date: string | null;
};

export type SearchResults = { items: SearchHit[]; total: number };

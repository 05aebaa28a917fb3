import { Hono } from 'hono';
import { z } from 'zod';
import { locales } from '../../common/locales';
import { tooLong } from '../../common/messages';
import { SEARCH_PAGE_MAX, SEARCH_QUERY_MAX } from '../../common/search';
import { createLimits, takeSearch, tooManyAttempts } from '../auth/rate-limit';
import type { AppDeps } from '../deps';
import { searchPages } from '../services/search';
import { clientInfo } from './request';
import { readQuery } from './validate';

/** The query string of `GET /api/search`; a missing or empty `q` finds nothing (not an error). */
export const searchQuerySchema = z.object({
  locale: z.enum(locales, 'validation.invalid'),
  q: z.string().max(SEARCH_QUERY_MAX, tooLong(SEARCH_QUERY_MAX)).default(''),
  page: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(SEARCH_PAGE_MAX, 'validation.invalid')
    .default(1),
});

/** `/api/search` (public, route-access.ts): full-text search over the published pages of one locale. */
export function createSearchRoutes(deps: AppDeps) {
  const routes = new Hono();
  const limits = createLimits(deps.db);
  routes.get('/', async (c) => {
    const { locale, q, page } = readQuery(c, searchQuerySchema);
    // Only a real query costs anything (F-30): an empty one finds nothing and is not counted.
    if (q.trim()) {
      const wait = await takeSearch(limits, clientInfo(c, deps).ip);
      if (wait > 0) throw tooManyAttempts(wait, 'api.tooManySearches');
    }
    return c.json(await searchPages(deps.db, locale, q, page));
  });
  return routes;
}

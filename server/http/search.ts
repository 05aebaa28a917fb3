import { Hono } from 'hono';
import { endpoints } from '../../common/endpoints';
import { searchQuerySchema } from '../../common/endpoints/search';
import { createLimits, takeSearch, tooManyAttempts } from '../auth/rate-limit';
import type { AppDeps } from '../deps';
import { searchPages } from '../services/search';
import { endpointsOn } from './endpoint';
import { clientInfo } from './request';
import { readQuery } from './validate';

/** `/api/search` (public, route-access.ts): full-text search over the published pages of one locale. */
export function createSearchRoutes(deps: AppDeps) {
  const routes = new Hono();
  const on = endpointsOn(routes, '/api/search');
  const limits = createLimits(deps.db);
  on(endpoints.search.pages, async (c) => {
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

import { Hono } from 'hono';
import type { AnalyticsRange } from '../../common/analytics';
import { endpoints } from '../../common/endpoints';
import { analyticsQuerySchema } from '../../common/endpoints/analytics';
import type { AppDeps } from '../deps';
import { analyticsReport } from '../services/analytics';
import { endpointsOn } from './endpoint';
import type { AuthEnv } from './guards';
import { readQuery } from './validate';

/** `GET /api/analytics?days=7|30|90` (`dashboard.read`): the overview's views and visitors. */
export function createAnalyticsRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/analytics');
  on(endpoints.analytics.report, async (c) => {
    const days = Number(readQuery(c, analyticsQuerySchema).days) as AnalyticsRange;
    c.header('Cache-Control', 'private, no-store');
    return c.json(await analyticsReport(deps.db, days));
  });
  return routes;
}

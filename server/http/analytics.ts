import { Hono } from 'hono';
import { z } from 'zod';
import { ANALYTICS_RANGES, type AnalyticsRange } from '../../common/analytics';
import type { AppDeps } from '../deps';
import { analyticsReport } from '../services/analytics';
import type { AuthEnv } from './guards';
import { readQuery } from './validate';

/** `GET /api/analytics?days=7|30|90`: the overview's ranges, as the strings a query carries. */
export const analyticsQuerySchema = z.object({
  days: z
    .enum(ANALYTICS_RANGES.map(String) as [`${AnalyticsRange}`, ...`${AnalyticsRange}`[]], 'validation.analyticsDays')
    .default('7'),
});

/** `GET /api/analytics?days=7|30|90` (`dashboard.read`): the overview's views and visitors. */
export function createAnalyticsRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  routes.get('/', async (c) => {
    const days = Number(readQuery(c, analyticsQuerySchema).days) as AnalyticsRange;
    c.header('Cache-Control', 'private, no-store');
    return c.json(await analyticsReport(deps.db, days));
  });
  return routes;
}

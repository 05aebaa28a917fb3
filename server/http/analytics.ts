import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { analyticsReport, isAnalyticsRange } from '../services/analytics';
import type { AuthEnv } from './guards';

/** `GET /api/analytics?days=7|30|90` (`dashboard.read`): the overview's views and visitors. */
export function createAnalyticsRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  routes.get('/', async (c) => {
    const raw = c.req.query('days') ?? '7';
    const days = /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!isAnalyticsRange(days))
      throw new AppError(400, 'api.validationFailed', { issues: [{ path: ['days'], message: 'validation.analyticsDays' }] });
    c.header('Cache-Control', 'private, no-store');
    return c.json(await analyticsReport(deps.db, days));
  });
  return routes;
}

import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { errorJson } from './errors';

/** Every `/api/*` endpoint, mounted by createApp. Each area adds its routes here. */
export function createApiRoutes(deps: AppDeps) {
  const api = new Hono();

  api.get('/health', async (c) => {
    try {
      await deps.db.run(sql`SELECT 1`);
    } catch {
      return errorJson(c, 503, 'Database unavailable');
    }
    return c.json({ status: 'ok' });
  });

  return api;
}

import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { isDatabaseConnected } from '../services/installer';
import { errorJson } from './errors';
import { createInstallRoutes } from './install';
import { requireSameOrigin } from './request';
import { createSessionRoutes } from './session';

/** Every `/api/*` endpoint, mounted by createApp. Each area adds its routes here. */
export function createApiRoutes(deps: AppDeps) {
  const api = new Hono();
  api.use('*', requireSameOrigin);

  api.get('/health', async (c) => {
    if (!(await isDatabaseConnected(deps.db))) return errorJson(c, 503, 'Database unavailable');
    return c.json({ status: 'ok' });
  });

  api.route('/install', createInstallRoutes(deps));
  api.route('/_auth/session', createSessionRoutes(deps));

  return api;
}

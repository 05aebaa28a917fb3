import { Hono } from 'hono';
import { apiKeyCreateSchema } from '../../common/api-keys';
import { endpoints } from '../../common/endpoints';
import { createApiKey, listApiKeys, revokeApiKey } from '../auth/api-keys';
import type { AppDeps } from '../deps';
import { endpointsOn } from './endpoint';
import { type AuthEnv, requireApiUser } from './guards';
import { numericId, readJson } from './validate';

/** `/api/keys` (integrations.manage, route-access.ts): API keys for integrations (server/auth/api-keys.ts). */
export function createApiKeyRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/keys');

  on(endpoints.apiKeys.list, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ items: await listApiKeys(deps.db) });
  });

  on(endpoints.apiKeys.create, async (c) => {
    const user = requireApiUser(c);
    const input = await readJson(c, apiKeyCreateSchema);
    const { id, key, item } = await createApiKey(deps.db, user, input);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ id, key, item }, 201);
  });

  on(endpoints.apiKeys.revoke, async (c) => {
    await revokeApiKey(deps.db, requireApiUser(c), numericId(c.req.param('id')));
    return c.json({ ok: true });
  });

  return routes;
}

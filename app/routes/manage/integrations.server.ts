import { listApiKeys } from '../../../server/auth/api-keys';
import { serverContext } from '../../lib/app-context.server';
import type { Route } from './+types/integrations';
import { dashboardUser } from './layout.server';

/** Settings → Integrations (integrations.manage, common/page-access.ts): the site's API keys, never their secrets. */
export async function loadIntegrations({ context }: Route.LoaderArgs) {
  const user = dashboardUser(context);
  const { deps } = serverContext(context);
  return { keys: await listApiKeys(deps.db), me: { id: user.id, roles: user.roles, permissions: user.permissions } };
}

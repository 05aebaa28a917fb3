import { listDeliveries, listOutgoingWebhooks } from '../../../server/services/outgoing-webhooks';
import { serverContext } from '../../lib/app-context.server';
import type { Route } from './+types/webhooks';
import { dashboardUser } from './layout.server';

/**
 * The outgoing webhooks screen (owner only, common/page-access.ts): every endpoint, and the
 * delivery log of the one chosen by `?endpoint=` (else the first), paged by `?page=`.
 */
export async function loadWebhooks({ context, request }: Route.LoaderArgs) {
  dashboardUser(context);
  const { deps } = serverContext(context);
  const items = await listOutgoingWebhooks(deps.db);
  const search = new URL(request.url).searchParams;
  const asked = Number(search.get('endpoint'));
  const selected = items.find((item) => item.id === asked) ?? items[0];
  const page = Math.min(100_000, Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1));
  return {
    items,
    selected: selected?.id ?? null,
    log: selected ? await listDeliveries(deps.db, selected.id, page) : null,
  };
}

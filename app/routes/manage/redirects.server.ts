import { LIST_SEARCH_MAX, QUERY_PAGE_MAX } from '../../../common/schemas/query';
import { listNotFound } from '../../../server/services/not-found-log';
import { listRedirects } from '../../../server/services/redirects';
import { serverContext } from '../../lib/app-context.server';
import { notFound } from '../../lib/auth.server';
import type { Route } from './+types/redirects';
import { dashboardUser } from './layout.server';

export const REDIRECT_TABS = ['list', 'not-found'] as const;

/**
 * The redirects screen (settings.edit, common/page-access.ts): `/manage/redirects` lists the
 * redirects, `/manage/redirects/not-found` the 404 log; both take `?query=` and `?page=`.
 */
export async function loadRedirects({ context, request, params }: Route.LoaderArgs) {
  dashboardUser(context);
  const tab = params.tab ?? 'list';
  if (!(REDIRECT_TABS as readonly string[]).includes(tab)) notFound();
  const { deps } = serverContext(context);
  const search = new URL(request.url).searchParams;
  const query = (search.get('query') ?? '').trim().slice(0, LIST_SEARCH_MAX);
  const page = Math.min(QUERY_PAGE_MAX, Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1));
  if (tab === 'not-found')
    return { tab: 'not-found' as const, query, redirects: null, notFound: await listNotFound(deps.db, { query, page }) };
  return { tab: 'list' as const, query, redirects: await listRedirects(deps.db, { query, page }), notFound: null };
}

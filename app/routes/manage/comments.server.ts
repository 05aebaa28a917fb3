import { isCommentStatus } from '../../../common/comments';
import { LIST_SEARCH_MAX } from '../../../server/http/validate';
import { listComments } from '../../../server/services/comments';
import { serverContext } from '../../lib/app-context.server';
import { notFound } from '../../lib/auth.server';
import type { Route } from './+types/comments';
import { dashboardUser } from './layout.server';

/**
 * One tab of the moderation screen (`/manage/comments/{pending|approved|spam}`, pending when
 * none is given), searched by `?query=` and paged by `?page=`; an unknown tab is a 404.
 */
export async function loadComments({ context, params, request }: Route.LoaderArgs) {
  const user = dashboardUser(context);
  const { deps } = serverContext(context);
  const tab = params.tab ?? 'pending';
  if (!isCommentStatus(tab)) notFound();
  const search = new URL(request.url).searchParams;
  const query = (search.get('query') ?? '').trim().slice(0, LIST_SEARCH_MAX);
  const page = Math.min(100_000, Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1));
  const list = await listComments(deps.db, { status: tab, query, page });
  return { ...list, tab, query, canDelete: user.permissions.includes('comments.delete') };
}

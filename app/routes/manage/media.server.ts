import { LIST_SEARCH_MAX } from '../../../server/http/validate';
import { listMedia } from '../../../server/services/media-library';
import { serverContext } from '../../lib/app-context.server';
import type { Route } from './+types/media';
import { dashboardUser } from './layout.server';

/** The media library (`?q=` searches file names, `?page=` pages), as `GET /api/media` answers it. */
export async function loadMedia({ context, request }: Route.LoaderArgs) {
  const user = dashboardUser(context);
  const { deps } = serverContext(context);
  const search = new URL(request.url).searchParams;
  const query = (search.get('q') ?? '').trim().slice(0, LIST_SEARCH_MAX);
  const page = Math.min(100_000, Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1));
  const list = deps.contentRepository ? await listMedia(deps, { q: query, page }) : { items: [], total: 0, page, pageSize: 24 };
  // Uploading and deleting are both changes to the open build (`commits.create`, as POST and DELETE /api/media).
  const canChange = user.permissions.includes('commits.create');
  return { ...list, query, canDelete: canChange, canUpload: canChange, maxBytes: deps.config.MEDIA_MAX_BYTES };
}

import { parsePageRef } from '../../../common/authoring';
import { AppError } from '../../../server/errors';
import { pageHistory, pageVersion } from '../../../server/services/page-history';
import { checkPagePath, getPage } from '../../../server/services/pages';
import { listPreviewLinks } from '../../../server/services/preview-links';
import { serverContext } from '../../lib/app-context.server';
import { notFound } from '../../lib/auth.server';
import type { Route } from './+types/history';
import { dashboardUser } from './layout.server';

/**
 * `/manage/history/{locale}/{...path}?page=&version=`: a page's versions (GET …/history), the one
 * chosen with its diff to the current text, and (for those who may save) its preview links.
 */
export async function loadHistory({ context, params, request }: Route.LoaderArgs) {
  const user = dashboardUser(context);
  const { deps } = serverContext(context);
  const parsed = parsePageRef((params['*'] ?? '').replace(/^\/+|\/+$/g, ''));
  if (!parsed) return notFound();
  let ref: ReturnType<typeof checkPagePath>;
  try {
    ref = checkPagePath(parsed.locale, parsed.path);
  } catch {
    return notFound();
  }
  const search = new URL(request.url).searchParams;
  const page = Math.min(1000, Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1));
  const commit = search.get('version') ?? '';
  const canEdit = user.permissions.includes('commits.create');
  const orMissing = async <T>(work: Promise<T>) => {
    try {
      return await work;
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 400)) return null;
      throw error;
    }
  };
  const [history, current, version, links] = await Promise.all([
    orMissing(pageHistory(deps, ref, page)),
    orMissing(getPage(deps, ref)),
    /^[0-9a-f]{40}$/.test(commit) ? orMissing(pageVersion(deps, ref, commit)) : null,
    canEdit ? listPreviewLinks(deps, ref) : { items: [] },
  ]);
  if (!history && !current) return notFound();
  return {
    ref,
    title: current?.frontMatter.title ?? history?.items[0]?.page.path ?? ref.path,
    history: history ?? { items: [], page, pageSize: 20, hasMore: false },
    version,
    exists: Boolean(current && current.pending !== 'delete'),
    links: links.items,
    canEdit,
  };
}

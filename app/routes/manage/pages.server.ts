import { PAGES_PAGE_SIZE } from '../../../common/authoring';
import { localeOr } from '../../../common/locales';
import { LIST_SEARCH_MAX } from '../../../server/http/validate';
import { listPages } from '../../../server/services/pages';
import { serverContext } from '../../lib/app-context.server';
import type { Route } from './+types/pages';
import { dashboardUser } from './layout.server';

/**
 * The pages of one locale (`?locale=`, default the dashboard's language), filtered by `?query=`
 * (and `?outdated=1`), and paged by `?page=`: the published index with the open build's pending changes laid over it.
 */
export async function loadPages({ context, request }: Route.LoaderArgs) {
  const user = dashboardUser(context);
  const { deps, state } = serverContext(context);
  const search = new URL(request.url).searchParams;
  const locale = localeOr(search.get('locale'), state.locale);
  const query = (search.get('query') ?? '').trim().slice(0, LIST_SEARCH_MAX);
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  // `?outdated=1`: only out-of-date translations (the overview links here).
  const outdated = search.get('outdated') === '1';
  // The filters (issue 26 item 9), from the URL so a filtered list can be shared; unknown values are ignored.
  const pick = <T extends string>(name: string, allowed: readonly T[]) => allowed.find((value) => value === search.get(name));
  const filters = {
    status: pick('status', ['draft', 'published', 'pending'] as const),
    cat: (search.get('cat') ?? '').slice(0, LIST_SEARCH_MAX) || undefined,
    author: (search.get('author') ?? '').trim().slice(0, LIST_SEARCH_MAX) || undefined,
    translation: pick('translation', ['missing', 'translated'] as const),
  };
  const list = await listPages(deps, { locale, query, page, outdated, ...filters });
  return {
    ...list,
    locale,
    query,
    outdated,
    page,
    filters,
    pageSize: PAGES_PAGE_SIZE,
    cats: state.site.cats,
    canEdit: user.permissions.includes('commits.create'),
  };
}

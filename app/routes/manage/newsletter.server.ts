import { localeOr } from '../../../common/locales';
import { type SubscriberStatus, subscriberStatuses } from '../../../common/newsletter';
import { LIST_SEARCH_MAX } from '../../../server/http/validate';
import { listSubscribers, recentIssues, sendOptions } from '../../../server/services/newsletter';
import { serverContext } from '../../lib/app-context.server';
import type { Route } from './+types/newsletter';
import { dashboardUser } from './layout.server';

/**
 * The newsletter screen: the mail transport (or what to set), then for newsletter readers the
 * subscribers (`?query=&status=&page=`), the latest issues and what can be sent. The page's guard
 * is `comments.edit` (docs/spec.md) and `newsletter.read`, as the API's (common/page-access.ts).
 */
export async function loadNewsletter({ context, request }: Route.LoaderArgs) {
  const user = dashboardUser(context);
  const { deps, state } = serverContext(context);
  const can = {
    edit: user.permissions.includes('newsletter.edit'),
    delete: user.permissions.includes('newsletter.delete'),
  };
  const transport = deps.mailer?.description ?? null;
  const search = new URL(request.url).searchParams;
  const query = (search.get('query') ?? '').trim().slice(0, LIST_SEARCH_MAX);
  const rawStatus = search.get('status') ?? '';
  const status = (subscriberStatuses as readonly string[]).includes(rawStatus) ? (rawStatus as SubscriberStatus) : undefined;
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const [subscribers, issues, options] = await Promise.all([
    listSubscribers(deps.db, { query, status, page }),
    recentIssues(deps.db),
    can.edit ? sendOptions(deps.db) : undefined,
  ]);
  return {
    can,
    transport,
    data: {
      subscribers,
      query,
      status: status ?? null,
      issues,
      options: options ?? null,
      locale: localeOr(search.get('locale'), state.locale),
    },
  };
}

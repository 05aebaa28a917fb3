import { ANALYTICS_RANGES } from '../../../common/analytics';
import { type ManagedPage, mayOpenPage } from '../../../common/page-access';
import { analyticsReport, isAnalyticsRange, siteFacts } from '../../../server/services/analytics';
import { serverContext } from '../../lib/app-context.server';
import type { Route } from './+types/dashboard';
import { dashboardUser } from './layout.server';

/**
 * The overview: page views of the last `?days=` (7, 30 or 90; anything else is the first) and
 * the site's facts, plus which linked screens the user may open.
 */
export async function loadDashboard({ context, request }: Route.LoaderArgs) {
  const user = dashboardUser(context);
  const { deps } = serverContext(context);
  const asked = Number(new URL(request.url).searchParams.get('days'));
  const days = isAnalyticsRange(asked) ? asked : ANALYTICS_RANGES[0];
  const [report, facts] = await Promise.all([analyticsReport(deps.db, days), siteFacts(deps.db)]);
  const may = (page: ManagedPage) => mayOpenPage(user, page);
  return {
    report,
    facts,
    can: {
      pages: may('manage/pages'),
      builds: may('manage/builds'),
      comments: may('manage/comments'),
      newsletter: may('manage/newsletter'),
    },
  };
}

import { ANALYTICS_RANGES } from '../../../common/analytics';
import { type ManagedPage, mayOpenPage } from '../../../common/page-access';
import { analyticsReport, isAnalyticsRange, siteFacts } from '../../../server/services/analytics';
import { siteAddress } from '../../../server/site-origin';
import { serverContext } from '../../lib/app-context.server';
import type { Route } from './+types/dashboard';
import { dashboardUser } from './layout.server';

/**
 * The overview: page views of the last `?days=` (7, 30 or 90; anything else is the first) and
 * the site's facts, plus which linked screens the user may open, and whether the site lacks the
 * public address its mailed links need (shown to those who may change the settings).
 */
export async function loadDashboard({ context, request }: Route.LoaderArgs) {
  const user = dashboardUser(context);
  const { deps, state } = serverContext(context);
  const asked = Number(new URL(request.url).searchParams.get('days'));
  const days = isAnalyticsRange(asked) ? asked : ANALYTICS_RANGES[0];
  const [report, facts, address] = await Promise.all([
    analyticsReport(deps.db, days, { zone: state.site.timeZone }),
    siteFacts(deps.db),
    siteAddress(deps),
  ]);
  const may = (page: ManagedPage) => mayOpenPage(user, page);
  return {
    report,
    facts,
    // Without an address the site mails no links (server/site-origin.ts): those who run it are told.
    siteAddressMissing: !address && user.permissions.includes('settings.edit'),
    can: {
      pages: may('manage/pages'),
      builds: may('manage/builds'),
      comments: may('manage/comments'),
      newsletter: may('manage/newsletter'),
    },
  };
}

import { z } from 'zod';
import { ANALYTICS_RANGES, type AnalyticsRange } from '../analytics';
import { declare } from './define';

/** `GET /api/analytics?days=7|30|90`: the overview's ranges, as the strings a query carries. */
export const analyticsQuerySchema = z.object({
  days: z
    .enum(ANALYTICS_RANGES.map(String) as [`${AnalyticsRange}`, ...`${AnalyticsRange}`[]], 'validation.analyticsDays')
    .default('7'),
});

export const analytics = declare({
  // Authoring (docs/content.md "Writing and publishing"): reading pages is part of the dashboard,
  // every edit is a commit of the open build, publishing and reverting make builds.
  // The overview's page views (docs/analytics.md).
  report: {
    method: 'GET',
    path: '/api/analytics',
    access: 'dashboard.read',
    tag: 'analytics',
    en: 'Page views and visitors',
    fa: 'بازدیدها و بازدیدکنندگان',
    query: analyticsQuerySchema,
  },
});

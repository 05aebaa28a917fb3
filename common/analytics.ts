import type { Locale } from './locales';

/** The overview's ranges, in days (`GET /api/analytics?days=`). */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** `GET /api/analytics`: every day of the range is present, zeros included; days are UTC. */
export type AnalyticsReport = {
  days: AnalyticsRange;
  totals: { views: number; visitors: number };
  daily: { date: string; views: number; visitors: number }[];
  /** The address (`/fa/logs/hello`); `title` is null for pages that are not content (archives). */
  topPages: { locale: Locale; path: string; title: string | null; views: number }[];
  referrers: { host: string; views: number }[];
  locales: Record<Locale, number>;
};

/** The overview's facts about the site (app/routes/manage/dashboard.server.ts). */
export type SiteFacts = {
  /** Published pages (drafts left out) per locale. */
  pages: Record<Locale, number>;
  /** Pages with no page at the same address in the other locale. */
  missingTranslations: Record<Locale, number>;
  /** Translations whose source changed after them (docs/content.md "Outdated translations"). */
  outdatedTranslations: number;
  pendingChanges: number;
  pendingComments: number;
  subscribers: number;
  lastBuild: { id: number; title: string; publishedAt: string; publishedBy: string | null } | null;
};

import type { TFunction } from 'i18next';
import { BarChart3, Loader2, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigation, useRevalidator } from 'react-router';
import type { AnalyticsReport } from '../../../common/analytics';
import { type Locale, locales } from '../../../common/locales';
import { RangeSwitch } from '../../components/manage/overview/range-switch';
import { RankedList } from '../../components/manage/overview/ranked-list';
import { SiteFacts } from '../../components/manage/overview/site-facts';
import { VisitsChart, VisitsTable } from '../../components/manage/overview/visits-chart';
import { EmptyState } from '../../components/profile/empty-state';
import { Alert } from '../../components/ui/alert';
import { IconButton } from '../../components/ui/icon-button';
import { formatDate, formatNumber } from '../../lib/format';
import { pageMetaFor } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/dashboard';
import { loadDashboard } from './dashboard.server';

export async function loader(args: Route.LoaderArgs) {
  return loadDashboard(args);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'overview.title');

/** A name for pages that are not content (no title): the logs archive and category archives. */
function archiveName(t: TFunction, path: string) {
  const [, , section, name] = path.split('/');
  if (section === 'logs' && name === undefined) return t('overview.topPages.logs');
  if (section === 'cats' && name) return t('overview.topPages.category', { name });
  return path;
}

/** One sentence with the period's figures, for screen readers (the chart itself is a picture). */
function useSummary(locale: Locale, report: AnalyticsReport) {
  const { t } = useTranslation();
  const n = (value: number) => formatNumber(locale, value);
  if (!report.totals.views) return t('overview.chart.summaryQuiet', { days: n(report.days) });
  const busiest = report.daily.reduce((best, day) => (day.views > best.views ? day : best));
  return t('overview.chart.summary', {
    days: n(report.days),
    views: n(report.totals.views),
    visitors: n(report.totals.visitors),
    busiest: formatDate(locale, busiest.date, { dateStyle: 'long' }),
    busiestViews: n(busiest.views),
  });
}

/** The overview (docs/analytics.md): visits of the last 7, 30 or 90 days and the site's facts. */
export default function ManageDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { report, facts, can, siteAddressMissing } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const loading =
    (navigation.state === 'loading' && navigation.location?.pathname === location.pathname) || revalidator.state === 'loading';
  const n = (value: number) => formatNumber(locale, value);
  const summary = useSummary(locale, report);
  const localeTotal = locales.reduce((sum, value) => sum + report.locales[value], 0);

  return (
    <section aria-labelledby="overview-heading" className="space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-2xl">
          <h1 id="overview-heading" className="text-2xl font-bold">
            {t('overview.title')}
          </h1>
          <p className="mt-1 text-sm text-fg-muted">{t('overview.intro')}</p>
        </div>
        <div className="flex items-center gap-2">
          <IconButton variant="outline" onClick={() => revalidator.revalidate()} disabled={loading} label={t('overview.refresh')}>
            <RefreshCw aria-hidden className={`size-4 ${revalidator.state === 'loading' ? 'animate-spin' : ''}`} />
          </IconButton>
          <RangeSwitch locale={locale} days={report.days} />
        </div>
      </div>

      {siteAddressMissing ? (
        <Alert tone="warning" title={t('overview.siteAddress.title')}>
          <p>{t('overview.siteAddress.body')}</p>
          <p className="mt-2">
            <code dir="ltr" className="inline-block rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
              SITE_URL=https://example.com
            </code>
          </p>
        </Alert>
      ) : null}

      <div aria-busy={loading} className={`space-y-8 transition-opacity ${loading ? 'opacity-60' : ''}`}>
        {loading ? (
          <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
            <Loader2 aria-hidden className="size-4 animate-spin" />
            {t('overview.loading')}
          </p>
        ) : null}

        <section aria-labelledby="visits-heading" className="rounded-lg border border-border p-4">
          <h2 id="visits-heading" className="text-lg font-semibold">
            {t('overview.chart.title')}
          </h2>
          <dl className="mt-3 flex flex-wrap gap-x-10 gap-y-3">
            <div>
              <dt className="flex items-center gap-2 text-sm text-fg-muted">
                <span aria-hidden className="inline-block h-0.5 w-5 bg-primary" />
                {t('overview.totals.visitors')}
              </dt>
              <dd className="text-3xl font-semibold tabular-nums" data-testid="total-visitors">
                {n(report.totals.visitors)}
              </dd>
              <dd className="text-xs text-fg-muted">{t('overview.totals.visitorsHint')}</dd>
            </div>
            <div>
              <dt className="flex items-center gap-2 text-sm text-fg-muted">
                <span aria-hidden className="inline-block h-0 w-5 border-t-2 border-dashed border-secondary" />
                {t('overview.totals.views')}
              </dt>
              <dd className="text-3xl font-semibold tabular-nums" data-testid="total-views">
                {n(report.totals.views)}
              </dd>
            </div>
          </dl>
          <div className="mt-4">
            {report.totals.views ? (
              <>
                <VisitsChart locale={locale} daily={report.daily} summary={summary} />
                <VisitsTable locale={locale} daily={report.daily} />
              </>
            ) : (
              <EmptyState icon={BarChart3} title={t('overview.chart.empty')} hint={t('overview.chart.emptyHint')} />
            )}
          </div>
        </section>

        <div className="grid gap-4 lg:grid-cols-3">
          <RankedList
            locale={locale}
            title={t('overview.topPages.title')}
            empty={t('overview.topPages.empty')}
            items={report.topPages.map((page) => ({
              key: page.path,
              label: (
                <a href={page.path} className="hover:underline" lang={page.title ? page.locale : undefined} dir="auto">
                  {page.title ?? archiveName(t, page.path)}
                </a>
              ),
              detail: (
                <span dir="ltr" className="inline-block">
                  {page.path}
                </span>
              ),
              value: page.views,
              valueLabel: t('overview.topPages.views', { n: n(page.views) }),
            }))}
          />
          <RankedList
            locale={locale}
            title={t('overview.referrers.title')}
            empty={t('overview.referrers.empty')}
            items={report.referrers.map((referrer) => ({
              key: referrer.host,
              label: (
                <span dir="ltr" className="inline-block">
                  {referrer.host}
                </span>
              ),
              value: referrer.views,
              valueLabel: t('overview.topPages.views', { n: n(referrer.views) }),
            }))}
          />
          <RankedList
            locale={locale}
            title={t('overview.locales.title')}
            empty={t('overview.locales.empty')}
            items={
              localeTotal
                ? locales.map((value) => ({
                    key: value,
                    label: t(`overview.languages.${value}`),
                    detail: t('overview.locales.share', {
                      percent: formatNumber(locale, report.locales[value] / localeTotal, { style: 'percent' }),
                    }),
                    value: report.locales[value],
                    valueLabel: t('overview.topPages.views', { n: n(report.locales[value]) }),
                  }))
                : []
            }
          />
        </div>
      </div>

      <SiteFacts locale={locale} facts={facts} can={can} />
    </section>
  );
}

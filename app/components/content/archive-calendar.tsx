import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type ArchivePeriod,
  type ArchiveYear,
  archiveMonthName,
  archivePeriodName,
  archiveSlug,
} from '../../../common/date-archive';
import type { Locale } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { formatNumber } from '../../lib/format';

/**
 * The date archive's widget under the logs (docs/content.md "Date archives"): each year with its
 * months, newest first, with how many pages each has — Jalali in Persian, Gregorian in English.
 * Plain links: a reading page works without its script.
 */
export function ArchiveCalendar({ locale, years, current }: { locale: Locale; years: ArchiveYear[]; current?: ArchivePeriod }) {
  const { t } = useTranslation();
  if (!years.length) return null;
  const isCurrent = (year: number, month?: number) => current?.year === year && current.month === month;
  const count = (n: number) => formatNumber(locale, n);
  return (
    <nav aria-labelledby="archive-calendar" className="mt-10 border-t border-border pt-6" data-testid="archive-calendar">
      <h2 id="archive-calendar" className="text-lg font-semibold">
        {t('content.archiveNav')}
      </h2>
      <ul className="mt-3 space-y-3">
        {years.map((year) => (
          <li key={year.year} className="flex flex-wrap items-baseline gap-x-3 gap-y-2">
            <Link
              to={paths.page(locale, archiveSlug({ year: year.year }))}
              aria-current={isCurrent(year.year) ? 'page' : undefined}
              aria-label={t('content.archiveLink', {
                count: year.count,
                n: count(year.count),
                period: archivePeriodName(locale, { year: year.year }),
              })}
              className={`min-w-14 font-semibold hover:text-primary-strong ${isCurrent(year.year) ? 'text-primary-strong underline' : ''}`}
            >
              {archivePeriodName(locale, { year: year.year })}
            </Link>
            <ul className="flex flex-wrap gap-2">
              {year.months.map(({ month, count: n }) => (
                <li key={month}>
                  <Link
                    to={paths.page(locale, archiveSlug({ year: year.year, month }))}
                    aria-current={isCurrent(year.year, month) ? 'page' : undefined}
                    aria-label={t('content.archiveLink', {
                      count: n,
                      n: count(n),
                      period: archivePeriodName(locale, { year: year.year, month }),
                    })}
                    className={`inline-flex items-baseline gap-1.5 rounded-full border px-3 py-1 text-sm ${
                      isCurrent(year.year, month)
                        ? 'border-primary-strong font-semibold text-primary-strong'
                        : 'border-border text-fg-muted hover:bg-muted'
                    }`}
                  >
                    {archiveMonthName(locale, year.year, month)}
                    <span className="text-xs">{count(n)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}

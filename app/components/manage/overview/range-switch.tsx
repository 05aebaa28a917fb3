import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ANALYTICS_RANGES, type AnalyticsRange } from '../../../../common/analytics';
import type { Locale } from '../../../../common/locales';
import { formatNumber } from '../../../lib/format';

/** The 7 / 30 / 90 days switch: links (`?days=`), so the period is in the address and survives a reload. */
export function RangeSwitch({ locale, days }: { locale: Locale; days: AnalyticsRange }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('overview.range.label')}>
      <ul className="inline-flex rounded-lg border border-border p-0.5">
        {ANALYTICS_RANGES.map((value) => (
          <li key={value}>
            <Link
              to={value === ANALYTICS_RANGES[0] ? '?' : `?days=${value}`}
              preventScrollReset
              aria-current={value === days ? 'page' : undefined}
              className="block rounded-md px-3 py-1.5 text-sm font-medium text-fg-muted hover:text-fg aria-[current=page]:bg-primary-strong aria-[current=page]:text-white dark:aria-[current=page]:text-neutral-900"
            >
              {t('overview.range.days', { n: formatNumber(locale, value) })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

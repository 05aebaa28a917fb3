import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Locale } from '../../../../common/locales';
import { useClock } from '../../../lib/format';
import { Badge } from '../../ui/badge';

/**
 * An out-of-date translation on the pages screen: the mark and the date its source changed
 * (docs/content.md "Outdated translations"; Jalali in Persian).
 */
export function OutdatedBadge({ since }: { since: string }) {
  const { t } = useTranslation();
  const clock = useClock();
  return (
    <span data-outdated={since} className="inline-flex flex-wrap items-center gap-1">
      <Badge tone="warning">{t('pages.outdated.badge')}</Badge>
      <time dateTime={since} className="text-xs text-fg-muted">
        {t('pages.outdated.since', { date: clock.time(since, 'date') })}
      </time>
    </span>
  );
}

/** Above the pages list filtered to out-of-date translations (`?outdated=1`): what it shows, and the way back. */
export function OutdatedFilterNote({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  return (
    <p className="mb-3 flex flex-wrap items-center gap-2 text-sm" data-testid="outdated-filter">
      <Badge tone="warning">{t('pages.outdated.badge')}</Badge>
      {t('pages.outdated.filtered')}
      <Link to={`?locale=${locale}`} className="text-primary-strong underline-offset-4 hover:underline">
        {t('pages.outdated.showAll')}
      </Link>
    </p>
  );
}

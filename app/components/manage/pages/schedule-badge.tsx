import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PageListItem } from '../../../../common/authoring';
import { useClock } from '../../../lib/format';
import { Badge } from '../../ui/badge';

/** A page's next own schedule (issue 40 §2): publishes alone, or back to draft, on (time on the site's clock). */
export function ScheduleBadge({ schedule }: { schedule: NonNullable<PageListItem['schedule']> }) {
  const { t } = useTranslation();
  const clock = useClock();
  const when = clock.time(schedule.at, 'dateTime');
  return (
    <span data-schedule={schedule.action} title={`${clock.time(schedule.at, 'full')} (${clock.label})`}>
      <Badge tone={schedule.action === 'publish' ? 'info' : 'warning'}>
        <CalendarClock aria-hidden className="me-1 size-3" />
        {t(`pages.schedule.${schedule.action}`, { when })}
      </Badge>
    </span>
  );
}

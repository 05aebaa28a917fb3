import { CalendarClock, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OpenBuild } from '../../../../common/authoring';
import { api } from '../../../lib/api-client';
import { localDigits, useClock } from '../../../lib/format';
import { failureMessage, useMutation } from '../../../lib/mutation';
import { useRootData } from '../../../lib/root-data';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { JalaliDatePicker } from '../../ui/jalali-date-picker';

/**
 * The date and time fields of "Publish later", on the site's clock (Settings → time zone, named
 * under the fields): a Jalali date in Persian, and the time typed on a 24-hour clock in either
 * language (a native time field would follow the browser's language: "09:00 AM" in a Persian form).
 */
export function ScheduleFields({
  id,
  date,
  time,
  onDate,
  onTime,
  error,
  legend,
  note,
}: {
  id: string;
  date: string;
  time: string;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  error?: string;
  /** What the fields choose (read by screen readers), and the line under them; a build's publish by default. */
  legend?: string;
  note?: string;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const describedBy = [`${id}-zone`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const inputClass =
    'block h-10 rounded-md border border-border bg-surface px-3 focus:border-secondary focus:outline-none aria-[invalid=true]:border-error';
  return (
    <fieldset className="flex flex-wrap items-end gap-3" aria-describedby={describedBy}>
      <legend className="sr-only">{legend ?? t('builds.schedule.when')}</legend>
      <div>
        <label id={`${id}-date-label`} htmlFor={`${id}-date`} className="mb-1 block text-sm font-medium">
          {t('builds.schedule.date')}
        </label>
        {locale === 'fa' ? (
          <JalaliDatePicker
            id={`${id}-date`}
            value={date}
            onChange={(next) => onDate(next ?? '')}
            aria-labelledby={`${id}-date-label`}
            aria-invalid={error ? true : undefined}
          />
        ) : (
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            onChange={(event) => onDate(event.target.value)}
            aria-invalid={error ? true : undefined}
            className={inputClass}
          />
        )}
      </div>
      <div>
        <label htmlFor={`${id}-time`} className="mb-1 block text-sm font-medium">
          {t('builds.schedule.time')}
        </label>
        {/* Text, not type=time: hours and minutes read left to right, with the page's digits. */}
        <input
          id={`${id}-time`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          size={5}
          maxLength={5}
          placeholder={localDigits(locale, '17:30')}
          value={localDigits(locale, time)}
          onChange={(event) => onTime(event.target.value)}
          aria-describedby={`${id}-time-hint`}
          aria-invalid={error ? true : undefined}
          className={`${inputClass} w-24 text-center tabular-nums`}
        />
        <span id={`${id}-time-hint`} className="sr-only">
          {t('builds.schedule.timeHint')}
        </span>
      </div>
      <p id={`${id}-zone`} className="basis-full text-xs text-fg-muted">
        {t('builds.schedule.zone', { zone: clock.label })} {note ?? t('builds.schedule.laterEdits')}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="basis-full text-sm text-error-strong">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The open build's planned publish: when (in the reader's calendar, on the site's clock, the zone named), by whom, and a way to call it off. */
export function ScheduledNotice({ build, canCancel }: { build: OpenBuild; canCancel: boolean }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const cancel = useMutation({
    call: (id: number) => api.builds.cancelSchedule({ params: { id }, locale }),
    success: { title: t('builds.schedule.cancelled'), color: 'info' },
    failure: (error) => ({ title: failureMessage(error, t('builds.error')), color: 'error' }),
    revalidate: 'always',
  });
  if (!build.scheduledAt || build.id === null) return null;
  const id = build.id;
  const when = clock.time(build.scheduledAt, 'full');

  return (
    <Alert tone="info" title={t('builds.schedule.notice', { when, zone: clock.label })}>
      <div className="flex flex-wrap items-center gap-3" data-testid="scheduled-notice">
        {build.scheduledBy ? <span>{t('builds.schedule.by', { name: build.scheduledBy.displayName })}</span> : null}
        {canCancel ? (
          <Button type="button" variant="outline" size="sm" onClick={() => cancel.run(id)} disabled={cancel.busy}>
            {cancel.busy ? (
              <Loader2 aria-hidden className="size-4 animate-spin" />
            ) : (
              <CalendarClock aria-hidden className="size-4" />
            )}
            {t('builds.schedule.cancel')}
          </Button>
        ) : null}
      </div>
    </Alert>
  );
}

import { CalendarClock, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageRef, PageScheduleInfo } from '../../../../common/authoring';
import { isolateLtr } from '../../../../common/text-direction';
import { ApiRequestError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { parseClockTime, useClock, zonedParts, zonedToIso } from '../../../lib/format';
import { failureMessage, useMutation } from '../../../lib/mutation';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { ScheduleFields } from '../builds/schedule';
import { pageAddress } from '../pages/page-path';

type Field = 'publishAt' | 'unpublishAt';
type When = { on: boolean; date: string; time: string };

/**
 * The page's own schedule (issue 40 §2): a time it publishes alone (only its pending change, as
 * its own commit) and a time it goes back to draft, on the site's clock (a Jalali date in
 * Persian, a 24-hour time in both languages: the Builds screen's fields), with its translation
 * scheduled alongside when it has one. Shown to those who may publish; others see the times.
 */
export function PageSchedulePanel({
  page,
  schedule,
  translation,
  canSchedule,
}: {
  page: PageRef;
  schedule: PageScheduleInfo;
  translation: PageRef | null;
  canSchedule: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const id = useId();
  const initial = (at: string | null): When =>
    at ? { on: true, ...zonedParts(at, clock.zone) } : { on: false, date: '', time: '09:00' };
  const [publish, setPublish] = useState(() => initial(schedule.publishAt));
  const [unpublish, setUnpublish] = useState(() => initial(schedule.unpublishAt));
  const [withTranslation, setWithTranslation] = useState(schedule.group.length > 0);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const params = { locale: page.locale, path: page.path };

  const save = useMutation({
    call: (body: { publishAt?: string; unpublishAt?: string; translation?: string }) =>
      api.pages.setSchedule<PageScheduleInfo>({ params, body, locale }),
    success: { title: t('editor.schedule.saved'), color: 'success' },
    handled: (error) => {
      const issues = error instanceof ApiRequestError ? (error.failure.data?.issues ?? []) : [];
      const found: Partial<Record<Field, string>> = {};
      for (const issue of issues)
        if (issue.path[0] === 'publishAt' || issue.path[0] === 'unpublishAt') found[issue.path[0]] = issue.message;
      if (!Object.keys(found).length) return false;
      setErrors(found);
      return true;
    },
    failure: (error) => ({ title: failureMessage(error, t('editor.schedule.failed')), color: 'error' }),
    revalidate: 'always',
  });
  const cancel = useMutation({
    call: () => api.pages.cancelSchedule({ params, locale }),
    success: { title: t('editor.schedule.cancelled'), color: 'info' },
    failure: (error) => ({ title: failureMessage(error, t('editor.schedule.failed')), color: 'error' }),
    done: () => {
      setPublish((value) => ({ ...value, on: false }));
      setUnpublish((value) => ({ ...value, on: false }));
    },
    revalidate: 'always',
  });
  const busy = save.busy || cancel.busy;
  const scheduled = schedule.publishAt !== null || schedule.unpublishAt !== null;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const body: { publishAt?: string; unpublishAt?: string; translation?: string } = {};
    for (const [field, when] of [
      ['publishAt', publish],
      ['unpublishAt', unpublish],
    ] as const) {
      if (!when.on) continue;
      const clockTime = parseClockTime(when.time);
      if (when.date && when.time.trim() && !clockTime) found[field] = t('builds.schedule.badTime');
      const at = clockTime ? zonedToIso(when.date, clockTime, clock.zone) : undefined;
      if (!at) found[field] ??= t('builds.schedule.needDate');
      else body[field] = at;
    }
    if (!publish.on && !unpublish.on) found.publishAt = t('editor.schedule.none');
    setErrors(found);
    if (Object.keys(found).length) return;
    if (translation && withTranslation) body.translation = translation.path;
    void save.run(body);
  }

  return (
    <section
      className="space-y-3 rounded-lg border border-border bg-surface p-4"
      aria-labelledby={`${id}-title`}
      data-testid="page-schedule"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <CalendarClock aria-hidden className="size-4" />
        {t('editor.schedule.title')}
      </h2>
      {scheduled ? (
        <ul className="space-y-1 text-sm" data-testid="page-schedule-summary">
          {schedule.publishAt ? (
            <li>{t('editor.schedule.publishesAt', { when: clock.time(schedule.publishAt, 'full'), zone: clock.label })}</li>
          ) : null}
          {schedule.unpublishAt ? (
            <li>{t('editor.schedule.unpublishesAt', { when: clock.time(schedule.unpublishAt, 'full'), zone: clock.label })}</li>
          ) : null}
          {schedule.group.map((other) => (
            <li key={`${other.locale}/${other.path}`}>
              {t('editor.schedule.withPage', { page: isolateLtr(pageAddress(other)) })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-fg-muted">{t('editor.schedule.empty')}</p>
      )}
      {canSchedule ? (
        <form onSubmit={submit} className="space-y-3" aria-busy={busy} noValidate>
          {(
            [
              ['publishAt', publish, setPublish, 'editor.schedule.publish', 'editor.schedule.publishNote'],
              ['unpublishAt', unpublish, setUnpublish, 'editor.schedule.unpublish', 'editor.schedule.unpublishNote'],
            ] as const
          ).map(([field, when, set, label, note]) => (
            <div key={field} className="space-y-2">
              <label className="flex items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  checked={when.on}
                  onChange={(event) => {
                    set({ ...when, on: event.target.checked });
                    setErrors({});
                  }}
                />
                {t(label)}
              </label>
              {when.on ? (
                <ScheduleFields
                  id={`${id}-${field}`}
                  date={when.date}
                  time={when.time}
                  onDate={(date) => set({ ...when, date })}
                  onTime={(time) => set({ ...when, time })}
                  error={errors[field]}
                  legend={t(label)}
                  note={t(note)}
                />
              ) : errors[field] ? (
                <p role="alert" className="text-sm text-error-strong">
                  {errors[field]}
                </p>
              ) : null}
            </div>
          ))}
          {translation ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={withTranslation} onChange={(event) => setWithTranslation(event.target.checked)} />
              {t('editor.schedule.withTranslation', { page: isolateLtr(pageAddress(translation)) })}
            </label>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={busy}>
              {save.busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              {t('editor.schedule.submit')}
            </Button>
            {scheduled ? (
              <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => void cancel.run()}>
                {t('editor.schedule.cancel')}
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}

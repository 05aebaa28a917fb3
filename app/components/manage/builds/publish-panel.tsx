import { CalendarClock, ExternalLink, Loader2, Rocket } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ConflictData,
  OpenBuildChange,
  PublishIndexing,
  PublishRequest,
  PublishResult,
  ScheduleResult,
} from '../../../../common/authoring';
import { ApiRequestError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { parseClockTime, useClock, zonedToIso } from '../../../lib/format';
import { useMutation } from '../../../lib/mutation';
import { useRootData } from '../../../lib/root-data';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { publicPath } from '../pages/page-path';
import { RepoPath } from './change-card';
import { ScheduleFields } from './schedule';

export type PublishOutcome =
  | { kind: 'published'; result: PublishResult; links: string[] }
  | { kind: 'indexing'; result: PublishIndexing; links: string[] }
  | { kind: 'conflict'; message: string; paths: string[] }
  | { kind: 'failed'; message: string };

/** What a publish or revert answered: live at once, or (Workers, a big one: 202) committed and being indexed in steps. */
export function publishedOutcome(result: PublishResult | PublishIndexing, links: string[]): PublishOutcome {
  return result.buildId === null ? { kind: 'indexing', result, links } : { kind: 'published', result, links };
}

/** What a failed publish or revert shows: a 409 naming paths is a conflict, anything else its message (or `fallback`). */
export function failedOutcome(error: unknown, fallback: string): PublishOutcome {
  if (!(error instanceof ApiRequestError)) return { kind: 'failed', message: fallback };
  const data = error.failure.data as Partial<ConflictData> | undefined;
  if (error.failure.statusCode === 409 && Array.isArray(data?.conflicts))
    return { kind: 'conflict', message: error.failure.message, paths: data.conflicts };
  return { kind: 'failed', message: error.failure.message };
}

/**
 * Publish the open build, with an optional title, now or at a chosen time ("Publish later"); the
 * button shows progress, the outcome stays on screen.
 */
export function PublishPanel({
  changes,
  onOutcome,
}: {
  changes: OpenBuildChange[];
  onOutcome: (outcome: PublishOutcome | undefined) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const [title, setTitle] = useState('');
  const [later, setLater] = useState(false);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('09:00');
  const [whenError, setWhenError] = useState<string>();
  const id = useId();

  const scheduled = useMutation({
    call: (body: PublishRequest) => api.builds.publish<ScheduleResult>({ body, locale }),
    success: (result) => ({
      title: t('builds.schedule.success'),
      description: `${clock.time(result.at, 'full')} (${clock.label})`,
      color: 'success',
    }),
    done: () => {
      setTitle('');
      setLater(false);
    },
    handled: (error) => {
      const issue =
        error instanceof ApiRequestError ? error.failure.data?.issues?.find((item) => item.path[0] === 'at') : undefined;
      if (issue) setWhenError(issue.message);
      else onOutcome(failedOutcome(error, t('builds.error')));
      return true;
    },
    revalidate: 'always',
  });
  const published = useMutation({
    call: (body: PublishRequest, _links: string[]) => api.builds.publish<PublishResult | PublishIndexing>({ body, locale }),
    success: (result) => ({
      title: t(result.buildId === null ? 'builds.publish.committed' : 'builds.publish.success'),
      description: result.commitSha.slice(0, 7),
      color: 'success',
    }),
    done: (result, _body, links) => {
      setTitle('');
      onOutcome(publishedOutcome(result, links));
    },
    handled: (error) => {
      onOutcome(failedOutcome(error, t('builds.error')));
      return true;
    },
    revalidate: 'always',
  });
  const busy = scheduled.busy || published.busy;

  function schedule() {
    const clockTime = parseClockTime(time);
    if (date && time.trim() && !clockTime) return setWhenError(t('builds.schedule.badTime'));
    const at = clockTime ? zonedToIso(date, clockTime, clock.zone) : undefined;
    if (!at) return setWhenError(t('builds.schedule.needDate'));
    setWhenError(undefined);
    return scheduled.run({ ...(title.trim() ? { title: title.trim() } : {}), at });
  }

  async function publish(event: React.FormEvent) {
    event.preventDefault();
    if (later) return schedule();
    onOutcome(undefined);
    // The pages that will be live afterwards (deleted ones are gone), known before the list reloads.
    const links = changes.filter((change) => change.page && change.kind !== 'delete').map((change) => publicPath(change.page!));
    return published.run(title.trim() ? { title: title.trim() } : {}, links);
  }

  return (
    <form onSubmit={publish} className="flex flex-wrap items-end gap-3" aria-busy={busy}>
      <label className="flex basis-full items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={later}
          onChange={(event) => {
            setLater(event.target.checked);
            setWhenError(undefined);
          }}
          className="size-4 accent-[var(--ui-primary-strong)]"
        />
        {t('builds.schedule.later')}
      </label>
      {later ? (
        <div className="basis-full">
          <ScheduleFields id={`${id}-when`} date={date} time={time} onDate={setDate} onTime={setTime} error={whenError} />
        </div>
      ) : null}
      <div className="min-w-0 flex-1 basis-64">
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {t('builds.publish.titleLabel')}
        </label>
        <input
          id={id}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={200}
          dir="auto"
          placeholder={t('builds.publish.titlePlaceholder')}
          className="block h-10 w-full rounded-md border border-border bg-surface px-3 placeholder:text-fg-muted focus:border-secondary focus:outline-none"
        />
      </div>
      <Button type="submit" disabled={busy || !changes.length}>
        {busy ? (
          <Loader2 aria-hidden className="size-4 animate-spin" />
        ) : later ? (
          <CalendarClock aria-hidden className="size-4" />
        ) : (
          <Rocket aria-hidden className="size-4" />
        )}
        {busy
          ? t(later ? 'builds.schedule.busy' : 'builds.publish.busy')
          : t(later ? 'builds.schedule.submit' : 'builds.publish.submit')}
      </Button>
    </form>
  );
}

/** What the last publish or revert did: the live pages, or the conflict and what to do about it. */
export function OutcomeView({ outcome, commitUrl }: { outcome: PublishOutcome; commitUrl: string | null }) {
  const { t } = useTranslation();
  if (outcome.kind === 'failed') return <Alert tone="error" title={outcome.message} />;
  if (outcome.kind === 'conflict')
    return (
      <Alert tone="error" title={outcome.message}>
        <p>{t('builds.conflict.intro')}</p>
        <ul className="my-2 list-disc space-y-1 ps-5" data-testid="conflicts">
          {outcome.paths.map((path) => (
            <li key={path}>
              <RepoPath path={path} />
            </li>
          ))}
        </ul>
        <p>{t('builds.conflict.keep')}</p>
        <p>{t('builds.conflict.discard')}</p>
      </Alert>
    );
  const sha = outcome.result.commitSha;
  const indexing = outcome.kind === 'indexing';
  return (
    <Alert tone={indexing ? 'info' : 'success'} title={t(indexing ? 'builds.publish.indexing' : 'builds.publish.done')}>
      {indexing ? <p>{t('builds.publish.indexingHint')}</p> : null}
      <p>
        {t('builds.publish.commit')}{' '}
        {commitUrl ? (
          <a href={`${commitUrl}${sha}`} className="underline" target="_blank" rel="noreferrer">
            <bdi dir="ltr" className="font-mono">
              {sha.slice(0, 7)}
            </bdi>
          </a>
        ) : (
          <bdi dir="ltr" className="font-mono">
            {sha.slice(0, 7)}
          </bdi>
        )}
      </p>
      {outcome.links.length ? (
        <ul className="mt-2 space-y-1" aria-label={t(indexing ? 'builds.publish.soonLivePages' : 'builds.publish.livePages')}>
          {outcome.links.map((href) => (
            <li key={href}>
              <a href={href} className="inline-flex items-center gap-1 underline">
                <ExternalLink aria-hidden className="size-4" />
                <bdi dir="ltr">{decodeURI(href)}</bdi>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}

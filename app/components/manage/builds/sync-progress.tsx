import { RefreshCw, RotateCcw, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { ContentSyncState } from '../../../../common/content-sync';
import { ApiRequestError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { formatNumber, useClock } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';

/** How often the screen asks how far a running sync is. */
const POLL_MS = 1000;
/** How often it asks whether a failed sync was taken up again by the cron (which runs every minute). */
const RETRY_POLL_MS = 15_000;

/**
 * The site index (docs/content.md "Syncing"): while a re-index runs, how many pages of how many are
 * done (polling `GET /api/content/sync`), and when a sync paused by GitHub's rate limit resumes; a failed or interrupted one with its reason and Retry,
 * which carries it on from its staged pages; a refused one (the repository is empty or another one:
 * `refusal`) with how many pages it would remove and "Re-index anyway", asked again in a dialog that
 * names the count; otherwise when the index was last built, with "Re-index now" for those who may publish.
 */
export function SyncProgress({ initial, canSync }: { initial: ContentSyncState | null; canSync: boolean }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const revalidator = useRevalidator();
  const [sync, setSync] = useState(initial);
  // A newer state from the loader (a publish that started an index, then revalidated) replaces the last poll.
  const [loaded, setLoaded] = useState(initial);
  if (initial !== loaded) {
    setLoaded(initial);
    setSync(initial);
  }
  const [starting, setStarting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const active = starting || sync?.status === 'running';
  /** A failed sync the cron takes up again by itself (Workers): watched, less often, to show it running again. */
  const awaitingRetry = !active && sync?.status === 'failed' && sync.retryAt !== null;
  /** Paused by GitHub's rate limit (Workers): nothing changes before `pausedUntil`, so it is asked less often. */
  const paused = active && Boolean(sync?.pausedUntil);
  const wasActive = useRef(active);

  useEffect(() => {
    if (!active && !awaitingRetry) return;
    let stopped = false;
    const poll = async () => {
      try {
        const answer = await api.pages.syncStatus<{ sync: ContentSyncState | null }>({ locale });
        if (!stopped) setSync(answer.sync);
      } catch {
        // A missed poll is retried on the next tick.
      }
    };
    const timer = setInterval(poll, active && !paused ? POLL_MS : RETRY_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [active, awaitingRetry, paused, locale]);

  // When a sync ends, the history and pending changes may have changed with it.
  useEffect(() => {
    if (wasActive.current && !active) void revalidator.revalidate();
    wasActive.current = active;
  }, [active, revalidator]);

  /** `force`: re-index even when pages would be removed (the confirmed "Re-index anyway"). */
  async function start(force = false) {
    setStarting(true);
    setConfirming(false);
    try {
      // Node answers when the sync is done (the polling shows it meanwhile); Workers answers 202 after its first step.
      await api.pages.sync({ query: { force: force ? '1' : undefined }, locale });
    } catch (error) {
      toast({
        title: t('builds.sync.startFailed'),
        description: error instanceof ApiRequestError ? error.failure.message : t('builds.error'),
        color: 'error',
      });
    } finally {
      try {
        setSync((await api.pages.syncStatus<{ sync: ContentSyncState | null }>({ locale })).sync);
      } catch {}
      setStarting(false);
    }
  }

  const count = (n: number) => formatNumber(locale, n);
  const action = (label: string, Icon: typeof RefreshCw) =>
    canSync ? (
      <Button variant="outline" size="sm" onClick={() => start()} disabled={active}>
        <Icon aria-hidden className={`size-4 ${active ? 'motion-safe:animate-spin' : ''}`} />
        {label}
      </Button>
    ) : null;

  return (
    <section aria-labelledby="site-index" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="site-index" className="text-xl font-semibold">
          {t('builds.sync.title')}
        </h2>
        {sync?.status === 'failed' || sync?.status === 'interrupted' ? null : action(t('builds.sync.start'), RefreshCw)}
      </div>
      {active ? (
        <div className="space-y-2 rounded-lg border border-border p-4">
          <p className="font-medium">
            {sync?.status === 'running' && sync.pausedUntil
              ? sync.total > 0
                ? t('builds.sync.pausedAfter', { done: count(sync.done), total: count(sync.total) })
                : t('builds.sync.pausedBefore')
              : sync?.status === 'running' && sync.total > 0
                ? t('builds.sync.progress', { done: count(sync.done), total: count(sync.total) })
                : t('builds.sync.preparing')}
          </p>
          <div
            role="progressbar"
            aria-label={t('builds.sync.title')}
            aria-valuemin={0}
            aria-valuemax={sync?.total ?? 0}
            aria-valuenow={sync?.done ?? 0}
            aria-valuetext={
              sync?.total ? t('builds.sync.progress', { done: count(sync.done), total: count(sync.total) }) : undefined
            }
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-500"
              style={{ width: `${sync?.total ? Math.round((100 * sync.done) / sync.total) : 0}%` }}
            />
          </div>
          {sync?.pausedUntil ? (
            <p className="text-sm" role="status">
              {t('builds.sync.paused', {
                time: clock.time(sync.pausedUntil, 'time'),
              })}
            </p>
          ) : null}
          <p className="text-sm text-fg-muted">{t('builds.sync.hint')}</p>
        </div>
      ) : sync?.status === 'failed' && sync.refusal ? (
        <Alert tone="warning" title={t(`builds.sync.refused.${sync.refusal.reason}`)}>
          <p>{t('builds.sync.refusedKept', { n: count(sync.refusal.removes) })}</p>
          <p className="mt-1">{t('builds.sync.refusedHint')}</p>
          {canSync ? (
            <div className="mt-2 flex flex-wrap gap-2">
              {action(t('builds.sync.checkAgain'), RotateCcw)}
              <Button variant="outline" size="sm" onClick={() => setConfirming(true)} disabled={active}>
                <TriangleAlert aria-hidden className="size-4" />
                {t('builds.sync.force')}
              </Button>
            </div>
          ) : null}
          <ConfirmDialog
            variant="danger"
            open={confirming}
            onOpenChange={setConfirming}
            title={t('builds.sync.forceTitle')}
            description={t('builds.sync.forceDescription', { n: count(sync.refusal.removes) })}
            confirmLabel={t('builds.sync.forceConfirm', { n: count(sync.refusal.removes) })}
            cancelLabel={t('builds.cancel')}
            onConfirm={() => void start(true)}
            busy={starting}
          />
        </Alert>
      ) : sync?.status === 'failed' && sync.damage ? (
        <Alert tone="error" title={t('builds.sync.damaged.title')}>
          <p data-testid="sync-damage">
            <Trans
              i18nKey={sync.damage.file ? 'builds.sync.damaged.file' : 'builds.sync.damaged.object'}
              values={{ file: sync.damage.file, object: sync.damage.object }}
              components={{ file: <bdi dir="ltr" className="font-mono text-xs" /> }}
            />
          </p>
          <p className="mt-1">{t('builds.sync.damaged.hint')}</p>
          {canSync ? <div className="mt-2">{action(t('builds.sync.checkAgain'), RotateCcw)}</div> : null}
        </Alert>
      ) : sync?.status === 'failed' || sync?.status === 'interrupted' ? (
        <Alert
          tone={sync.status === 'failed' ? 'error' : 'warning'}
          title={t(sync.status === 'failed' ? 'builds.sync.failed' : 'builds.sync.interrupted', {
            done: count(sync.done),
            total: count(sync.total),
          })}
        >
          {sync.error ? (
            <p className="break-words font-mono text-xs" dir="ltr">
              {sync.error}
            </p>
          ) : null}
          <p className="mt-1">{t('builds.sync.retryHint')}</p>
          {sync.status === 'failed' && sync.retryAt ? (
            <p className="mt-1">
              {t('builds.sync.autoRetry', {
                time: clock.time(sync.retryAt, 'time'),
              })}
            </p>
          ) : null}
          <div className="mt-2">{action(t('builds.sync.retry'), RotateCcw)}</div>
        </Alert>
      ) : sync?.status === 'done' && sync.finishedAt ? (
        <p className="text-sm text-fg-muted">
          {t('builds.sync.last', {
            time: clock.time(sync.finishedAt),
            n: count(sync.total),
          })}
          {sync.problems ? ` ${t('builds.sync.problems', { n: count(sync.problems) })}` : ''}
        </p>
      ) : // Nothing to report on a site never re-indexed: "Re-index now" speaks for itself (issue 30, D21).
      null}
    </section>
  );
}

import { ArrowRight, TriangleAlert, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenBuildChange } from '../../../../common/authoring';
import { isolateLtr } from '../../../../common/text-direction';
import { api } from '../../../lib/api-client';
import { useClock } from '../../../lib/format';
import { useMutation } from '../../../lib/mutation';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { LtrName } from '../../ui/ltr-name';
import { PendingBadge } from '../pages/pending-badge';
import { automaticTitle } from './automatic-title';
import { DiffView, parseUnifiedDiff } from './diff-view';
import { KeepMineButton } from './keep-mine-button';

/** A repository path shown as code (always LTR); Persian paths keep the text font (monospace fonts mangle Persian). */
export function RepoPath({ path }: { path: string }) {
  return <LtrName value={path} className={`text-sm break-all ${/^[\x20-\x7e]*$/.test(path) ? 'font-mono' : ''}`} />;
}

/** One pending change of the open build: what it does, who made it, its diff, and discarding it. */
export function ChangeCard({
  change,
  canDiscard,
  canEdit,
  conflicting,
}: {
  change: OpenBuildChange;
  canDiscard: boolean;
  canEdit: boolean;
  conflicting: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const [open, setOpen] = useState(false);
  const discard = useMutation({
    call: () => api.builds.discardChange({ params: { id: change.id }, locale }),
    done: () => setOpen(false),
    success: { title: t('builds.discard.success'), description: isolateLtr(change.path), color: 'success' },
    failure: { title: t('builds.discard.failed'), fallback: t('builds.error') },
  });

  return (
    <li
      data-change={change.path}
      className={`rounded-lg border p-4 ${conflicting ? 'border-red-500/60 bg-red-500/5' : 'border-border'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <PendingBadge kind={change.kind} />
            {change.from ? (
              <>
                <RepoPath path={change.from} />
                <ArrowRight aria-label={t('builds.movedTo')} className="size-4 shrink-0 rtl:-scale-x-100" />
              </>
            ) : null}
            <RepoPath path={change.path} />
          </div>
          {/* Local time: the server's zone may differ, so the browser's rendering wins. */}
          <p className="text-sm text-fg-muted" suppressHydrationWarning>
            {t('builds.changedBy', {
              name: change.author?.displayName ?? t('builds.unknownPerson'),
              time: clock.time(change.createdAt),
            })}
          </p>
          {change.message ? (
            <p dir="auto" className="text-sm">
              {automaticTitle(change.message, t, locale)}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {canEdit && change.stale && change.page && change.kind !== 'delete' ? (
            <KeepMineButton change={change} page={change.page} />
          ) : null}
          {canDiscard ? (
            <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
              <Undo2 aria-hidden className="size-4 rtl:-scale-x-100" />
              {t('builds.discard.open')}
            </Button>
          ) : null}
        </div>
      </div>
      {change.stale ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-amber-800 dark:text-amber-300">
          <TriangleAlert aria-hidden className="size-4 shrink-0" />
          {t('builds.stale')}
        </p>
      ) : null}
      {change.diff !== null && !parseUnifiedDiff(change.diff).length ? (
        <p className="mt-3 text-sm text-fg-muted">{t('builds.sameText')}</p>
      ) : change.diff !== null ? (
        <details className="mt-3" open={change.diff.length < 4000}>
          <summary className="cursor-pointer text-sm font-medium">{t('builds.diff')}</summary>
          <div className="mt-2">
            <DiffView diff={change.diff} labels={{ added: t('builds.added'), removed: t('builds.removed') }} />
          </div>
        </details>
      ) : (
        <p className="mt-3 text-sm text-fg-muted">{t('builds.binary')}</p>
      )}
      <ConfirmDialog
        variant="danger"
        open={open}
        onOpenChange={setOpen}
        title={t('builds.discard.title')}
        description={t('builds.discard.description', { path: isolateLtr(change.path) })}
        confirmLabel={t('builds.discard.confirm')}
        cancelLabel={t('builds.cancel')}
        onConfirm={discard.run}
        busy={discard.busy}
      />
    </li>
  );
}

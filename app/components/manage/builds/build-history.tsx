import { History, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { BuildStatus, BuildSummary, PublishIndexing, PublishResult } from '../../../../common/authoring';
import { api } from '../../../lib/api-client';
import { formatDate, formatNumber } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { EmptyState } from '../../profile/empty-state';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import { automaticTitle } from './automatic-title';
import { failedOutcome, type PublishOutcome, publishedOutcome } from './publish-panel';

const statusTone = {
  open: 'info',
  publishing: 'warning',
  published: 'success',
  reverted: 'neutral',
  failed: 'error',
} as const satisfies Record<BuildStatus, string>;

/** Published, reverted and failed builds, newest first: who, when, the commit, and Revert. */
export function BuildHistory({
  builds,
  commitUrl,
  canRevert,
  onOutcome,
}: {
  builds: BuildSummary[];
  commitUrl: string | null;
  canRevert: boolean;
  onOutcome: (outcome: PublishOutcome | undefined) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  if (!builds.length) return <EmptyState icon={History} title={t('builds.history.empty')} hint={t('builds.history.emptyHint')} />;
  return (
    <div className="relative overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-sm">
        <thead className="bg-muted/60">
          <tr>
            {(['build', 'status', 'author', 'time', 'commit'] as const).map((column) => (
              <th key={column} scope="col" className="px-3 py-2 text-start font-semibold">
                {t(`builds.history.${column}`)}
              </th>
            ))}
            {canRevert ? (
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t('builds.history.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {builds.map((build) => {
            const time = build.publishedAt ?? build.createdAt;
            return (
              <tr key={build.id} data-build={build.id} className="border-t border-border align-top">
                <td className="px-3 py-2">
                  <span dir="auto" className="font-medium">
                    {build.title
                      ? automaticTitle(build.title, t, locale)
                      : t('builds.history.untitled', { id: formatNumber(locale, build.id) })}
                  </span>
                  <p className="text-xs text-fg-muted">
                    {t('builds.history.changes', { n: formatNumber(locale, build.changes.length) })}
                  </p>
                </td>
                <td className="px-3 py-2">
                  <Badge tone={statusTone[build.status]}>{t(`builds.status.${build.status}`)}</Badge>
                </td>
                <td className="px-3 py-2">{build.createdBy?.displayName ?? t('builds.unknownPerson')}</td>
                <td className="px-3 py-2">
                  <time dateTime={time} className="whitespace-nowrap" suppressHydrationWarning>
                    {formatDate(locale, time, { dateStyle: 'medium', timeStyle: 'short', timeZone: undefined })}
                  </time>
                </td>
                <td className="px-3 py-2">
                  {build.commitSha ? (
                    commitUrl ? (
                      <a
                        href={`${commitUrl}${build.commitSha}`}
                        target="_blank"
                        rel="noreferrer"
                        className="text-primary-strong hover:underline"
                      >
                        <bdi dir="ltr" className="font-mono">
                          {build.commitSha.slice(0, 7)}
                        </bdi>
                      </a>
                    ) : (
                      <bdi dir="ltr" className="font-mono" title={build.commitSha}>
                        {build.commitSha.slice(0, 7)}
                      </bdi>
                    )
                  ) : (
                    <span className="text-fg-muted">—</span>
                  )}
                </td>
                {canRevert ? (
                  <td className="px-3 py-2 text-end">
                    {build.status === 'published' ? <RevertButton build={build} onOutcome={onOutcome} /> : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function RevertButton({ build, onOutcome }: { build: BuildSummary; onOutcome: (outcome: PublishOutcome | undefined) => void }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function revert() {
    setBusy(true);
    onOutcome(undefined);
    try {
      const result = await api.builds.revert<PublishResult | PublishIndexing>({ params: { id: build.id }, locale });
      toast({
        title: t(result.buildId === null ? 'builds.publish.committed' : 'builds.revert.success'),
        description: result.commitSha.slice(0, 7),
        color: 'success',
      });
      onOutcome(publishedOutcome(result, []));
    } catch (error) {
      onOutcome(failedOutcome(error, t('builds.error')));
    } finally {
      setOpen(false);
      setBusy(false);
      await revalidator.revalidate();
    }
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <RotateCcw aria-hidden className="size-4 rtl:-scale-x-100" />
        {t('builds.revert.open')}
      </Button>
      <ConfirmDialog
        variant="neutral"
        open={open}
        onOpenChange={setOpen}
        title={t('builds.revert.title')}
        description={t('builds.revert.description', { title: build.title || `#${build.id}` })}
        confirmLabel={t('builds.revert.confirm')}
        cancelLabel={t('builds.cancel')}
        onConfirm={revert}
        busy={busy}
      />
    </>
  );
}

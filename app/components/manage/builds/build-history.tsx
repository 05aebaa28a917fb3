import { History, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuildStatus, BuildSummary, PublishIndexing, PublishResult } from '../../../../common/authoring';
import { api } from '../../../lib/api-client';
import { formatNumber, useClock } from '../../../lib/format';
import { useMutation } from '../../../lib/mutation';
import { useRootData } from '../../../lib/root-data';
import { EmptyState } from '../../profile/empty-state';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { type DataColumn, DataTable } from '../data-table';
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
  const clock = useClock();
  const columns: DataColumn<BuildSummary>[] = [
    {
      id: 'build',
      header: t('builds.history.build'),
      cell: (build) => (
        <>
          <span dir="auto" className="font-medium">
            {build.title
              ? automaticTitle(build.title, t, locale)
              : t('builds.history.untitled', { id: formatNumber(locale, build.id) })}
          </span>
          <p className="text-xs text-fg-muted">
            {t('builds.history.changes', { n: formatNumber(locale, build.changes.length) })}
          </p>
        </>
      ),
    },
    {
      id: 'status',
      header: t('builds.history.status'),
      cell: (build) => <Badge tone={statusTone[build.status]}>{t(`builds.status.${build.status}`)}</Badge>,
    },
    {
      id: 'author',
      header: t('builds.history.author'),
      cell: (build) => build.createdBy?.displayName ?? t('builds.unknownPerson'),
    },
    {
      id: 'time',
      header: t('builds.history.time'),
      cell: (build) => (
        <time dateTime={build.publishedAt ?? build.createdAt} className="whitespace-nowrap">
          {clock.time(build.publishedAt ?? build.createdAt)}
        </time>
      ),
    },
    {
      id: 'commit',
      header: t('builds.history.commit'),
      cell: (build) =>
        build.commitSha ? (
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
        ),
    },
    ...(canRevert
      ? [
          {
            id: 'actions',
            header: t('builds.history.actions'),
            hideHeader: true,
            align: 'end',
            cell: (build) => (build.status === 'published' ? <RevertButton build={build} onOutcome={onOutcome} /> : null),
          } satisfies DataColumn<BuildSummary>,
        ]
      : []),
  ];
  return (
    <DataTable
      label={t('builds.history.title')}
      columns={columns}
      rows={builds}
      rowKey={(build) => String(build.id)}
      rowData={(build) => ({ 'data-build': String(build.id) })}
      phone="cards"
      empty={<EmptyState icon={History} title={t('builds.history.empty')} hint={t('builds.history.emptyHint')} />}
    />
  );
}

function RevertButton({ build, onOutcome }: { build: BuildSummary; onOutcome: (outcome: PublishOutcome | undefined) => void }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [open, setOpen] = useState(false);
  const revert = useMutation({
    call: () => {
      onOutcome(undefined);
      return api.builds.revert<PublishResult | PublishIndexing>({ params: { id: build.id }, locale });
    },
    success: (result) => ({
      title: t(result.buildId === null ? 'builds.publish.committed' : 'builds.revert.success'),
      description: result.commitSha.slice(0, 7),
      color: 'success',
    }),
    done: (result) => onOutcome(publishedOutcome(result, [])),
    handled: (error) => {
      onOutcome(failedOutcome(error, t('builds.error')));
      return true;
    },
    settled: () => setOpen(false),
    revalidate: 'always',
  });

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
        onConfirm={revert.run}
        busy={revert.busy}
      />
    </>
  );
}

import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BuildHistory } from '../../components/manage/builds/build-history';
import { ChangeCard } from '../../components/manage/builds/change-card';
import { OutcomeView, type PublishOutcome, PublishPanel } from '../../components/manage/builds/publish-panel';
import { ScheduledNotice } from '../../components/manage/builds/schedule';
import { SyncProgress } from '../../components/manage/builds/sync-progress';
import { EmptyState } from '../../components/profile/empty-state';
import { Alert } from '../../components/ui/alert';
import { formatNumber, useClock } from '../../lib/format';
import { pageMetaFor } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/builds';
import { loadBuilds } from './builds.server';

export async function loader(args: Route.LoaderArgs) {
  return loadBuilds(args);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.builds');

/**
 * Builds (docs/content.md "Writing and publishing"): the open build's pending changes with their
 * diffs, Publish, and the history with Revert. Conflicts (409) list the paths and what to do.
 */
export default function ManageBuilds({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const { open, history, commitUrl, repositoryMissing, sync, can } = loaderData;
  const [outcome, setOutcome] = useState<PublishOutcome>();
  const conflicts = new Set(outcome?.kind === 'conflict' ? outcome.paths : []);

  return (
    <section aria-labelledby="builds-heading" className="space-y-8">
      <h1 id="builds-heading" className="text-2xl font-bold">
        {t('manage.sections.builds')}
      </h1>
      {repositoryMissing ? <Alert tone="warning" title={t('builds.repositoryMissing')} /> : null}
      {outcome ? (
        <div aria-live="polite">
          <OutcomeView outcome={outcome} commitUrl={commitUrl} />
        </div>
      ) : null}

      <section aria-labelledby="open-build" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="open-build" className="text-xl font-semibold">
            {t('builds.open.title')}
          </h2>
          {open.changes.length ? (
            <span className="text-sm text-fg-muted">
              {t('builds.open.count', { n: formatNumber(locale, open.changes.length) })}
            </span>
          ) : null}
        </div>
        {open.status === 'publishing' ? <Alert tone="info" title={t('builds.open.publishing')} /> : null}
        <ScheduledNotice build={open} canCancel={can.publish} />
        {open.changes.length ? (
          <>
            <ul className="space-y-3">
              {open.changes.map((change) => (
                <ChangeCard
                  key={change.id}
                  change={change}
                  canDiscard={can.discard && open.status === 'open'}
                  canEdit={can.edit && open.status === 'open'}
                  conflicting={conflicts.has(change.path) || (change.from !== null && conflicts.has(change.from))}
                />
              ))}
            </ul>
            {can.publish && open.status === 'open' ? (
              <div className="rounded-lg border border-border bg-muted/30 p-4">
                <PublishPanel changes={open.changes} onOutcome={setOutcome} />
              </div>
            ) : null}
          </>
        ) : (
          <EmptyState icon={Inbox} title={t('builds.open.empty')} hint={t('builds.open.emptyHint')} />
        )}
      </section>

      {repositoryMissing ? null : <SyncProgress initial={sync} canSync={can.publish} />}

      <section aria-labelledby="build-history" className="space-y-4">
        <div>
          <h2 id="build-history" className="text-xl font-semibold">
            {t('builds.history.title')}
          </h2>
          <p className="mt-1 text-sm text-fg-muted" data-testid="history-zone">
            {t('builds.history.zone', { zone: clock.label })}
          </p>
        </div>
        <BuildHistory builds={history} commitUrl={commitUrl} canRevert={can.publish} onOutcome={setOutcome} />
      </section>
    </section>
  );
}

import { CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeNames } from '../../../../common/locales';
import type { IssueProgress, IssueSummary } from '../../../../common/newsletter';
import { api } from '../../../lib/api-client';
import { formatNumber, useClock } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';

const POLL_MS = 1000;
const finished = (p: IssueProgress) => p.sent + p.failed >= p.total;

/**
 * The latest issues with their progress. Unfinished ones are polled
 * (`GET /api/newsletter/issues/{id}`) until every recipient is sent or failed; on Workers the poll
 * also keeps the queue moving.
 */
export function IssueList({ issues }: { issues: IssueSummary[] }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const [progress, setProgress] = useState<Record<number, IssueProgress>>({});
  const current = (issue: IssueSummary) => progress[issue.id] ?? issue;
  const pending = issues.filter((issue) => !finished(current(issue))).map((issue) => issue.id);
  const pendingKey = pending.join(',');

  useEffect(() => {
    if (!pendingKey) return;
    let stopped = false;
    const ids = pendingKey.split(',').map(Number);
    const timer = setInterval(async () => {
      for (const id of ids) {
        try {
          const next = await api.newsletter.issue<IssueProgress>({ params: { id }, locale });
          if (!stopped) setProgress((all) => ({ ...all, [id]: next }));
        } catch {
          // A failed poll is retried on the next tick.
        }
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [pendingKey, locale]);

  return (
    <section aria-labelledby="issues-title" className="rounded-lg border border-border p-4 sm:p-5" data-testid="issue-list">
      <h2 id="issues-title" className="text-lg font-semibold">
        {t('newsletter.manage.issues.title')}
      </h2>
      {issues.length ? (
        <ul className="mt-3 divide-y divide-border">
          {issues.map((issue) => {
            const p = current(issue);
            const done = finished(p);
            const share = p.total ? Math.round(((p.sent + p.failed) / p.total) * 100) : 100;
            return (
              <li key={issue.id} className="py-3" data-testid="issue" data-done={done}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <span dir="auto" lang={issue.locale} className="font-medium">
                    {issue.subject}
                  </span>
                  <span className="text-xs text-fg-muted">
                    <bdi lang={issue.locale}>{localeNames[issue.locale]}</bdi> · {clock.time(issue.createdAt)}
                  </span>
                </div>
                <div className="mt-2 flex items-center gap-3">
                  <progress
                    value={p.sent + p.failed}
                    max={Math.max(p.total, 1)}
                    aria-label={t('newsletter.manage.issues.progressLabel', { title: issue.subject })}
                    className="h-2 flex-1 overflow-hidden rounded-full [&::-moz-progress-bar]:bg-primary-strong [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary-strong"
                  >
                    {share}%
                  </progress>
                  <span className="flex items-center gap-1 text-sm text-fg-muted" aria-live="polite" data-testid="issue-progress">
                    {done ? (
                      <CheckCircle2 aria-hidden className="size-4 text-primary-strong" />
                    ) : (
                      <Loader2 aria-hidden className="size-4 animate-spin" />
                    )}
                    {t('newsletter.manage.issues.progress', {
                      sent: formatNumber(locale, p.sent),
                      total: formatNumber(locale, p.total),
                    })}
                    {p.failed ? (
                      <span className="text-error-strong">
                        {' · '}
                        {t('newsletter.manage.issues.failedCount', { failed: formatNumber(locale, p.failed) })}
                      </span>
                    ) : null}
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-fg-muted">{t('newsletter.manage.issues.empty')}</p>
      )}
    </section>
  );
}

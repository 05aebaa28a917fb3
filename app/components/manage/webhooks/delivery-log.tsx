import { History, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRevalidator, useSearchParams } from 'react-router';
import { type DeliveryPage, eventLabelKey, type OutgoingWebhookItem } from '../../../../common/outgoing-webhooks';
import { formatNumber, useClock } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { EmptyState } from '../../profile/empty-state';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ListPagination } from '../list-pagination';
import { deliveryTone } from './endpoint-list';

/** One endpoint's deliveries, newest first: event, result, HTTP status, attempts, time, duration, the answer's start. */
export function DeliveryLog({ endpoint, log }: { endpoint: OutgoingWebhookItem; log: DeliveryPage }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const [search] = useSearchParams();
  const revalidator = useRevalidator();
  const pages = Math.max(1, Math.ceil(log.total / log.pageSize));
  const time = (iso: string) => clock.time(iso, 'dateTimeSeconds');
  const number = (value: number) => formatNumber(locale, value, { useGrouping: false });
  return (
    <section aria-labelledby="delivery-log-heading" className="space-y-3" data-testid="delivery-log">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="delivery-log-heading" className="text-lg font-semibold">
            {t('webhooks.log.title')}
          </h2>
          <bdi dir="ltr" className="block break-all font-mono text-sm">
            {endpoint.url}
          </bdi>
          <p className="text-sm text-fg-muted">
            {t('webhooks.log.count', { count: log.total, total: formatNumber(locale, log.total) })}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => revalidator.revalidate()} disabled={revalidator.state === 'loading'}>
          <RefreshCw aria-hidden className={`size-4 ${revalidator.state === 'loading' ? 'animate-spin' : ''}`} />
          {t('webhooks.log.refresh')}
        </Button>
      </div>
      {log.items.length ? (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {log.items.map((item) => (
            <li key={item.id} className="grid gap-1 p-3 text-sm" data-testid="delivery-row">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={deliveryTone[item.status]}>{t(`webhooks.log.status.${item.status}`)}</Badge>
                <span className="font-medium">{t(eventLabelKey(item.event))}</span>
                <code dir="ltr" className="font-mono text-xs text-fg-muted">
                  {item.event}
                </code>
                <span className="ms-auto text-fg-muted">
                  <time dateTime={item.lastAttemptAt ?? item.createdAt}>{time(item.lastAttemptAt ?? item.createdAt)}</time>
                </span>
              </div>
              <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
                <div className="flex gap-1">
                  <dt>{t('webhooks.log.columns.code')}:</dt>
                  <dd data-testid="delivery-code">{item.code === null ? t('webhooks.log.noAnswer') : number(item.code)}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>{t('webhooks.log.columns.attempts')}:</dt>
                  <dd>{number(item.attempts)}</dd>
                </div>
                {item.durationMs !== null ? (
                  <div className="flex gap-1">
                    <dt>{t('webhooks.log.columns.duration')}:</dt>
                    <dd>{t('webhooks.log.ms', { ms: number(item.durationMs) })}</dd>
                  </div>
                ) : null}
                {item.nextAttemptAt ? <div>{t('webhooks.log.retryAt', { time: time(item.nextAttemptAt) })}</div> : null}
              </dl>
              {item.error || item.snippet ? (
                <p dir="ltr" className="truncate text-start font-mono text-xs text-fg-muted" title={item.snippet ?? undefined}>
                  {[item.error, item.snippet].filter(Boolean).join(' — ')}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={History} title={t('webhooks.log.empty.title')} hint={t('webhooks.log.empty.hint')} />
      )}
      {pages > 1 ? (
        <ListPagination page={log.page} pages={pages} search={search} locale={locale} label={t('webhooks.log.pagination')} />
      ) : null}
    </section>
  );
}

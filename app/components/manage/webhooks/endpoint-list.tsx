import { KeyRound, ScrollText, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { type DeliveryStatus, eventLabelKey, type OutgoingWebhookItem } from '../../../../common/outgoing-webhooks';
import { ApiRequestError, apiFetch } from '../../../lib/api';
import { formatDate, formatNumber } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import { withListQuery } from '../list-pagination';
import { isolate } from '../users/isolate';
import { EndpointDialog } from './endpoint-dialogs';

export const deliveryTone: Record<DeliveryStatus, 'success' | 'warning' | 'error' | 'info'> = {
  delivered: 'success',
  pending: 'warning',
  sending: 'info',
  failed: 'error',
};

/** The endpoints, each with its events, state, last delivery and actions (edit, test, new secret, delete, log). */
export function EndpointList({
  items,
  selected,
  onSecret,
}: {
  items: OutgoingWebhookItem[];
  selected: number | null;
  onSecret: (shown: { url: string; secret: string }) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [search] = useSearchParams();
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <li
          key={item.id}
          data-testid="webhook-endpoint"
          className={`rounded-lg border p-4 ${item.id === selected ? 'border-secondary' : 'border-border'}`}
        >
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 space-y-1">
              <bdi dir="ltr" className="block break-all font-mono text-sm font-medium">
                {item.url}
              </bdi>
              {item.description ? (
                <p dir="auto" className="text-sm text-fg-muted">
                  {item.description}
                </p>
              ) : null}
              <div className="flex flex-wrap items-center gap-1.5">
                <Badge tone={item.enabled ? 'success' : 'neutral'}>
                  {t(item.enabled ? 'webhooks.enabled' : 'webhooks.disabled')}
                </Badge>
                {item.events.map((event) => (
                  <Badge key={event} tone="info">
                    {t(eventLabelKey(event))}
                  </Badge>
                ))}
              </div>
              <p className="text-xs text-fg-muted">
                {item.last ? (
                  <>
                    {t('webhooks.lastDelivery', { status: t(`webhooks.log.status.${item.last.status}`) })}
                    {item.last.code ? <> · {formatNumber(locale, item.last.code, { useGrouping: false })}</> : null}
                    {item.last.at ? (
                      <>
                        {' · '}
                        <time dateTime={item.last.at}>
                          {formatDate(locale, item.last.at, { dateStyle: 'medium', timeStyle: 'short', timeZone: undefined })}
                        </time>
                      </>
                    ) : null}
                  </>
                ) : (
                  t('webhooks.never')
                )}
              </p>
            </div>
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button asChild variant={item.id === selected ? 'solid' : 'outline'} size="sm">
              <Link to={withListQuery(search, { endpoint: item.id, page: undefined })} preventScrollReset>
                <ScrollText aria-hidden className="size-4" />
                {t('webhooks.showLog')}
              </Link>
            </Button>
            <EndpointDialog endpoint={item} />
            <TestButton item={item} />
            <RotateButton item={item} onSecret={onSecret} />
            <DeleteButton item={item} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function failureOf(error: unknown, fallback: string) {
  return error instanceof ApiRequestError ? error.failure.message : fallback;
}

function TestButton({ item }: { item: OutgoingWebhookItem }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function send() {
    setBusy(true);
    try {
      await apiFetch(`/api/outgoing-webhooks/${item.id}/test`, { method: 'POST', locale });
      toast({ title: t('webhooks.test.success'), color: 'success' });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: t('webhooks.failed'), description: failureOf(error, t('webhooks.failed')), color: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" size="sm" onClick={send} disabled={busy}>
      <Send aria-hidden className="size-4 rtl:-scale-x-100" />
      {t('webhooks.test.open')}
    </Button>
  );
}

function RotateButton({
  item,
  onSecret,
}: {
  item: OutgoingWebhookItem;
  onSecret: (shown: { url: string; secret: string }) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  async function rotate() {
    setBusy(true);
    try {
      const { secret } = await apiFetch<{ secret: string }>(`/api/outgoing-webhooks/${item.id}/secret`, {
        method: 'POST',
        locale,
      });
      setOpen(false);
      onSecret({ url: item.url, secret });
    } catch (error) {
      toast({ title: t('webhooks.failed'), description: failureOf(error, t('webhooks.failed')), color: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <KeyRound aria-hidden className="size-4" />
        {t('webhooks.secret.rotate')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('webhooks.secret.rotateTitle')}
        description={t('webhooks.secret.rotateDescription')}
        confirmLabel={t('webhooks.secret.rotateConfirm')}
        cancelLabel={t('webhooks.cancel')}
        onConfirm={rotate}
        busy={busy}
      />
    </>
  );
}

function DeleteButton({ item }: { item: OutgoingWebhookItem }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  async function remove() {
    setBusy(true);
    try {
      await apiFetch(`/api/outgoing-webhooks/${item.id}`, { method: 'DELETE', locale });
      setOpen(false);
      toast({ title: t('webhooks.delete.success'), description: item.url, color: 'success' });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: t('webhooks.failed'), description: failureOf(error, t('webhooks.failed')), color: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden className="size-4" />
        {t('webhooks.delete.open')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('webhooks.delete.title')}
        description={t('webhooks.delete.description', { url: isolate(item.url) })}
        confirmLabel={t('webhooks.delete.confirm')}
        cancelLabel={t('webhooks.cancel')}
        onConfirm={remove}
        busy={busy}
      />
    </>
  );
}

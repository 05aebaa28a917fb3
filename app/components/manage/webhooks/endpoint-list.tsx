import { KeyRound, type LucideIcon, ScrollText, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { type DeliveryStatus, eventLabelKey, type OutgoingWebhookItem } from '../../../../common/outgoing-webhooks';
import { api } from '../../../lib/api-client';
import { formatNumber, useClock } from '../../../lib/format';
import { useMutation } from '../../../lib/mutation';
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
  const clock = useClock();
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
                        <time dateTime={item.last.at}>{clock.time(item.last.at)}</time>
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
            <EndpointActions item={item} onSecret={onSecret} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * One endpoint action: a button that runs `action` (after a confirmation when `confirm` is given),
 * shows a toast when it fails, and leaves the busy state however it ends.
 */
function ActionButton({
  icon: Icon,
  mirrored = false,
  label,
  confirm,
  action,
}: {
  icon: LucideIcon;
  /** An icon that points along the reading direction (Send). */
  mirrored?: boolean;
  label: string;
  confirm?: { title: string; description: string; label: string };
  action: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { busy, run } = useMutation({
    call: action,
    done: () => setOpen(false),
    failure: { title: t('webhooks.failed'), fallback: t('webhooks.failed') },
    revalidate: false,
  });
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => (confirm ? setOpen(true) : run())} disabled={busy && !confirm}>
        <Icon aria-hidden className={`size-4 ${mirrored ? 'rtl:-scale-x-100' : ''}`} />
        {label}
      </Button>
      {confirm ? (
        <ConfirmDialog
          variant="danger"
          open={open}
          onOpenChange={setOpen}
          title={confirm.title}
          description={confirm.description}
          confirmLabel={confirm.label}
          cancelLabel={t('webhooks.cancel')}
          onConfirm={run}
          busy={busy}
        />
      ) : null}
    </>
  );
}

/** Send test event, New secret (confirmed; the secret shown once) and Delete (confirmed). */
function EndpointActions({
  item,
  onSecret,
}: {
  item: OutgoingWebhookItem;
  onSecret: (shown: { url: string; secret: string }) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  const params = { id: item.id };
  return (
    <>
      <ActionButton
        icon={Send}
        mirrored
        label={t('webhooks.test.open')}
        action={async () => {
          await api.outgoingWebhooks.test({ params, locale });
          toast({ title: t('webhooks.test.success'), color: 'success' });
          await revalidator.revalidate();
        }}
      />
      <ActionButton
        icon={KeyRound}
        label={t('webhooks.secret.rotate')}
        confirm={{
          title: t('webhooks.secret.rotateTitle'),
          description: t('webhooks.secret.rotateDescription'),
          label: t('webhooks.secret.rotateConfirm'),
        }}
        action={async () => {
          const { secret } = await api.outgoingWebhooks.newSecret<{ secret: string }>({ params, locale });
          onSecret({ url: item.url, secret });
        }}
      />
      <ActionButton
        icon={Trash2}
        label={t('webhooks.delete.open')}
        confirm={{
          title: t('webhooks.delete.title'),
          description: t('webhooks.delete.description', { url: isolate(item.url) }),
          label: t('webhooks.delete.confirm'),
        }}
        action={async () => {
          await api.outgoingWebhooks.delete({ params, locale });
          toast({ title: t('webhooks.delete.success'), description: item.url, color: 'success' });
          await revalidator.revalidate();
        }}
      />
    </>
  );
}

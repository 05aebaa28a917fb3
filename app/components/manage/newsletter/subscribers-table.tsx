import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { localeNames } from '../../../../common/locales';
import type { SubscriberItem, SubscriberStatus } from '../../../../common/newsletter';
import { ApiRequestError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Badge } from '../../ui/badge';
import { ConfirmDialog } from '../../ui/dialog';
import { IconButton } from '../../ui/icon-button';
import { toast } from '../../ui/toast';

const statusTone: Record<SubscriberStatus, 'success' | 'warning' | 'neutral'> = {
  subscribed: 'success',
  pending: 'warning',
  unsubscribed: 'neutral',
};

/** One page of subscribers: address, status, language, date, and delete (after confirmation) for those allowed. */
export function SubscribersTable({ items, canDelete }: { items: SubscriberItem[]; canDelete: boolean }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  return (
    <>
      {/* Phones: one card per subscriber; a table would squeeze the addresses into slivers. */}
      <ul className="divide-y divide-border rounded-lg border border-border sm:hidden">
        {items.map((item) => (
          <li key={item.id} className="flex items-start justify-between gap-3 p-3" data-testid="subscriber-card">
            <div className="min-w-0 space-y-1">
              <bdi dir="ltr" className="block break-all text-sm font-medium">
                {item.email}
              </bdi>
              <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
                <Badge tone={statusTone[item.status]}>{t(`newsletter.manage.status.${item.status}`)}</Badge>
                <span lang={item.locale}>{localeNames[item.locale]}</span>
                <time dateTime={item.createdAt}>{formatDate(locale, item.createdAt)}</time>
              </div>
            </div>
            {canDelete ? <DeleteSubscriberButton item={item} /> : null}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border border-border sm:block">
        <table className="w-full text-sm">
          <thead className="bg-muted/60 text-start text-fg-muted">
            <tr>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {t('newsletter.manage.columns.email')}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {t('newsletter.manage.columns.status')}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {t('newsletter.manage.columns.locale')}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {t('newsletter.manage.columns.date')}
              </th>
              {canDelete ? (
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  <span className="sr-only">{t('newsletter.manage.columns.actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {items.map((item) => (
              <tr key={item.id} data-testid="subscriber-row">
                <td className="px-3 py-2">
                  <bdi dir="ltr" className="break-all">
                    {item.email}
                  </bdi>
                </td>
                <td className="px-3 py-2">
                  <Badge tone={statusTone[item.status]}>{t(`newsletter.manage.status.${item.status}`)}</Badge>
                </td>
                <td className="px-3 py-2" lang={item.locale}>
                  {localeNames[item.locale]}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-fg-muted">
                  <time dateTime={item.createdAt}>{formatDate(locale, item.createdAt)}</time>
                </td>
                {canDelete ? (
                  <td className="px-3 py-2 text-end">
                    <DeleteSubscriberButton item={item} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function DeleteSubscriberButton({ item }: { item: SubscriberItem }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await api.newsletter.deleteSubscriber({ params: { id: item.id }, locale });
      setOpen(false);
      toast({ title: t('newsletter.manage.delete.success'), description: item.email, color: 'success' });
      await revalidator.revalidate();
    } catch (error) {
      toast({
        title: t('newsletter.manage.delete.failed'),
        description: error instanceof ApiRequestError ? error.failure.message : t('newsletter.form.failed'),
        color: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  const label = t('newsletter.manage.delete.open', { email: item.email });
  return (
    <>
      <IconButton variant="outline" onClick={() => setOpen(true)} label={label}>
        <Trash2 aria-hidden className="size-4" />
      </IconButton>
      <ConfirmDialog
        variant="danger"
        open={open}
        onOpenChange={setOpen}
        title={t('newsletter.manage.delete.title')}
        description={t('newsletter.manage.delete.description', { email: item.email })}
        confirmLabel={t('newsletter.manage.delete.confirm')}
        cancelLabel={t('newsletter.manage.delete.cancel')}
        onConfirm={remove}
        busy={busy}
      />
    </>
  );
}

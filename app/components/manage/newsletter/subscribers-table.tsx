import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeNames } from '../../../../common/locales';
import type { SubscriberItem, SubscriberStatus } from '../../../../common/newsletter';
import { api } from '../../../lib/api-client';
import { useClock } from '../../../lib/format';
import { useMutation } from '../../../lib/mutation';
import { useRootData } from '../../../lib/root-data';
import { Badge } from '../../ui/badge';
import { ConfirmDialog } from '../../ui/dialog';
import { IconButton } from '../../ui/icon-button';
import { type DataColumn, DataTable, type DataTableProps } from '../data-table';

const statusTone: Record<SubscriberStatus, 'success' | 'warning' | 'neutral'> = {
  subscribed: 'success',
  pending: 'warning',
  unsubscribed: 'neutral',
};

/**
 * One page of subscribers: address, status, language, date, and delete (after confirmation) for
 * those allowed. On phones each subscriber is a card: a table would squeeze the addresses into slivers.
 */
export function SubscribersTable({
  items,
  canDelete,
  empty,
  loading,
  pagination,
}: { items: SubscriberItem[]; canDelete: boolean } & Pick<DataTableProps<SubscriberItem>, 'empty' | 'loading' | 'pagination'>) {
  const { t } = useTranslation();
  const clock = useClock();
  const columns: DataColumn<SubscriberItem>[] = [
    {
      id: 'email',
      header: t('newsletter.manage.columns.email'),
      cell: (item) => (
        <bdi dir="ltr" className="break-all font-medium">
          {item.email}
        </bdi>
      ),
    },
    {
      id: 'status',
      header: t('newsletter.manage.columns.status'),
      cell: (item) => <Badge tone={statusTone[item.status]}>{t(`newsletter.manage.status.${item.status}`)}</Badge>,
    },
    {
      id: 'locale',
      header: t('newsletter.manage.columns.locale'),
      cell: (item) => <span lang={item.locale}>{localeNames[item.locale]}</span>,
    },
    {
      id: 'date',
      header: t('newsletter.manage.columns.date'),
      className: 'whitespace-nowrap text-fg-muted',
      cell: (item) => <time dateTime={item.createdAt}>{clock.time(item.createdAt, 'date')}</time>,
    },
    ...(canDelete
      ? [
          {
            id: 'actions',
            header: t('newsletter.manage.columns.actions'),
            hideHeader: true,
            align: 'end',
            cell: (item) => <DeleteSubscriberButton item={item} />,
          } satisfies DataColumn<SubscriberItem>,
        ]
      : []),
  ];
  return (
    <DataTable
      label={t('newsletter.manage.subscribers')}
      columns={columns}
      rows={items}
      rowKey={(item) => String(item.id)}
      rowData={() => ({ 'data-testid': 'subscriber-row' })}
      phone="cards"
      empty={empty}
      loading={loading}
      pagination={pagination}
    />
  );
}

function DeleteSubscriberButton({ item }: { item: SubscriberItem }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    call: () => api.newsletter.deleteSubscriber({ params: { id: item.id }, locale }),
    done: () => setOpen(false),
    success: { title: t('newsletter.manage.delete.success'), description: item.email, color: 'success' },
    failure: { title: t('newsletter.manage.delete.failed'), fallback: t('newsletter.form.failed') },
  });

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
        onConfirm={remove.run}
        busy={remove.busy}
      />
    </>
  );
}

import { ExternalLink, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isExternalRedirect, type RedirectItem } from '../../../../common/redirects';
import { api } from '../../../lib/api-client';
import { useClock } from '../../../lib/format';
import { useMutation } from '../../../lib/mutation';
import { useRootData } from '../../../lib/root-data';
import { Badge } from '../../ui/badge';
import { ConfirmDialog } from '../../ui/dialog';
import { IconButton } from '../../ui/icon-button';
import { type DataColumn, DataTable, type DataTableProps } from '../data-table';
import { RedirectDialog } from './redirect-dialog';

const originTone = { move: 'info', import: 'neutral', manual: 'success' } as const;

/** A path or address as typed: left to right inside Persian text, breaking anywhere rather than widening the page. */
export function Address({ value }: { value: string }) {
  return (
    <bdi dir="ltr" className="break-all font-mono text-xs">
      {value}
    </bdi>
  );
}

/**
 * One page of redirects: source, target (an address off the site marked so), status, who made it
 * (a move, an import, by hand), when last changed, and edit and delete (after confirmation).
 * On phones each redirect is a card.
 */
export function RedirectsTable({
  items,
  empty,
  loading,
  pagination,
}: { items: RedirectItem[] } & Pick<DataTableProps<RedirectItem>, 'empty' | 'loading' | 'pagination'>) {
  const { t } = useTranslation();
  const clock = useClock();
  const columns: DataColumn<RedirectItem>[] = [
    { id: 'from', header: t('redirects.columns.from'), cell: (item) => <Address value={item.from} /> },
    {
      id: 'to',
      header: t('redirects.columns.to'),
      cell: (item) => (
        <span className="inline-flex items-center gap-1">
          <Address value={item.to} />
          {isExternalRedirect(item.to) ? (
            <ExternalLink aria-label={t('redirects.external')} className="size-3.5 shrink-0 text-fg-muted" />
          ) : null}
        </span>
      ),
    },
    {
      id: 'status',
      header: t('redirects.columns.status'),
      cell: (item) => (
        <span title={t(`redirects.status.${item.status}`)}>
          <Badge tone={item.status === 301 ? 'neutral' : 'warning'}>{t(`redirects.statusShort.${item.status}`)}</Badge>
        </span>
      ),
    },
    {
      id: 'origin',
      header: t('redirects.columns.origin'),
      wideOnly: true,
      cell: (item) => <Badge tone={originTone[item.origin]}>{t(`redirects.origin.${item.origin}`)}</Badge>,
    },
    {
      id: 'updated',
      header: t('redirects.columns.updated'),
      className: 'whitespace-nowrap text-fg-muted',
      wideOnly: true,
      cell: (item) => <time dateTime={item.updatedAt}>{clock.time(item.updatedAt, 'date')}</time>,
    },
    {
      id: 'actions',
      header: t('redirects.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (item) => (
        <div className="flex justify-end gap-2">
          <RedirectDialog redirect={item} />
          <DeleteRedirectButton item={item} />
        </div>
      ),
    },
  ];
  return (
    <DataTable
      label={t('redirects.tabs.list')}
      columns={columns}
      rows={items}
      rowKey={(item) => String(item.id)}
      rowData={(item) => ({ 'data-testid': 'redirect-row', 'data-from': item.from })}
      phone="cards"
      empty={empty}
      loading={loading}
      pagination={pagination}
    />
  );
}

function DeleteRedirectButton({ item }: { item: RedirectItem }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    call: () => api.redirects.delete({ params: { id: item.id }, locale }),
    done: () => setOpen(false),
    success: { title: t('redirects.delete.success'), description: item.from, color: 'success' },
    failure: { title: t('redirects.delete.failed'), fallback: t('redirects.failed') },
  });

  return (
    <>
      <IconButton variant="outline" onClick={() => setOpen(true)} label={t('redirects.delete.open', { from: item.from })}>
        <Trash2 aria-hidden className="size-4" />
      </IconButton>
      <ConfirmDialog
        variant="danger"
        open={open}
        onOpenChange={setOpen}
        title={t('redirects.delete.title')}
        description={t('redirects.delete.description', { from: item.from, to: item.to })}
        confirmLabel={t('redirects.delete.confirm')}
        cancelLabel={t('redirects.cancel')}
        onConfirm={remove.run}
        busy={remove.busy}
      />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import type { NotFoundItem } from '../../../../common/redirects';
import { formatNumber, useClock } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { type DataColumn, DataTable, type DataTableProps } from '../data-table';
import { RedirectDialog } from './redirect-dialog';
import { Address } from './redirects-table';

/**
 * One page of the 404 log: the path, how often people and bots asked for it in the last 30 days,
 * when last, and "add a redirect" (not for the site's own addresses, which no redirect may take).
 */
export function NotFoundTable({
  items,
  empty,
  loading,
  pagination,
}: { items: NotFoundItem[] } & Pick<DataTableProps<NotFoundItem>, 'empty' | 'loading' | 'pagination'>) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const columns: DataColumn<NotFoundItem>[] = [
    { id: 'path', header: t('redirects.notFound.columns.path'), cell: (item) => <Address value={item.path} /> },
    {
      id: 'people',
      header: t('redirects.notFound.columns.people'),
      className: 'whitespace-nowrap tabular-nums',
      cell: (item) => formatNumber(locale, item.people),
    },
    {
      id: 'bots',
      header: t('redirects.notFound.columns.bots'),
      className: 'whitespace-nowrap tabular-nums text-fg-muted',
      cell: (item) => formatNumber(locale, item.bots),
    },
    {
      id: 'last',
      header: t('redirects.notFound.columns.last'),
      className: 'whitespace-nowrap text-fg-muted',
      cell: (item) => <time dateTime={item.lastAt}>{clock.time(item.lastAt)}</time>,
    },
    {
      id: 'actions',
      header: t('redirects.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (item) =>
        item.redirectable ? (
          <RedirectDialog from={item.path} />
        ) : (
          <span className="text-xs text-fg-muted">{t('redirects.notFound.siteRoute')}</span>
        ),
    },
  ];
  return (
    <DataTable
      label={t('redirects.tabs.notFound')}
      columns={columns}
      rows={items}
      rowKey={(item) => item.path}
      rowData={(item) => ({ 'data-testid': 'not-found-row', 'data-path': item.path })}
      phone="cards"
      empty={empty}
      loading={loading}
      pagination={pagination}
    />
  );
}

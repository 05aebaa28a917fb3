import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { History, Languages } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageListItem } from '../../../../common/authoring';
import { localeNames, otherLocale } from '../../../../common/locales';
import { categoryName } from '../../../../common/site-settings';
import { formatDate } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { DeletePageButton } from './delete-page-button';
import { MovePageDialog } from './move-page-dialog';
import { OutdatedBadge } from './outdated-badge';
import { editorPath, historyPath, publicPath } from './page-path';
import { PendingBadge } from './pending-badge';
import { TranslatePageDialog } from './translate-page-dialog';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, PageListItem>();

/**
 * One page of the pages list (the server pages and filters; the table lays the rows out). Each
 * row: title (to the editor), path, category, date, draft and pending badges, the translation,
 * and move / delete for those who may edit.
 */
export function PagesTable({ items, canEdit }: { items: PageListItem[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const { locale: uiLocale, site } = useRootData();

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('title', {
          header: () => t('pages.columns.title'),
          cell: ({ row: { original: page } }) =>
            canEdit && page.pending !== 'delete' ? (
              <Link to={editorPath(uiLocale, page)} dir="auto" className="font-medium text-primary-strong hover:underline">
                {page.title}
              </Link>
            ) : (
              <span dir="auto" className="font-medium">
                {page.title}
              </span>
            ),
        }),
        column.accessor('path', {
          header: () => t('pages.columns.path'),
          cell: ({ row: { original: page } }) =>
            page.pending === 'create' || page.pending === 'delete' ? (
              <bdi dir="ltr" className="break-words text-sm">
                {page.path}
              </bdi>
            ) : (
              <a href={publicPath(page)} className="break-words text-sm hover:underline">
                <bdi dir="ltr">{page.path}</bdi>
              </a>
            ),
        }),
        column.accessor('cat', {
          header: () => t('pages.columns.category'),
          cell: ({ getValue }) => {
            const cat = getValue();
            return cat ? categoryName(site, uiLocale, cat) : <span className="text-fg-muted">—</span>;
          },
        }),
        column.accessor('date', {
          header: () => t('pages.columns.date'),
          cell: ({ getValue }) => {
            const date = getValue();
            return date ? (
              <time dateTime={date} className="whitespace-nowrap">
                {formatDate(uiLocale, date, { dateStyle: 'medium' })}
              </time>
            ) : (
              <span className="text-fg-muted">—</span>
            );
          },
        }),
        column.display({
          id: 'status',
          header: () => t('pages.columns.status'),
          cell: ({ row: { original: page } }) => (
            <div className="flex flex-wrap gap-1">
              {page.draft ? <Badge>{t('pages.draft')}</Badge> : null}
              {page.pending ? <PendingBadge kind={page.pending} /> : null}
              {!page.draft && !page.pending ? <span className="text-fg-muted text-sm">{t('pages.published')}</span> : null}
              {page.outdated ? <OutdatedBadge since={page.outdated} /> : null}
            </div>
          ),
        }),
        column.display({
          id: 'translation',
          header: () => t('pages.columns.translation'),
          cell: ({ row: { original: page } }) => {
            const other = otherLocale(page.locale);
            if (page.translation)
              return canEdit ? (
                <Link
                  to={editorPath(uiLocale, page.translation)}
                  className="inline-flex items-center gap-1 text-sm hover:underline"
                >
                  <Languages aria-hidden className="size-4" />
                  {localeNames[other]}
                </Link>
              ) : (
                <span className="text-sm">{localeNames[other]}</span>
              );
            return canEdit && page.pending !== 'delete' ? (
              <TranslatePageDialog page={page} />
            ) : (
              <span className="text-sm text-fg-muted">{t('pages.missing', { language: localeNames[other] })}</span>
            );
          },
        }),
        ...(canEdit
          ? [
              column.display({
                id: 'actions',
                header: () => <span className="sr-only">{t('pages.columns.actions')}</span>,
                cell: ({ row: { original: page } }) =>
                  page.pending === 'delete' ? null : (
                    <div className="flex justify-end gap-2">
                      <Button asChild variant="outline" size="sm">
                        <Link to={historyPath(uiLocale, page)} title={t('history.open')}>
                          <History aria-hidden className="size-4" />
                          <span className="sr-only">{t('history.open')}</span>
                        </Link>
                      </Button>
                      <MovePageDialog page={page} />
                      <DeletePageButton page={page} />
                    </div>
                  ),
              }),
            ]
          : []),
      ]),
    [t, uiLocale, site, canEdit],
  );
  const table = useTable({ features, columns, data: items, getRowId: (page) => `${page.locale}/${page.path}` });

  return (
    <div className="relative overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-start text-sm">
        <thead className="bg-muted/60">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="whitespace-nowrap px-3 py-2 text-start font-semibold">
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-page={row.id} className="border-t border-border align-middle hover:bg-muted/30">
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

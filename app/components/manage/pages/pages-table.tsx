import { History, Languages } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageListItem } from '../../../../common/authoring';
import { localeNames, otherLocale } from '../../../../common/locales';
import { categoryName } from '../../../../common/site-settings';
import { formatDate } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { LtrName } from '../../ui/ltr-name';
import { type DataColumn, DataTable, type DataTableProps } from '../data-table';
import { BulkActions } from './bulk-actions';
import { DeletePageButton } from './delete-page-button';
import { MovePageDialog } from './move-page-dialog';
import { OutdatedBadge } from './outdated-badge';
import { editorPath, historyPath, publicPath } from './page-path';
import { PendingBadge } from './pending-badge';
import { ScheduleBadge } from './schedule-badge';
import { TranslatePageDialog } from './translate-page-dialog';

const keyOf = (page: PageListItem) => `${page.locale}/${page.path}`;

/**
 * One page of the pages list (the server pages and filters; the table lays the rows out). Each
 * row: title (to the editor), path, category, date, draft and pending badges, the translation,
 * and move / delete for those who may edit; those who may edit also choose rows for a bulk action.
 */
export function PagesTable({
  items,
  canEdit,
  empty,
  pagination,
}: { items: PageListItem[]; canEdit: boolean } & Pick<DataTableProps<PageListItem>, 'empty' | 'pagination'>) {
  const { t } = useTranslation();
  const { locale: uiLocale, site } = useRootData();
  // Rows chosen for a bulk action (bulk-actions.tsx), by `locale/path`; a new page of the list starts empty.
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [chosenIn, setChosenIn] = useState(items);
  if (chosenIn !== items) {
    setChosenIn(items);
    setChosen(new Set());
  }

  const columns: DataColumn<PageListItem>[] = [
    {
      id: 'title',
      header: t('pages.columns.title'),
      cell: (page) =>
        canEdit && page.pending !== 'delete' ? (
          <Link to={editorPath(uiLocale, page)} dir="auto" className="font-medium text-primary-strong hover:underline">
            {page.title}
          </Link>
        ) : (
          <span dir="auto" className="font-medium">
            {page.title}
          </span>
        ),
    },
    {
      id: 'path',
      header: t('pages.columns.path'),
      cell: (page) =>
        page.pending === 'create' || page.pending === 'delete' ? (
          <LtrName value={page.path} className="break-words text-sm" />
        ) : (
          <a href={publicPath(page)} className="break-words text-sm hover:underline">
            <LtrName value={page.path} />
          </a>
        ),
    },
    {
      id: 'category',
      header: t('pages.columns.category'),
      cell: (page) => (page.cat ? categoryName(site, uiLocale, page.cat) : <span className="text-fg-muted">—</span>),
    },
    {
      id: 'date',
      header: t('pages.columns.date'),
      cell: (page) =>
        page.date ? (
          <time dateTime={page.date} className="whitespace-nowrap">
            {formatDate(uiLocale, page.date, { dateStyle: 'medium' })}
          </time>
        ) : (
          <span className="text-fg-muted">—</span>
        ),
    },
    {
      id: 'status',
      header: t('pages.columns.status'),
      cell: (page) => (
        <div className="flex flex-wrap gap-1">
          {page.draft ? <Badge>{t('pages.draft')}</Badge> : null}
          {page.pending ? <PendingBadge kind={page.pending} /> : null}
          {!page.draft && !page.pending ? <span className="text-fg-muted text-sm">{t('pages.published')}</span> : null}
          {page.outdated ? <OutdatedBadge since={page.outdated} /> : null}
          {page.schedule ? <ScheduleBadge schedule={page.schedule} /> : null}
        </div>
      ),
    },
    {
      id: 'translation',
      header: t('pages.columns.translation'),
      cell: (page) => {
        const other = otherLocale(page.locale);
        if (page.translation)
          return canEdit ? (
            <Link to={editorPath(uiLocale, page.translation)} className="inline-flex items-center gap-1 text-sm hover:underline">
              <Languages aria-hidden className="size-4" />
              {localeNames[other]}
            </Link>
          ) : (
            <span className="text-sm">{localeNames[other]}</span>
          );
        return canEdit && page.pending !== 'delete' ? (
          <TranslatePageDialog page={page} />
        ) : (
          <span className="text-sm text-fg-muted">{t('pages.missing', { language: t(`overview.languages.${other}`) })}</span>
        );
      },
    },
    ...(canEdit
      ? [
          {
            id: 'actions',
            header: t('pages.columns.actions'),
            hideHeader: true,
            align: 'end',
            cell: (page) =>
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
          } satisfies DataColumn<PageListItem>,
        ]
      : []),
  ];

  const selected = items.filter((page) => chosen.has(keyOf(page))).map(({ locale, path }) => ({ locale, path }));
  return (
    <>
      {canEdit ? <BulkActions selected={selected} onClear={() => setChosen(new Set())} /> : null}
      <DataTable
        label={t('manage.sections.pages')}
        columns={columns}
        rows={items}
        rowKey={keyOf}
        phone="cards"
        rowData={(page) => ({ 'data-page': keyOf(page) })}
        selection={
          canEdit
            ? {
                chosen,
                onChange: setChosen,
                selectable: (page) => page.pending !== 'delete',
                rowLabel: (page) => t('pages.bulk.selectRow', { title: page.title }),
                allLabel: t('pages.bulk.selectAll'),
              }
            : undefined
        }
        empty={empty}
        pagination={pagination}
      />
    </>
  );
}

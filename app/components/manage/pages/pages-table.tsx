import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { History, Languages } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageListItem } from '../../../../common/authoring';
import { localeNames, otherLocale } from '../../../../common/locales';
import { categoryName } from '../../../../common/site-settings';
import { formatDate } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { BulkActions } from './bulk-actions';
import { DeletePageButton } from './delete-page-button';
import { MovePageDialog } from './move-page-dialog';
import { OutdatedBadge } from './outdated-badge';
import { editorPath, historyPath, publicPath } from './page-path';
import { PendingBadge } from './pending-badge';
import { TranslatePageDialog } from './translate-page-dialog';

const features = tableFeatures({});
const keyOf = (page: PageListItem) => `${page.locale}/${page.path}`;
function withKey(set: ReadonlySet<string>, key: string, on: boolean): ReadonlySet<string> {
  const next = new Set(set);
  if (on) next.add(key);
  else next.delete(key);
  return next;
}
const column = createColumnHelper<typeof features, PageListItem>();

/**
 * One page of the pages list (the server pages and filters; the table lays the rows out). Each
 * row: title (to the editor), path, category, date, draft and pending badges, the translation,
 * and move / delete for those who may edit.
 */
export function PagesTable({ items, canEdit }: { items: PageListItem[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const { locale: uiLocale, site } = useRootData();
  // Rows chosen for a bulk action (bulk-actions.tsx), by `locale/path`; a new page of the list starts empty.
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [chosenIn, setChosenIn] = useState(items);
  if (chosenIn !== items) {
    setChosenIn(items);
    setChosen(new Set());
  }
  const selectable = items.filter((page) => page.pending !== 'delete');
  const all = selectable.length > 0 && selectable.every((page) => chosen.has(keyOf(page)));
  const some = !all && selectable.some((page) => chosen.has(keyOf(page)));
  const toggleAll = (on: boolean) => setChosen(on ? new Set(selectable.map(keyOf)) : new Set());

  const columns = useMemo(
    () =>
      column.columns([
        ...(canEdit
          ? [
              column.display({
                id: 'select',
                header: () => null,
                cell: ({ row: { original: page } }) =>
                  page.pending === 'delete' ? null : (
                    <input
                      type="checkbox"
                      className="size-4 accent-[var(--color-secondary)]"
                      aria-label={t('pages.bulk.selectRow', { title: page.title })}
                      checked={chosen.has(keyOf(page))}
                      onChange={(event) => setChosen((before) => withKey(before, keyOf(page), event.target.checked))}
                    />
                  ),
              }),
            ]
          : []),
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
    [t, uiLocale, site, canEdit, chosen],
  );
  const table = useTable({ features, columns, data: items, getRowId: (page) => `${page.locale}/${page.path}` });

  const selected = items.filter((page) => chosen.has(keyOf(page))).map(({ locale, path }) => ({ locale, path }));
  return (
    <>
      {canEdit ? <BulkActions selected={selected} onClear={() => setChosen(new Set())} /> : null}
      <div className="relative overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-start text-sm">
          <thead className="bg-muted/60">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="whitespace-nowrap px-3 py-2 text-start font-semibold">
                    {header.id === 'select' ? (
                      <SelectAll all={all} some={some} disabled={!selectable.length} onChange={toggleAll} />
                    ) : header.isPlaceholder ? null : (
                      <table.FlexRender header={header} />
                    )}
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
    </>
  );
}

/** The header box: every selectable row of this page of the list; "mixed" when only some are chosen. */
function SelectAll({
  all,
  some,
  disabled,
  onChange,
}: {
  all: boolean;
  some: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={box}
      type="checkbox"
      className="size-4 accent-[var(--color-secondary)]"
      aria-label={t('pages.bulk.selectAll')}
      checked={all}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

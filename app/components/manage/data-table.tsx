import { Loader2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import type { Locale } from '../../../common/locales';
import { ListPagination } from './list-pagination';

/**
 * One column of a DataTable. `header` is what the column head shows (a string, or an sr-only
 * name for an actions column: `hideHeader`); `cell` renders one row's value.
 */
export type DataColumn<Row> = {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The head shows nothing to the eye (an actions column); screen readers still read `header`. */
  hideHeader?: boolean;
  /** `end` for an actions column: its cell sits at the row's end (the left in Persian). */
  align?: 'start' | 'end';
  /** Extra classes for the column's head and cells (e.g. `whitespace-nowrap`, `min-w-48`). */
  className?: string;
  /** Left out below `md` (768 px) in the scrolling table, to bring the actions closer. */
  wideOnly?: boolean;
};

/** Rows chosen for a bulk action, by key; rows `selectable` refuses have no box. */
export type DataSelection<Row> = {
  chosen: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
  selectable: (row: Row) => boolean;
  /** The accessible name of a row's box ("Choose «About»"), and of the head's box. */
  rowLabel: (row: Row) => string;
  allLabel: string;
};

const cellPad = 'px-3 py-2';
const boxClass = 'size-4 accent-[var(--color-secondary)]';

/**
 * The dashboard's one table (issue 29 item 4): columns, the empty state, a loading state
 * (dimmed, `aria-busy`, a spinner when `loading` is given), row selection with a select-all box
 * ("mixed" when only some), and `?page=` pagination. On phones (below 640 px) `phone="cards"`
 * stacks each row as a card (each value after its column's name, in the page's direction) and
 * `phone="scroll"` keeps the table, scrolling sideways inside its frame; neither widens the page.
 * Sorting: no dashboard list sorts in the browser today (the server orders each list).
 */
export type DataTableProps<Row> = {
  columns: DataColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** `data-*` attributes of a row (tests and styles find rows by them), e.g. `{ 'data-user': name }`. */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  loading?: boolean;
  /** Said (and shown beside a spinner) while loading. */
  loadingLabel?: string;
  selection?: DataSelection<Row>;
  pagination?: { page: number; pages: number; search: URLSearchParams; locale: Locale; label: string };
  phone?: 'cards' | 'scroll';
  /** The table's accessible name. */
  label: string;
};

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowData,
  empty,
  loading,
  loadingLabel,
  selection,
  pagination,
  phone = 'scroll',
  label,
}: DataTableProps<Row>) {
  const cards = phone === 'cards';
  const selectable = selection ? rows.filter(selection.selectable) : [];
  const all = selectable.length > 0 && selectable.every((row) => selection?.chosen.has(rowKey(row)));
  const some = !all && selectable.some((row) => selection?.chosen.has(rowKey(row)));
  const toggle = (key: string, on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.chosen);
    if (on) next.add(key);
    else next.delete(key);
    selection.onChange(next);
  };

  // Phones with cards: the table's parts become blocks, a row a bordered card, a cell a line with
  // its column's name before the value (data-label); the head stays for screen readers only.
  const table = cards ? 'max-sm:block' : '';
  const head = cards ? 'max-sm:sr-only' : '';
  const body = cards ? 'max-sm:block max-sm:space-y-3 max-sm:p-3' : '';
  const row = cards ? 'max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-border max-sm:p-3' : '';
  const cell = (column?: DataColumn<Row>) =>
    [
      cellPad,
      column?.align === 'end' ? 'text-end' : '',
      column?.className ?? '',
      column?.wideOnly && !cards ? 'hidden md:table-cell' : '',
      cards
        ? column?.align === 'end' || column?.hideHeader
          ? 'max-sm:flex max-sm:justify-end max-sm:px-0 max-sm:pt-2'
          : 'max-sm:flex max-sm:flex-wrap max-sm:items-baseline max-sm:gap-x-2 max-sm:px-0 max-sm:py-1 max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-fg-muted max-sm:before:content-[attr(data-label)]'
        : '',
    ]
      .filter(Boolean)
      .join(' ');

  return (
    <div className={`transition-opacity ${loading ? 'opacity-60' : ''}`} aria-busy={loading || undefined}>
      {loading && loadingLabel ? (
        <p className="mb-3 flex items-center gap-2 text-sm text-fg-muted" aria-live="polite">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          {loadingLabel}
        </p>
      ) : null}
      {rows.length ? (
        <div className={`relative overflow-x-auto rounded-lg border border-border ${cards ? 'max-sm:overflow-visible' : ''}`}>
          <table aria-label={label} className={`w-full text-start text-sm ${table}`}>
            <thead className={`bg-muted/60 ${head}`}>
              <tr>
                {selection ? (
                  <th scope="col" className={cellPad}>
                    <SelectAll
                      all={all}
                      some={some}
                      disabled={!selectable.length}
                      label={selection.allLabel}
                      onChange={(on) => selection.onChange(on ? new Set(selectable.map(rowKey)) : new Set())}
                    />
                  </th>
                ) : null}
                {columns.map((column) => (
                  <th
                    key={column.id}
                    scope="col"
                    className={`whitespace-nowrap font-semibold ${cell(column).replace(/max-sm:\S+/g, '')} ${column.align === 'end' ? '' : 'text-start'}`}
                  >
                    {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={body}>
              {rows.map((item) => {
                const key = rowKey(item);
                return (
                  <tr key={key} {...rowData?.(item)} className={`border-t border-border align-middle hover:bg-muted/30 ${row}`}>
                    {selection ? (
                      <td className={`${cellPad} ${cards ? 'max-sm:float-end max-sm:p-0' : ''}`}>
                        {selection.selectable(item) ? (
                          <input
                            type="checkbox"
                            className={boxClass}
                            aria-label={selection.rowLabel(item)}
                            checked={selection.chosen.has(key)}
                            onChange={(event) => toggle(key, event.target.checked)}
                          />
                        ) : null}
                      </td>
                    ) : null}
                    {columns.map((column) => (
                      <td key={column.id} data-label={column.hideHeader ? undefined : column.header} className={cell(column)}>
                        {column.cell(item)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        empty
      )}
      {pagination && (pagination.pages > 1 || pagination.page > 1) ? <ListPagination {...pagination} /> : null}
    </div>
  );
}

/** The head's box: every selectable row of this page of the list; "mixed" when only some are chosen. */
function SelectAll({
  all,
  some,
  disabled,
  label,
  onChange,
}: {
  all: boolean;
  some: boolean;
  disabled: boolean;
  label: string;
  onChange: (on: boolean) => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={box}
      type="checkbox"
      className={boxClass}
      aria-label={label}
      checked={all}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

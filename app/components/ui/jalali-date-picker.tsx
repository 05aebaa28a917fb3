import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addDays,
  addJalaliMonths,
  fromJalali,
  isoToDays,
  jalaliMonthGrid,
  jalaliMonthLength,
  toJalali,
} from '../../../common/jalali';
import { formatDate, formatNumber } from '../../lib/format';
import { Tip } from './icon-button';

type Props = {
  id?: string;
  /** ISO `YYYY-MM-DD` (Gregorian), or '' for no date. */
  value: string;
  onChange: (next: string | undefined) => void;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

const WEEKDAYS = ['sat', 'sun', 'mon', 'tue', 'wed', 'thu', 'fri'] as const;

const pad = (value: number) => String(value).padStart(2, '0');
/** Today on the writer's own clock, as ISO. */
function todayIso() {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const fa = (iso: string, options?: Intl.DateTimeFormatOptions) => formatDate('fa', iso, options);

/**
 * A date field in the Jalali calendar for Persian: a button showing the chosen day that opens a
 * month grid (weeks from Saturday). The value stays an ISO Gregorian date. Arrow keys move by day
 * and week (mirrored for right-to-left), Page Up/Down by month, Home/End to the week's ends,
 * Enter or Space picks, Escape closes.
 */
export function JalaliDatePicker({ id, value, onChange, ...aria }: Props) {
  const { t } = useTranslation();
  const valid = isoToDays(value) !== undefined;
  const [open, setOpen] = useState(false);
  /** The day that holds keyboard focus in the grid; its month is the month shown. */
  const [focused, setFocused] = useState(() => (valid ? value : todayIso()));
  const [month, setMonth] = useState(() => toJalali(focused));
  const grid = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!open || !moveFocus.current) return;
    const button = grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`);
    if (!button) return;
    moveFocus.current = false;
    button.focus();
  });

  const openChange = (next: boolean) => {
    if (next) {
      const start = valid ? value : todayIso();
      setFocused(start);
      setMonth(toJalali(start));
      moveFocus.current = true;
    }
    setOpen(next);
  };

  const focusDay = (iso: string) => {
    setFocused(iso);
    setMonth(toJalali(iso));
    moveFocus.current = true;
  };

  /** Shows another month; focus stays on the buttons, the grid's tab stop follows the month. */
  const showMonth = (delta: number) => {
    const next = addJalaliMonths(month.year, month.month, delta);
    const day = Math.min(toJalali(focused).day, jalaliMonthLength(next.year, next.month));
    setMonth({ ...next, day });
    setFocused(fromJalali({ ...next, day }));
  };

  const pick = (iso: string) => {
    onChange(iso);
    setOpen(false);
  };

  const onGridKey = (event: KeyboardEvent) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const { day } = toJalali(focused);
    const monthShift = (delta: number) => {
      const next = addJalaliMonths(month.year, month.month, delta);
      return fromJalali({ ...next, day: Math.min(day, jalaliMonthLength(next.year, next.month)) });
    };
    const column = (new Date(`${focused}T00:00:00Z`).getUTCDay() + 1) % 7;
    const moves: Record<string, () => string> = {
      ArrowRight: () => addDays(focused, rtl ? -1 : 1),
      ArrowLeft: () => addDays(focused, rtl ? 1 : -1),
      ArrowDown: () => addDays(focused, 7),
      ArrowUp: () => addDays(focused, -7),
      PageDown: () => monthShift(1),
      PageUp: () => monthShift(-1),
      Home: () => addDays(focused, -column),
      End: () => addDays(focused, 6 - column),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    focusDay(move());
  };

  const first = fromJalali({ year: month.year, month: month.month, day: 1 });
  // «آبان ۱۴۰۵», month first as Persian writes it (ICU's year-month pattern gives «۱۴۰۵ آبان», D23).
  const title = `${fa(first, { dateStyle: undefined, month: 'long' })} ${fa(first, { dateStyle: undefined, year: 'numeric' })}`;
  const today = todayIso();
  const weeks = jalaliMonthGrid(month.year, month.month);
  const focusedInMonth = weeks.flat().includes(focused);
  const navButton =
    'inline-flex size-8 items-center justify-center rounded-md text-fg-muted hover:bg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-secondary';

  return (
    <Popover.Root open={open} onOpenChange={openChange}>
      <Popover.Trigger
        id={id}
        type="button"
        data-testid="jalali-date-picker"
        data-value={value}
        {...aria}
        className="flex w-full items-center gap-2 rounded-md border border-border bg-surface px-3 py-2 text-start text-fg hover:bg-muted focus:border-secondary focus:outline-none aria-[invalid=true]:border-error"
      >
        <CalendarDays aria-hidden className="size-4 shrink-0 text-fg-muted" />
        <span className={valid ? '' : 'text-fg-muted'}>{valid ? fa(value) : t('editor.datePicker.none')}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          aria-label={t('editor.datePicker.dialog')}
          onOpenAutoFocus={(event) => {
            // Focus goes to the chosen day (or today), the grid's one tab stop.
            event.preventDefault();
            moveFocus.current = false;
            (event.currentTarget as HTMLElement | null)
              ?.querySelector<HTMLButtonElement>('button[data-day][tabindex="0"]')
              ?.focus();
          }}
          className="z-50 w-72 rounded-lg border border-border bg-surface p-3 text-fg shadow-lg"
        >
          <div className="mb-2 flex items-center justify-between gap-2">
            <Tip label={t('editor.datePicker.previousMonth')}>
              <button
                type="button"
                className={navButton}
                onClick={() => showMonth(-1)}
                aria-label={t('editor.datePicker.previousMonth')}
              >
                {/* "Back" points to the line's start: right in Persian. */}
                <ChevronLeft aria-hidden className="size-4 rtl:-scale-x-100" />
              </button>
            </Tip>
            <p className="font-semibold" aria-live="polite" data-testid="jalali-month">
              {title}
            </p>
            <Tip label={t('editor.datePicker.nextMonth')}>
              <button
                type="button"
                className={navButton}
                onClick={() => showMonth(1)}
                aria-label={t('editor.datePicker.nextMonth')}
              >
                <ChevronRight aria-hidden className="size-4 rtl:-scale-x-100" />
              </button>
            </Tip>
          </div>
          <table ref={grid} aria-label={title} className="w-full border-collapse text-center text-sm" onKeyDown={onGridKey}>
            <thead>
              <tr>
                {WEEKDAYS.map((day) => (
                  <th
                    key={day}
                    scope="col"
                    abbr={t(`editor.datePicker.weekdays.${day}`)}
                    className="pb-1 font-medium text-fg-muted"
                  >
                    <span aria-hidden>{t(`editor.datePicker.weekdaysShort.${day}`)}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.find(Boolean)}>
                  {WEEKDAYS.map((weekday, column) => {
                    const iso = week[column];
                    if (!iso) return <td key={weekday} />;
                    const selected = valid && iso === value;
                    const isToday = iso === today;
                    const tabbable = focusedInMonth ? iso === focused : iso === first;
                    return (
                      <td key={weekday} className="p-0.5">
                        <button
                          type="button"
                          data-day={iso}
                          tabIndex={tabbable ? 0 : -1}
                          aria-label={fa(iso)}
                          aria-pressed={selected}
                          aria-current={isToday ? 'date' : undefined}
                          onClick={() => pick(iso)}
                          onFocus={() => setFocused(iso)}
                          className={`inline-flex size-9 items-center justify-center rounded-md tabular-nums focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-secondary ${
                            selected
                              ? 'bg-primary-strong font-semibold text-white dark:text-neutral-950'
                              : isToday
                                ? 'font-semibold text-primary-strong ring-1 ring-primary-strong ring-inset hover:bg-muted'
                                : 'hover:bg-muted'
                          }`}
                        >
                          {formatNumber('fa', toJalali(iso).day)}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-2 flex items-center justify-between gap-2 border-t border-border pt-2 text-sm">
            <button type="button" className="rounded-md px-2 py-1 text-primary-strong hover:bg-muted" onClick={() => pick(today)}>
              {t('editor.datePicker.today')}
            </button>
            <button
              type="button"
              className="rounded-md px-2 py-1 text-fg-muted hover:bg-muted hover:text-fg disabled:opacity-50"
              disabled={!valid}
              onClick={() => {
                onChange(undefined);
                setOpen(false);
              }}
            >
              {t('editor.datePicker.clear')}
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

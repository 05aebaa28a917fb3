import { type ReactNode, useId } from 'react';
import type { Locale } from '../../../../common/locales';
import { formatNumber } from '../../../lib/format';

export type RankedItem = { key: string; label: ReactNode; detail?: ReactNode; value: number; valueLabel: string };

/**
 * A ranked list with a bar per row behind its text (top pages, referrers). The bar is
 * decoration: the number is written out, and the bars run from the start side in both directions.
 */
export function RankedList({
  title,
  items,
  empty,
  locale,
}: {
  title: string;
  items: RankedItem[];
  empty: string;
  locale: Locale;
}) {
  const max = Math.max(1, ...items.map((item) => item.value));
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-border p-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {items.length ? (
        <ol className="mt-3 space-y-1.5">
          {items.map((item) => (
            <li key={item.key} className="relative overflow-hidden rounded-md">
              <div
                aria-hidden
                className="absolute inset-y-0 start-0 rounded-md bg-secondary/15"
                style={{ width: `${(item.value / max) * 100}%` }}
              />
              <div className="relative flex items-center justify-between gap-3 px-2 py-1.5 text-sm">
                <div className="min-w-0">
                  <div className="truncate">{item.label}</div>
                  {item.detail ? <div className="truncate text-xs text-fg-muted">{item.detail}</div> : null}
                </div>
                <span className="shrink-0 tabular-nums" title={item.valueLabel}>
                  <span aria-hidden>{formatNumber(locale, item.value)}</span>
                  <span className="sr-only">{item.valueLabel}</span>
                </span>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-fg-muted">{empty}</p>
      )}
    </section>
  );
}

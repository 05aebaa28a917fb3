import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import type { AnalyticsReport } from '../../../../common/analytics';
import type { Locale } from '../../../../common/locales';
import { formatDate, formatNumber } from '../../../lib/format';

type Daily = AnalyticsReport['daily'];

/** Short day labels for the axis: Jalali with Persian digits in fa (Intl, app/lib/format.ts). */
const shortDay = (locale: Locale, date: string) =>
  formatDate(locale, date, { month: 'short', day: 'numeric', dateStyle: undefined });
const longDay = (locale: Locale, date: string) =>
  formatDate(locale, date, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', dateStyle: undefined });

/** At most `labels` labelled days, evenly spaced, the last day always labelled. */
function daySplits(count: number, labels: number) {
  const step = Math.max(1, Math.ceil(count / labels));
  const splits: number[] = [];
  for (let i = count - 1; i >= 0; i -= step) splits.unshift(i);
  return splits;
}

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

function chartOptions(
  locale: Locale,
  daily: Daily,
  width: number,
  labels: { visitors: string; views: string; date: string },
): uPlot.Options {
  const rtl = locale === 'fa';
  const muted = cssVar('--ui-fg-muted');
  const grid = cssVar('--ui-border');
  const font = '12px Vazirmatn, ui-sans-serif, system-ui, sans-serif';
  const axis = { stroke: muted, font, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  const count = (_: uPlot, value: number | null) => (value == null ? '–' : formatNumber(locale, value));
  return {
    width,
    height: 260,
    // Time reads from the start of the line: right to left in Persian, so the latest day is at the end.
    scales: {
      x: { time: false, dir: rtl ? -1 : 1, range: [-0.5, daily.length - 0.5] },
      y: { range: (_u, _min, max) => [0, Math.max(4, max * 1.15)] },
    },
    axes: [
      {
        ...axis,
        // Fewer labels on a phone, so the dates never overlap.
        splits: (u) => daySplits(daily.length, u.width < 560 ? 4 : 7),
        values: (_u, splits) => splits.map((i) => (daily[i] ? shortDay(locale, daily[i].date) : '')),
      },
      {
        ...axis,
        side: rtl ? 1 : 3,
        values: (_u, splits) => splits.map((value) => (Number.isInteger(value) ? formatNumber(locale, value) : '')),
        size: 48,
      },
    ],
    series: [
      { label: labels.date, value: (_u, i) => (i == null || !daily[i] ? '–' : longDay(locale, daily[i].date)) },
      { label: labels.visitors, stroke: cssVar('--ui-primary'), width: 2, points: { size: 6 }, value: count },
      { label: labels.views, stroke: cssVar('--ui-secondary'), width: 2, dash: [6, 4], points: { size: 6 }, value: count },
    ],
    cursor: { y: false, points: { size: 8 } },
    legend: { live: true },
  };
}

/**
 * Visitors and views per day. uPlot (~50 kB) is imported in the browser only when this chart
 * mounts, so no other page pays for it; the canvas is hidden from screen readers, which get the
 * summary and the table (also offered to everyone below the chart).
 */
export function VisitsChart({ locale, daily, summary }: { locale: Locale; daily: Daily; summary: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const labels = { visitors: t('overview.totals.visitors'), views: t('overview.totals.views'), date: t('overview.chart.date') };
  const labelsKey = JSON.stringify(labels);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | undefined;
    let cancelled = false;
    const texts = JSON.parse(labelsKey) as typeof labels;
    const data: uPlot.AlignedData = [daily.map((_, i) => i), daily.map((d) => d.visitors), daily.map((d) => d.views)];
    let UPlot: typeof uPlot | undefined;
    const draw = () => {
      if (!UPlot || cancelled) return;
      chart?.destroy();
      chart = new UPlot(chartOptions(locale, daily, Math.max(240, element.clientWidth), texts), data, element);
    };
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css'), import('./visits-chart.css')])
      .then(([module]) => {
        UPlot = module.default;
        draw();
        if (!cancelled) setState('ready');
      })
      .catch((error: unknown) => {
        console.warn('Loading the chart failed:', error);
        if (!cancelled) setState('failed');
      });
    // Follow the container's width and the theme (colours are read from the CSS variables).
    const resize = new ResizeObserver(() => chart?.setSize({ width: Math.max(240, element.clientWidth), height: 260 }));
    resize.observe(element);
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      cancelled = true;
      resize.disconnect();
      theme.disconnect();
      chart?.destroy();
    };
  }, [locale, daily, labelsKey]);

  return (
    <figure className="m-0">
      <figcaption className="sr-only">{summary}</figcaption>
      <div className="relative min-h-[300px]" aria-hidden="true">
        <div ref={box} className="overview-chart w-full" />
        {state === 'loading' ? <div className="absolute inset-0 animate-pulse rounded-md bg-muted/60" /> : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {state === 'loading' ? t('overview.chart.loading') : ''}
      </p>
      {state === 'failed' ? <p className="text-sm text-fg-muted">{t('overview.chart.failed')}</p> : null}
    </figure>
  );
}

/** The chart's numbers as a table: for screen readers and anyone who prefers figures. */
export function VisitsTable({ locale, daily }: { locale: Locale; daily: Daily }) {
  const { t } = useTranslation();
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-fg-muted hover:text-fg">{t('overview.chart.table')}</summary>
      <div className="mt-2 max-h-80 overflow-auto rounded-md border border-border">
        <table className="w-full text-start">
          <thead className="sticky top-0 bg-muted">
            <tr>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {t('overview.chart.date')}
              </th>
              <th scope="col" className="px-3 py-2 text-end font-medium">
                {t('overview.totals.visitors')}
              </th>
              <th scope="col" className="px-3 py-2 text-end font-medium">
                {t('overview.totals.views')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...daily].reverse().map((day) => (
              <tr key={day.date} className="border-t border-border">
                <th scope="row" className="px-3 py-1.5 text-start font-normal">
                  {longDay(locale, day.date)}
                </th>
                <td className="px-3 py-1.5 text-end tabular-nums">{formatNumber(locale, day.visitors)}</td>
                <td className="px-3 py-1.5 text-end tabular-nums">{formatNumber(locale, day.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

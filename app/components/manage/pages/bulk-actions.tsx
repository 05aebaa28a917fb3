import { FolderInput, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageRef } from '../../../../common/authoring';
import { translateMessage } from '../../../../common/messages';
import { categoryName } from '../../../../common/site-settings';
import { api } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useMutation } from '../../../lib/mutation';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';

type BulkResult = PageRef & { ok: boolean; status?: number; message?: string; values?: Record<string, string | number> };
type Summary = { done: string; refused: { page: string; reason: string }[] };

/**
 * The bar over the pages table when rows are selected (`POST /api/pages/bulk`): the count, a new
 * category, "Change category" and "Delete", each behind a confirmation naming how many pages, then a
 * summary of what was applied and what was refused (each refusal with the single-page message).
 */
export function BulkActions({ selected, onClear }: { selected: PageRef[]; onClear: () => void }) {
  const { t } = useTranslation();
  const { locale: uiLocale, site } = useRootData();
  const [category, setCategory] = useState(site.cats[0] ?? '');
  const [asking, setAsking] = useState<'delete' | 'set-category' | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const n = formatNumber(uiLocale, selected.length);
  const categoryLabel = categoryName(site, uiLocale, category);

  const { busy, run } = useMutation({
    call: (action: 'delete' | 'set-category') =>
      api.pages.bulk<{ results: BulkResult[] }>({
        locale: uiLocale,
        body: action === 'set-category' ? { action, pages: selected, category } : { action, pages: selected },
      }),
    done: ({ results }, action) => {
      const done = results.filter((result) => result.ok).length;
      setSummary({
        done: t(action === 'delete' ? 'pages.bulk.deleted' : 'pages.bulk.changed', {
          count: done,
          n: formatNumber(uiLocale, done),
          category: categoryLabel,
        }),
        refused: results
          .filter((result) => !result.ok)
          .map((result) => ({
            page: `${result.locale}/${result.path}`,
            reason: translateMessage(uiLocale, result.message ?? '', result.values),
          })),
      });
      setAsking(null);
      onClear();
    },
    failure: { title: t('pages.bulk.failed'), fallback: t('pages.error') },
  });

  return (
    <>
      {selected.length ? (
        <div
          role="toolbar"
          aria-label={t('pages.bulk.barLabel')}
          className="mb-3 flex flex-wrap items-end gap-3 rounded-lg border border-secondary/50 bg-muted/60 p-3"
        >
          <p className="me-auto self-center font-medium text-sm" aria-live="polite">
            {t('pages.bulk.selected', { n })}
          </p>
          <div>
            <label htmlFor="bulk-category" className="mb-1 block text-xs text-fg-muted">
              {t('pages.bulk.newCategory')}
            </label>
            <select
              id="bulk-category"
              value={category}
              onChange={(event) => setCategory(event.target.value)}
              className="block h-9 rounded-md border border-border bg-surface px-2 text-sm focus:border-secondary focus:outline-none"
            >
              {site.cats.map((cat) => (
                <option key={cat} value={cat}>
                  {categoryName(site, uiLocale, cat)}
                </option>
              ))}
            </select>
          </div>
          <Button variant="outline" size="sm" onClick={() => setAsking('set-category')} disabled={!category}>
            <FolderInput aria-hidden className="size-4" />
            {t('pages.bulk.setCategory')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setAsking('delete')}>
            <Trash2 aria-hidden className="size-4" />
            {t('pages.bulk.delete')}
          </Button>
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden className="size-4" />
            {t('pages.bulk.clear')}
          </Button>
        </div>
      ) : null}
      {summary ? (
        <div
          role="status"
          aria-label={t('pages.bulk.summaryLabel')}
          className="mb-3 rounded-lg border border-border bg-surface p-3 text-sm"
          data-testid="bulk-summary"
        >
          <p className="font-medium">{summary.done}</p>
          {summary.refused.length ? (
            <>
              <p className="mt-1">{t('pages.bulk.refused', { n: formatNumber(uiLocale, summary.refused.length) })}</p>
              <ul className="mt-1 list-disc ps-5">
                {summary.refused.map((item) => (
                  <li key={item.page}>
                    <bdi dir="ltr">{item.page}</bdi>: {item.reason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        variant={asking === 'delete' ? 'danger' : 'neutral'}
        open={asking !== null}
        onOpenChange={(open) => (open ? null : setAsking(null))}
        title={t(asking === 'delete' ? 'pages.bulk.deleteTitle' : 'pages.bulk.setCategoryTitle', { n, count: selected.length })}
        description={t(asking === 'delete' ? 'pages.bulk.deleteDescription' : 'pages.bulk.setCategoryDescription', {
          n,
          count: selected.length,
          category: categoryLabel,
        })}
        confirmLabel={t(asking === 'delete' ? 'pages.bulk.confirmDelete' : 'pages.bulk.confirmSetCategory', {
          n,
          count: selected.length,
        })}
        cancelLabel={t('pages.cancel')}
        onConfirm={() => (asking ? run(asking) : undefined)}
        busy={busy}
      />
    </>
  );
}

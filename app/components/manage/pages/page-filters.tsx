import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { categoryName } from '../../../../common/site-settings';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { withListQuery } from '../list-pagination';

export type PageFilterValues = {
  status?: 'draft' | 'published' | 'pending';
  cat?: string;
  author?: string;
  translation?: 'missing' | 'translated';
};

const selectClass = 'block h-9 rounded-md border border-border bg-surface px-2 text-sm focus:border-secondary focus:outline-none';

/**
 * The pages list's filters (issue 26 item 9): status, category, author and translation, kept in the
 * URL query (`?status=&cat=&author=&translation=`), so a filtered list can be shared or reloaded.
 * Native selects: keyboard and screen readers work as everywhere.
 */
export function PageFilters({ filters, cats, outdated }: { filters: PageFilterValues; cats: string[]; outdated: boolean }) {
  const { t } = useTranslation();
  const { locale, site } = useRootData();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [author, setAuthor] = useState(filters.author ?? '');
  useEffect(() => setAuthor(filters.author ?? ''), [filters.author]);
  const set = (changes: Record<string, string | undefined>) =>
    navigate(`${pathname}${withListQuery(search, { ...changes, page: undefined })}`, { preventScrollReset: true });
  useEffect(() => {
    if (author.trim() === (filters.author ?? '')) return;
    const timer = setTimeout(() => set({ author: author.trim() || undefined }), 400);
    return () => clearTimeout(timer);
  });
  const active = Boolean(filters.status || filters.cat || filters.author || filters.translation || outdated);

  return (
    <fieldset className="mb-3 flex flex-wrap items-end gap-3" data-testid="page-filters">
      <legend className="sr-only">{t('pageFilters.label')}</legend>
      <label className="text-xs text-fg-muted">
        {t('pageFilters.status')}
        <select
          className={selectClass}
          value={filters.status ?? ''}
          onChange={(event) => set({ status: event.target.value || undefined })}
        >
          <option value="">{t('pageFilters.any')}</option>
          {(['draft', 'published', 'pending'] as const).map((value) => (
            <option key={value} value={value}>
              {t(`pageFilters.statuses.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs text-fg-muted">
        {t('pageFilters.category')}
        <select
          className={selectClass}
          value={filters.cat ?? ''}
          onChange={(event) => set({ cat: event.target.value || undefined })}
        >
          <option value="">{t('pageFilters.any')}</option>
          {cats.map((cat) => (
            <option key={cat} value={cat}>
              {categoryName(site, locale, cat)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs text-fg-muted">
        {t('pageFilters.author')}
        <input
          type="search"
          dir="auto"
          className={`${selectClass} w-40`}
          value={author}
          placeholder={t('pageFilters.authorPlaceholder')}
          onChange={(event) => setAuthor(event.target.value)}
        />
      </label>
      <label className="text-xs text-fg-muted">
        {t('pageFilters.translation')}
        <select
          className={selectClass}
          value={outdated ? 'outdated' : (filters.translation ?? '')}
          onChange={(event) => {
            const value = event.target.value;
            // Out-of-date translations are the list's `?outdated=1` (docs/content.md "Outdated translations").
            if (value === 'outdated') set({ translation: undefined, outdated: '1' });
            else set({ translation: value || undefined, outdated: undefined });
          }}
        >
          <option value="">{t('pageFilters.any')}</option>
          {(['missing', 'translated', 'outdated'] as const).map((value) => (
            <option key={value} value={value}>
              {t(`pageFilters.translations.${value}`)}
            </option>
          ))}
        </select>
      </label>
      {active ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            set({ status: undefined, cat: undefined, author: undefined, translation: undefined, outdated: undefined })
          }
        >
          <X aria-hidden className="size-4" />
          {t('pageFilters.clear')}
        </Button>
      ) : null}
    </fieldset>
  );
}

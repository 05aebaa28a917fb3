import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Locale } from '../../../common/locales';
import { formatNumber } from '../../lib/format';
import { Button } from '../ui/button';

/** A dashboard list's URL with some of its query changed (page 1 and empty values left out). */
export function withListQuery(search: URLSearchParams, changes: Record<string, string | number | undefined>) {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  const text = next.toString();
  return text ? `?${text}` : '?';
}

/**
 * A dashboard list's search box, searching as one types: 300 ms after the last key the URL takes
 * the query (back to page 1), so the loader searches and the address can be shared.
 */
export function useListSearch(query: string, param = 'query') {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);
  useEffect(() => {
    if (text.trim() === query) return;
    const timer = setTimeout(
      () =>
        navigate(`${pathname}${withListQuery(search, { [param]: text.trim(), page: undefined })}`, {
          replace: true,
          preventScrollReset: true,
        }),
      300,
    );
    return () => clearTimeout(timer);
  }, [text, query, search, navigate, pathname, param]);
  return [text, setText] as const;
}

/**
 * Previous / next of a dashboard list by `?page=` (other query values kept); the arrows point
 * along the reading direction. `label` names the list for screen readers.
 */
export function ListPagination({
  page,
  pages,
  search,
  locale,
  label,
}: {
  page: number;
  pages: number;
  search: URLSearchParams;
  locale: Locale;
  label: string;
}) {
  const { t } = useTranslation();
  const link = (to: number, content: ReactNode, rel: string) =>
    to >= 1 && to <= pages ? (
      <Button asChild variant="outline" size="sm">
        <Link to={withListQuery(search, { page: to })} rel={rel} preventScrollReset>
          {content}
        </Link>
      </Button>
    ) : (
      <Button variant="outline" size="sm" disabled>
        {content}
      </Button>
    );
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      {link(
        page - 1,
        <>
          <ChevronLeft aria-hidden className="size-4 rtl:-scale-x-100" />
          {t('manage.pagination.previous')}
        </>,
        'prev',
      )}
      <span className="text-sm text-fg-muted">
        {t('manage.pagination.status', { page: formatNumber(locale, page), pages: formatNumber(locale, pages) })}
      </span>
      {link(
        page + 1,
        <>
          {t('manage.pagination.next')}
          <ChevronRight aria-hidden className="size-4 rtl:-scale-x-100" />
        </>,
        'next',
      )}
    </nav>
  );
}

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Locale, localeDirection } from '../../../common/locales';
import { formatNumber } from '../../lib/format';

/**
 * Newer / older links of an archive (or other labels, e.g. search's previous / next); arrows follow
 * the reading direction. `base` may carry a query of its own (`/en/search?q=x`).
 */
export function Pagination({
  locale,
  base,
  page,
  pageCount,
  labels,
}: {
  locale: Locale;
  base: string;
  page: number;
  pageCount: number;
  labels?: { back: string; forward: string };
}) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const href = (n: number) => (n === 1 ? base : `${base}${base.includes('?') ? '&' : '?'}page=${n}`);
  const rtl = localeDirection[locale] === 'rtl';
  const Back = rtl ? ChevronRight : ChevronLeft;
  const Forward = rtl ? ChevronLeft : ChevronRight;
  const link = 'inline-flex items-center gap-1 rounded-md border border-border px-3 py-1.5 text-sm hover:bg-muted';
  return (
    <nav aria-label={t('content.pagination')} className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={link}>
          <Back className="size-4" aria-hidden />
          {labels?.back ?? t('content.newer')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-fg-muted">
        {t('content.pageOf', { page: formatNumber(locale, page), count: formatNumber(locale, pageCount) })}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={link}>
          {labels?.forward ?? t('content.older')}
          <Forward className="size-4" aria-hidden />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

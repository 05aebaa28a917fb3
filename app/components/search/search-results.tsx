import { SearchX, TextSearch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { Locale } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { SEARCH_PAGE_FIELD, SEARCH_QUERY_MAX, type SearchHit } from '../../../common/search';
import { formatNumber } from '../../lib/format';
import { PageDate } from '../content/page-date';
import { Pagination } from '../content/pagination';
import { EmptyState } from '../profile/empty-state';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';

/** Highlighted words in snippets: readable on both themes. */
const markStyle =
  '[&_mark]:rounded-sm [&_mark]:bg-yellow-200 [&_mark]:px-0.5 [&_mark]:text-neutral-900 dark:[&_mark]:bg-yellow-400/25 dark:[&_mark]:text-yellow-100';

/**
 * The search page: its own search form, then the results (title, date, address and a snippet with
 * the matched words marked), the empty state before a query, or why nothing was found.
 */
export function SearchResults(props: {
  locale: Locale;
  query: string;
  tooLong: boolean;
  items: SearchHit[];
  total: number;
  page: number;
  pageCount: number;
}) {
  const { t } = useTranslation();
  const { locale, query, items, total } = props;
  const asked = query.trim() !== '';
  return (
    <section className="mx-auto max-w-[42rem]">
      <h1 className="text-3xl font-bold">{t('search.title')}</h1>
      <Form role="search" method="get" action={paths.search(locale)} className="mt-6 flex gap-2">
        <label htmlFor={SEARCH_PAGE_FIELD} className="sr-only">
          {t('search.label')}
        </label>
        <input
          id={SEARCH_PAGE_FIELD}
          key={query}
          type="search"
          name="q"
          defaultValue={query}
          maxLength={SEARCH_QUERY_MAX}
          placeholder={t('search.placeholder')}
          enterKeyHint="search"
          aria-invalid={props.tooLong || undefined}
          aria-describedby={props.tooLong ? 'search-too-long' : undefined}
          className="block h-10 w-full min-w-0 rounded-md border border-border bg-surface px-3 text-fg placeholder:text-fg-muted focus:border-secondary focus:outline-none aria-[invalid=true]:border-error"
        />
        <Button type="submit">{t('search.submit')}</Button>
      </Form>
      <div className="mt-6" aria-live="polite">
        {props.tooLong ? (
          <div id="search-too-long">
            <Alert tone="error" title={t('search.tooLong', { max: formatNumber(locale, SEARCH_QUERY_MAX) })} />
          </div>
        ) : !asked ? (
          <EmptyState icon={TextSearch} title={t('search.emptyTitle')} hint={t('search.emptyHint')} />
        ) : total === 0 ? (
          <EmptyState icon={SearchX} title={t('search.noResultsTitle', { query })} hint={t('search.noResultsHint')} />
        ) : (
          <p className="text-sm text-fg-muted" data-testid="search-count">
            {t('search.count', { count: total, number: formatNumber(locale, total), query })}
          </p>
        )}
      </div>
      {items.length > 0 && (
        <ol aria-label={t('search.results')} className="mt-2 divide-y divide-border" data-testid="search-results">
          {items.map((item) => (
            <li key={item.path} className="py-5">
              <article>
                <h2 className="text-lg font-semibold leading-snug">
                  <Link to={item.path} className="hover:text-primary-strong">
                    {item.title}
                  </Link>
                </h2>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-fg-muted">
                  {item.date && <PageDate locale={locale} date={item.date} />}
                  <span dir="ltr" className="truncate">
                    {decodeURI(item.path)}
                  </span>
                </p>
                {item.snippet && (
                  <p
                    className={`mt-2 leading-relaxed text-fg-muted ${markStyle}`}
                    // The server escapes the page's text; its only markup is <mark> (common/search.ts).
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped on the server, see above.
                    dangerouslySetInnerHTML={{ __html: item.snippet }}
                  />
                )}
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pagination
        locale={locale}
        base={paths.search(locale, query)}
        page={props.page}
        pageCount={props.pageCount}
        labels={{ back: t('search.previous'), forward: t('search.next') }}
      />
    </section>
  );
}

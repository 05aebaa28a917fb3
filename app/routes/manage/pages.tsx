import { ChevronLeft, ChevronRight, FileText, Loader2, Search } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import { type Locale, localeDirection, localeNames, locales } from '../../../common/locales';
import { CreatePageDialog } from '../../components/manage/pages/create-page-dialog';
import { PagesTable } from '../../components/manage/pages/pages-table';
import { EmptyState } from '../../components/profile/empty-state';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatNumber } from '../../lib/format';
import { pageMetaFor } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/pages';
import { loadPages } from './pages.server';

export async function loader(args: Route.LoaderArgs) {
  return loadPages(args);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.pages');

/** The URL of this screen with some of its query changed (`?locale=&query=&page=`; page 1 and empty values left out). */
function withQuery(search: URLSearchParams, changes: Record<string, string | number | undefined>) {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  const text = next.toString();
  return text ? `?${text}` : '?';
}

/** The pages of the site per locale (docs/spec.md: /manage/pages): search, pages, create, move, delete. */
export default function ManagePages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale: uiLocale } = useRootData();
  const { items, total, locale, query, page, pageSize, cats, canEdit } = loaderData;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  // Search as one types, 300 ms after the last key; the URL holds the query (and goes back to page 1).
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);
  useEffect(() => {
    if (text.trim() === query) return;
    const timer = setTimeout(
      () => navigate(withQuery(search, { query: text.trim(), page: undefined }), { replace: true, preventScrollReset: true }),
      300,
    );
    return () => clearTimeout(timer);
  }, [text, query, search, navigate]);

  return (
    <section aria-labelledby="pages-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="pages-heading" className="text-2xl font-bold">
          {t('manage.sections.pages')}
        </h1>
        {canEdit ? <CreatePageDialog locale={locale} cats={cats} /> : null}
      </div>

      <Tabs
        value={locale}
        onValueChange={(value) => navigate(withQuery(new URLSearchParams(), { locale: value, query: query || undefined }))}
        dir={localeDirection[uiLocale]}
        className="mt-6"
      >
        <div className="flex flex-wrap items-end justify-between gap-3 border-b border-border">
          <TabsList aria-label={t('pages.localeTabs')} className="border-b-0">
            {locales.map((value) => (
              <TabsTrigger key={value} value={value}>
                {localeNames[value]}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="relative mb-2 w-full sm:w-72">
            <label htmlFor="pages-search" className="sr-only">
              {t('pages.search')}
            </label>
            <Search aria-hidden className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-fg-muted" />
            <input
              id="pages-search"
              type="search"
              dir="auto"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={t('pages.searchPlaceholder')}
              className="block h-9 w-full rounded-md border border-border bg-surface ps-9 pe-3 text-sm placeholder:text-fg-muted focus:border-secondary focus:outline-none"
            />
          </div>
        </div>
        <TabsContent value={locale} aria-busy={loading}>
          <div className={`transition-opacity ${loading ? 'opacity-60' : ''}`}>
            <p className="mb-3 flex items-center gap-2 text-sm text-fg-muted" aria-live="polite">
              {loading ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              {loading ? t('pages.loading') : t('pages.count', { total: formatNumber(uiLocale, total) })}
            </p>
            {items.length ? (
              <PagesTable items={items} canEdit={canEdit} />
            ) : (
              <EmptyState
                icon={FileText}
                title={
                  query ? t('pages.empty.searchTitle', { query }) : t('pages.empty.title', { language: localeNames[locale] })
                }
                hint={query ? t('pages.empty.searchHint') : canEdit ? t('pages.empty.hint') : t('pages.empty.hintReader')}
              />
            )}
            {pages > 1 ? <Pagination page={page} pages={pages} search={search} locale={uiLocale} /> : null}
          </div>
        </TabsContent>
      </Tabs>
    </section>
  );
}

/** Previous / next by `?page=`; the arrows point along the reading direction. */
function Pagination({ page, pages, search, locale }: { page: number; pages: number; search: URLSearchParams; locale: Locale }) {
  const { t } = useTranslation();
  const link = (to: number, content: ReactNode, rel: string) =>
    to >= 1 && to <= pages ? (
      <Button asChild variant="outline" size="sm">
        <Link to={withQuery(search, { page: to })} rel={rel} preventScrollReset>
          {content}
        </Link>
      </Button>
    ) : (
      <Button variant="outline" size="sm" disabled>
        {content}
      </Button>
    );
  return (
    <nav aria-label={t('pages.pagination.label')} className="mt-4 flex items-center justify-between gap-3">
      {link(
        page - 1,
        <>
          <ChevronLeft aria-hidden className="size-4 rtl:-scale-x-100" />
          {t('pages.pagination.previous')}
        </>,
        'prev',
      )}
      <span className="text-sm text-fg-muted">
        {t('pages.pagination.status', { page: formatNumber(locale, page), pages: formatNumber(locale, pages) })}
      </span>
      {link(
        page + 1,
        <>
          {t('pages.pagination.next')}
          <ChevronRight aria-hidden className="size-4 rtl:-scale-x-100" />
        </>,
        'next',
      )}
    </nav>
  );
}

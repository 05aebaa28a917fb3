import { FileText, Loader2, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import { localeDirection, localeNames, locales } from '../../../common/locales';
import { useListSearch, withListQuery } from '../../components/manage/list-pagination';
import { CreatePageDialog } from '../../components/manage/pages/create-page-dialog';
import { OutdatedFilterNote } from '../../components/manage/pages/outdated-badge';
import { PageFilters } from '../../components/manage/pages/page-filters';
import { PagesTable } from '../../components/manage/pages/pages-table';
import { EmptyState } from '../../components/profile/empty-state';
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

/** The pages of the site per locale (docs/spec.md: /manage/pages): search, pages, create, move, delete. */
export default function ManagePages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale: uiLocale } = useRootData();
  const { items, total, locale, query, page, pageSize, cats, canEdit, outdated, filters } = loaderData;
  const filtered = Boolean(filters.status || filters.cat || filters.author || filters.translation);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const [text, setText] = useListSearch(query);

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
        onValueChange={(value) => navigate(withListQuery(search, { locale: value, page: undefined }))}
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
            <PageFilters filters={filters} cats={cats} outdated={outdated} />
            <p className="mb-3 flex items-center gap-2 text-sm text-fg-muted" aria-live="polite">
              {loading ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              {loading ? t('pages.loading') : t('pages.count', { total: formatNumber(uiLocale, total) })}
            </p>
            {outdated ? <OutdatedFilterNote locale={locale} /> : null}
            <PagesTable
              items={items}
              canEdit={canEdit}
              pagination={{ page, pages, search, locale: uiLocale, label: t('pages.pagination.label') }}
              empty={
                outdated ? (
                  <EmptyState icon={FileText} title={t('pages.outdated.emptyTitle')} hint={t('pages.outdated.emptyHint')} />
                ) : (
                  <EmptyState
                    icon={FileText}
                    title={
                      filtered
                        ? t('pageFilters.none')
                        : query
                          ? t('pages.empty.searchTitle', { query })
                          : t('pages.empty.title', { language: t(`overview.languages.${locale}`) })
                    }
                    hint={
                      filtered
                        ? t('pageFilters.noneHint')
                        : query
                          ? t('pages.empty.searchHint')
                          : canEdit
                            ? t('pages.empty.hint')
                            : t('pages.empty.hintReader')
                    }
                  />
                )
              }
            />
          </div>
        </TabsContent>
      </Tabs>
    </section>
  );
}

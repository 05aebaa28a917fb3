import { Download, FileWarning, Loader2, Route as RouteIcon, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import { localeDirection } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { useListSearch } from '../../components/manage/list-pagination';
import { ImportRedirects } from '../../components/manage/redirects/import-redirects';
import { NotFoundTable } from '../../components/manage/redirects/not-found-table';
import { RedirectDialog } from '../../components/manage/redirects/redirect-dialog';
import { RedirectsTable } from '../../components/manage/redirects/redirects-table';
import { EmptyState } from '../../components/profile/empty-state';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { api } from '../../lib/api-client';
import { formatNumber } from '../../lib/format';
import { pageMetaFor } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/redirects';
import { loadRedirects } from './redirects.server';

export async function loader(args: Route.LoaderArgs) {
  return loadRedirects(args);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.redirects');

/**
 * /manage/redirects (issue 36): every redirect — from published moves, site imports and by hand —
 * to search, add, edit, delete, export and import as CSV; and the 404 log of the last 30 days,
 * each path with "add a redirect". The API decides every change (server/services/redirects.ts).
 */
export default function ManageRedirects({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const navigate = useNavigate();
  const { tab } = loaderData;
  return (
    <section aria-labelledby="redirects-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-prose space-y-2">
          <h1 id="redirects-heading" className="text-2xl font-bold">
            {t('manage.sections.redirects')}
          </h1>
          <p className="text-sm text-fg-muted">{t('redirects.intro')}</p>
        </div>
        {tab === 'list' ? <RedirectDialog /> : null}
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => navigate(paths.manage(locale, value === 'list' ? 'redirects' : `redirects/${value}`))}
        dir={localeDirection[locale]}
        className="mt-6"
      >
        <TabsList aria-label={t('redirects.tabs.label')}>
          <TabsTrigger value="list">{t('redirects.tabs.list')}</TabsTrigger>
          <TabsTrigger value="not-found">{t('redirects.tabs.notFound')}</TabsTrigger>
        </TabsList>
        <TabsContent value="list">{tab === 'list' ? <RedirectsTab data={loaderData} /> : null}</TabsContent>
        <TabsContent value="not-found">{tab === 'not-found' ? <NotFoundTab data={loaderData} /> : null}</TabsContent>
      </Tabs>
    </section>
  );
}

type Data = Route.ComponentProps['loaderData'];

/** Whether this list is loading its next page or search. */
function useListLoading() {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
}

function SearchBox({ id, query, label, placeholder }: { id: string; query: string; label: string; placeholder: string }) {
  const [text, setText] = useListSearch(query);
  return (
    <div className="relative w-full sm:w-72">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-fg-muted" />
      <input
        id={id}
        type="search"
        dir="auto"
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        className="block h-9 w-full rounded-md border border-border bg-surface ps-9 pe-3 text-sm placeholder:text-fg-muted focus:border-secondary focus:outline-none"
      />
    </div>
  );
}

function RedirectsTab({ data }: { data: Data }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [search] = useSearchParams();
  const loading = useListLoading();
  const list = data.redirects;
  if (!list) return null;
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  return (
    <div aria-busy={loading} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SearchBox
          id="redirects-search"
          query={data.query}
          label={t('redirects.search')}
          placeholder={t('redirects.searchPlaceholder')}
        />
        <div className="flex flex-wrap gap-2">
          <ImportRedirects />
          <Button asChild variant="outline" size="sm">
            <a href={api.redirects.export.url()} download data-testid="redirects-export">
              <Download aria-hidden className="size-4" />
              {t('redirects.export')}
            </a>
          </Button>
        </div>
      </div>
      <p className="flex items-center gap-2 text-sm text-fg-muted" aria-live="polite">
        {loading ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
        {loading ? t('redirects.loading') : t('redirects.count', { total: formatNumber(locale, list.total) })}
      </p>
      <RedirectsTable
        items={list.items}
        loading={loading}
        pagination={{ page: list.page, pages, search, locale, label: t('redirects.pagination') }}
        empty={
          <EmptyState
            icon={RouteIcon}
            title={data.query ? t('redirects.empty.searchTitle', { query: data.query }) : t('redirects.empty.title')}
            hint={data.query ? t('redirects.empty.searchHint') : t('redirects.empty.hint')}
          />
        }
      />
    </div>
  );
}

function NotFoundTab({ data }: { data: Data }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [search] = useSearchParams();
  const loading = useListLoading();
  const log = data.notFound;
  if (!log) return null;
  const pages = Math.max(1, Math.ceil(log.total / log.pageSize));
  return (
    <div aria-busy={loading} className="space-y-3">
      <p className="max-w-prose text-sm text-fg-muted">{t('redirects.notFound.intro')}</p>
      <SearchBox
        id="not-found-search"
        query={data.query}
        label={t('redirects.notFound.search')}
        placeholder={t('redirects.searchPlaceholder')}
      />
      <p className="flex items-center gap-2 text-sm text-fg-muted" aria-live="polite">
        {loading ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
        {loading ? t('redirects.loading') : t('redirects.notFound.count', { total: formatNumber(locale, log.total) })}
      </p>
      <NotFoundTable
        items={log.items}
        loading={loading}
        pagination={{ page: log.page, pages, search, locale, label: t('redirects.notFound.pagination') }}
        empty={
          <EmptyState
            icon={FileWarning}
            title={data.query ? t('redirects.empty.searchTitle', { query: data.query }) : t('redirects.notFound.empty.title')}
            hint={data.query ? t('redirects.empty.searchHint') : t('redirects.notFound.empty.hint')}
          />
        }
      />
    </div>
  );
}

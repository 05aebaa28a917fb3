import { Loader2, MessageSquare, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import { type CommentStatus, commentStatuses } from '../../../common/comments';
import { localeDirection } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { ModerationList } from '../../components/manage/comments/moderation-list';
import { ListPagination, useListSearch, withListQuery } from '../../components/manage/list-pagination';
import { EmptyState } from '../../components/profile/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatNumber } from '../../lib/format';
import { pageMetaFor } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/comments';
import { loadComments } from './comments.server';

export async function loader(args: Route.LoaderArgs) {
  return loadComments(args);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.comments');

/**
 * Moderation (docs/spec.md /manage/comments/{tab}): pending, approved and spam comments, newest
 * first, searchable, paged; approve, mark as spam, return to pending or delete one or many.
 */
export default function ManageComments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { items, total, tab, query, page, pageSize, counts, canDelete } = loaderData;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const _location = useLocation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname.startsWith(paths.manage(locale, 'comments'));
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const tabPath = (value: CommentStatus) => paths.manage(locale, `comments/${value}`);

  const [text, setText] = useListSearch(query);

  return (
    <section aria-labelledby="comments-heading">
      <h1 id="comments-heading" className="text-2xl font-bold">
        {t('manage.sections.comments')}
      </h1>
      <Tabs
        value={tab}
        onValueChange={(value) =>
          navigate(`${tabPath(value as CommentStatus)}${withListQuery(new URLSearchParams(), { query })}`)
        }
        dir={localeDirection[locale]}
        className="mt-6"
      >
        <div className="flex flex-wrap items-end justify-between gap-3 border-b border-border">
          <TabsList aria-label={t('comments.manage.tabsLabel')} className="border-b-0">
            {commentStatuses.map((value) => (
              <TabsTrigger key={value} value={value} data-testid={`tab-${value}`}>
                {t(`comments.manage.tabs.${value}`)}
                <span className="rounded-full bg-muted px-2 text-xs font-semibold text-fg-muted">
                  {formatNumber(locale, counts[value])}
                </span>
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="relative mb-2 w-full sm:w-72">
            <label htmlFor="comments-search" className="sr-only">
              {t('comments.manage.search')}
            </label>
            <Search aria-hidden className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-fg-muted" />
            <input
              id="comments-search"
              type="search"
              dir={text ? 'auto' : localeDirection[locale]}
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={t('comments.manage.searchPlaceholder')}
              className="block h-9 w-full rounded-md border border-border bg-surface ps-9 pe-3 text-sm placeholder:text-fg-muted focus:border-secondary focus:outline-none"
            />
          </div>
        </div>
        <TabsContent value={tab} aria-busy={loading}>
          <div className={`transition-opacity ${loading ? 'opacity-60' : ''}`}>
            <p className="mb-3 flex items-center gap-2 text-sm text-fg-muted" aria-live="polite">
              {loading ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              {loading ? t('comments.manage.loading') : t('comments.manage.count', { total: formatNumber(locale, total) })}
            </p>
            {items.length ? (
              <ModerationList items={items} tab={tab} canDelete={canDelete} />
            ) : (
              <EmptyState
                icon={MessageSquare}
                title={query ? t('comments.manage.empty.search', { query }) : t(`comments.manage.empty.${tab}`)}
                hint={query ? t('comments.manage.empty.searchHint') : t(`comments.manage.empty.${tab}Hint`)}
              />
            )}
            {pages > 1 ? (
              <ListPagination
                page={page}
                pages={pages}
                search={search}
                locale={locale}
                label={t('comments.manage.pagination.label')}
              />
            ) : null}
          </div>
        </TabsContent>
      </Tabs>
    </section>
  );
}

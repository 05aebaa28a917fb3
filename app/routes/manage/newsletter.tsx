import { Download, Loader2, Mail, Search } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import { subscriberStatuses } from '../../../common/newsletter';
import { useListSearch, withListQuery } from '../../components/manage/list-pagination';
import { IssueList } from '../../components/manage/newsletter/issue-list';
import { SendIssue } from '../../components/manage/newsletter/send-issue';
import { SubscribersTable } from '../../components/manage/newsletter/subscribers-table';
import { EmptyState } from '../../components/profile/empty-state';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api-client';
import { formatNumber } from '../../lib/format';
import { pageMetaFor } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/newsletter';
import { loadNewsletter } from './newsletter.server';

export async function loader(args: Route.LoaderArgs) {
  return loadNewsletter(args);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.newsletter');

/**
 * /manage/newsletter (docs/spec.md): whether mail can go out, sending a published page as an
 * issue with its progress, and the subscribers (search, status, pages, CSV export, delete).
 */
export default function ManageNewsletter({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { can, transport, data } = loaderData;
  return (
    <section aria-labelledby="newsletter-heading" className="space-y-6">
      <h1 id="newsletter-heading" className="text-2xl font-bold">
        {t('manage.sections.newsletter')}
      </h1>
      {transport ? (
        <p className="flex items-center gap-2 text-sm text-fg-muted" data-testid="mail-transport">
          <Mail aria-hidden className="size-4" />
          {t('newsletter.manage.transport', { transport })}
        </p>
      ) : (
        <Alert tone="warning" title={t('newsletter.manage.off.title')}>
          <p data-testid="mail-off">
            <Trans i18nKey="newsletter.manage.off.body" components={LTR_CODE} />
          </p>
        </Alert>
      )}
      {can.edit && transport && data.options ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <SendIssue pages={data.options.pages} confirmed={data.options.confirmed} initialLocale={data.locale} />
          <IssueList issues={data.issues} />
        </div>
      ) : (
        <IssueList issues={data.issues} />
      )}
      <Subscribers data={data} canDelete={can.delete} />
    </section>
  );
}

// Variable names, URLs and permission names are Latin inside Persian text: isolate them so
// their punctuation stays in place in a right-to-left paragraph.
const LTR_CODE = { code: <code dir="ltr" className="font-mono text-xs" /> };

type Data = Route.ComponentProps['loaderData']['data'];

function Subscribers({ data, canDelete }: { data: Data; canDelete: boolean }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { subscribers, query, status } = data;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const pages = Math.max(1, Math.ceil(subscribers.total / subscribers.pageSize));

  const [text, setText] = useListSearch(query);

  const exportQuery = new URLSearchParams();
  if (query) exportQuery.set('query', query);
  if (status) exportQuery.set('status', status);
  const exportHref = `${api.newsletter.exportSubscribers.url()}${exportQuery.size ? `?${exportQuery}` : ''}`;

  return (
    <section aria-labelledby="subscribers-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="subscribers-heading" className="text-lg font-semibold">
          {t('newsletter.manage.subscribers')}
        </h2>
        <Button asChild variant="outline" size="sm">
          <a href={exportHref} download>
            <Download aria-hidden className="size-4" />
            {t('newsletter.manage.export')}
          </a>
        </Button>
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="relative w-full sm:w-72">
          <label htmlFor="subscribers-search" className="sr-only">
            {t('newsletter.manage.search')}
          </label>
          <Search aria-hidden className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-fg-muted" />
          <input
            id="subscribers-search"
            type="search"
            dir="auto"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('newsletter.manage.searchPlaceholder')}
            className="block h-9 w-full rounded-md border border-border bg-surface ps-9 pe-3 text-sm placeholder:text-fg-muted focus:border-secondary focus:outline-none"
          />
        </div>
        <div>
          <label htmlFor="subscribers-status" className="sr-only">
            {t('newsletter.manage.statusFilter')}
          </label>
          <select
            id="subscribers-status"
            value={status ?? ''}
            onChange={(event) =>
              navigate(withListQuery(search, { status: event.target.value, page: undefined }), { replace: true })
            }
            className="block h-9 rounded-md border border-border bg-surface px-3 text-sm focus:border-secondary focus:outline-none"
          >
            <option value="">{t('newsletter.manage.allStatuses')}</option>
            {subscriberStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`newsletter.manage.status.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-3">
        <p className="mb-3 flex items-center gap-2 text-sm text-fg-muted" aria-live="polite">
          {loading ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {loading
            ? t('newsletter.manage.loading')
            : t('newsletter.manage.count', { total: formatNumber(locale, subscribers.total) })}
        </p>
        <SubscribersTable
          items={subscribers.items}
          canDelete={canDelete}
          loading={loading}
          pagination={{ page: subscribers.page, pages, search, locale, label: t('newsletter.manage.pagination.label') }}
          empty={
            <EmptyState
              icon={Mail}
              title={
                query || status
                  ? t('newsletter.manage.empty.searchTitle', { query: query || t(`newsletter.manage.status.${status}`) })
                  : t('newsletter.manage.empty.title')
              }
              hint={query || status ? t('newsletter.manage.empty.searchHint') : t('newsletter.manage.empty.hint')}
            />
          }
        />
      </div>
    </section>
  );
}

import { Images, Loader2, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import type { SavedChange } from '../../../common/authoring';
import { type MediaInUse, type MediaItem, mediaFilePath } from '../../../common/media';
import { ListPagination, useListSearch } from '../../components/manage/list-pagination';
import { LibraryUpload } from '../../components/manage/media/library-upload';
import { formatFileSize, MediaThumbnail } from '../../components/manage/media/media-picker';
import { editorPath } from '../../components/manage/pages/page-path';
import { EmptyState } from '../../components/profile/empty-state';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { LtrName } from '../../components/ui/ltr-name';
import { ApiRequestError } from '../../lib/api';
import { api } from '../../lib/api-client';
import { formatNumber, useClock } from '../../lib/format';
import { pageMetaFor } from '../../lib/meta';
import { useMutation } from '../../lib/mutation';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/media';
import { loadMedia } from './media.server';

export async function loader(args: Route.LoaderArgs) {
  return loadMedia(args);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.media');

const statusTone = { published: 'success', pending: 'info', deleting: 'warning' } as const;

/** The media library (issue 26): every uploaded file with where it is used; search, pages, delete. */
export default function ManageMedia({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { items, total, page, pageSize, query, canDelete, canUpload, maxBytes } = loaderData;
  const revalidator = useRevalidator();
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const [text, setText] = useListSearch(query, 'q');
  const [refusal, setRefusal] = useState<{ name: string; message: string; uses: MediaInUse }>();

  const library = (
    <>
      <div className="relative mt-6 w-full sm:w-72">
        <label htmlFor="media-search" className="sr-only">
          {t('media.search')}
        </label>
        <Search aria-hidden className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-fg-muted" />
        <input
          id="media-search"
          type="search"
          dir="auto"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('media.searchPlaceholder')}
          className="block h-9 w-full rounded-md border border-border bg-surface ps-9 pe-3 text-sm placeholder:text-fg-muted focus:border-secondary focus:outline-none"
        />
      </div>
      {refusal ? (
        <div className="mt-4" data-testid="media-refusal">
          <Alert tone="error" title={t('media.deleteFailed')}>
            <p>{refusal.message}</p>
            {refusal.uses.pages.length ? (
              <ul className="mt-2 list-disc ps-5">
                {refusal.uses.pages.map((use) => (
                  <li key={`${use.locale}/${use.path}`}>
                    <Link to={editorPath(locale, use)} className="underline" dir="auto">
                      {use.title}
                    </Link>{' '}
                    <bdi dir="ltr" className="text-fg-muted">
                      /{use.locale}/{use.path}
                    </bdi>
                  </li>
                ))}
              </ul>
            ) : null}
          </Alert>
        </div>
      ) : null}
      <div className={`mt-4 transition-opacity ${loading ? 'opacity-60' : ''}`} aria-busy={loading}>
        <p className="mb-3 flex items-center gap-2 text-sm text-fg-muted" aria-live="polite">
          {loading ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {loading ? t('media.loading') : t('media.count', { total: formatNumber(locale, total) })}
        </p>
        {items.length === 0 ? (
          <EmptyState
            icon={Images}
            title={query ? t('media.noMatch', { query }) : t('media.empty')}
            hint={t('media.emptyHint')}
          />
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2" data-testid="media-list">
            {items.map((item) => (
              <MediaCard
                key={item.path}
                item={item}
                canDelete={canDelete}
                onRefused={(message, uses) => setRefusal({ name: item.name, message, uses })}
              />
            ))}
          </ul>
        )}
        <ListPagination page={page} pages={pages} search={search} locale={locale} label={t('media.pagination')} />
      </div>
    </>
  );

  return (
    <section aria-labelledby="media-heading">
      <h1 id="media-heading" className="text-2xl font-bold">
        {t('manage.sections.media')}
      </h1>
      <p className="mt-1 text-sm text-fg-muted">{t('media.intro')}</p>
      {canUpload ? (
        <LibraryUpload maxBytes={maxBytes} onUploaded={() => revalidator.revalidate()}>
          {library}
        </LibraryUpload>
      ) : (
        library
      )}
    </section>
  );
}

function MediaCard({
  item,
  canDelete,
  onRefused,
}: {
  item: MediaItem;
  canDelete: boolean;
  onRefused: (message: string, uses: MediaInUse) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const [confirming, setConfirming] = useState(false);

  const remove = useMutation({
    call: () => api.media.delete<SavedChange>({ params: { path: mediaFilePath(item.url) }, locale }),
    done: () => setConfirming(false),
    success: (saved) => ({
      title: saved.commit ? t('media.deleted') : t('media.dropped'),
      description: item.name,
      color: 'success',
    }),
    handled: (error) => {
      setConfirming(false);
      const failure = error instanceof ApiRequestError ? error.failure : undefined;
      if (failure?.statusCode !== 409) return false;
      const uses = (failure.data as MediaInUse | undefined) ?? { pages: [], settings: [] };
      onRefused(failure.message, { pages: uses.pages ?? [], settings: uses.settings ?? [] });
      return true;
    },
    failure: { title: t('media.deleteFailed'), fallback: t('media.error') },
  });

  return (
    <li className="flex gap-3 rounded-lg border border-border bg-surface p-3" data-testid="media-item">
      <a href={item.url} target="_blank" rel="noreferrer" className="w-24 shrink-0">
        <MediaThumbnail item={item} />
        <span className="sr-only">{item.name}</span>
      </a>
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p dir="ltr" className="min-w-0 break-all text-start font-medium" title={item.path}>
            <LtrName value={item.name} />
          </p>
          <Badge tone={statusTone[item.status]}>{t(`media.status.${item.status}`)}</Badge>
        </div>
        <p className="mt-1 text-xs text-fg-muted">
          <bdi dir="ltr">{item.type ?? '—'}</bdi>
          {item.width && item.height ? (
            <>
              {' · '}
              <bdi dir="ltr">
                {t('media.dimensions', { width: formatNumber(locale, item.width), height: formatNumber(locale, item.height) })}
              </bdi>
            </>
          ) : null}
          {' · '}
          <bdi>{formatFileSize(t, locale, item.bytes)}</bdi>
        </p>
        <p className="mt-1 text-xs text-fg-muted">
          {item.uploadedBy ? t('media.uploadedBy', { name: item.uploadedBy.name }) : t('media.unknownUploader')}
          {item.uploadedAt ? ` · ${t('media.uploadedAt', { date: clock.time(item.uploadedAt, 'date') })}` : null}
        </p>
        <div className="mt-2 text-xs">
          {item.usedBy.length || item.usedBySettings.length ? (
            <>
              <span className="text-fg-muted">{t('media.usedBy')}: </span>
              <ul className="inline">
                {item.usedBy.map((use) => (
                  <li
                    key={`${use.locale}/${use.path}`}
                    className="inline after:content-['،_'] last:after:content-none ltr:after:content-[',_']"
                  >
                    <Link to={editorPath(locale, use)} className="text-primary-strong hover:underline">
                      <bdi>{use.title}</bdi>
                    </Link>
                  </li>
                ))}
                {item.usedBySettings.map((name) => (
                  <li key={name} className="inline after:content-['،_'] last:after:content-none ltr:after:content-[',_']">
                    {t(`media.settingNames.${name}`)}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <span className="text-fg-muted">{t('media.unused')}</span>
          )}
        </div>
        {canDelete && item.status !== 'deleting' ? (
          <div className="mt-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden className="size-4" />
              <span className="sr-only">{t('media.delete', { name: item.name })}</span>
              <span aria-hidden>{t('media.deleteConfirm')}</span>
            </Button>
            <ConfirmDialog
              variant="danger"
              open={confirming}
              onOpenChange={setConfirming}
              title={t('media.deleteTitle')}
              description={t('media.deleteText', { name: item.name })}
              confirmLabel={t('media.deleteConfirm')}
              cancelLabel={t('media.cancel')}
              onConfirm={remove.run}
              busy={remove.busy}
            />
          </div>
        ) : null}
      </div>
    </li>
  );
}

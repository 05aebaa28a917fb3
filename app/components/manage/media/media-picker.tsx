import type { TFunction } from 'i18next';
import { ImageOff, Loader2, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../common/locales';
import type { MediaItem, MediaList } from '../../../../common/media';
import { ApiRequestError, apiFetch } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { Dialog, DialogContent } from '../../ui/dialog';

/*
 * The media library from the browser: `useMediaList` (GET /api/media), `MediaThumbnail` and
 * `MediaPickerDialog`, the "choose from the library" of Settings and the editor's image node.
 */

/** `GET /api/media?q=&page=` as state: the list, whether it is loading, its error message, and a retry. */
export function useMediaList(query: string, page: number, enabled = true) {
  const { locale } = useRootData();
  const [list, setList] = useState<MediaList>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setLoading(true);
    setError(undefined);
    const search = new URLSearchParams();
    if (query.trim()) search.set('q', query.trim());
    if (page > 1) search.set('page', String(page));
    const text = search.toString();
    // `attempt` is read so that a retry fetches again.
    void attempt;
    apiFetch<MediaList>(`${api.media.list.url()}${text ? `?${text}` : ''}`, { locale })
      .then((answer) => current && setList(answer))
      .catch((failure) => current && setError(failure instanceof ApiRequestError ? failure.message : String(failure)))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [query, page, enabled, locale, attempt]);
  return { list, error, loading, retry: () => setAttempt((n) => n + 1) };
}

/** A file's picture (lazy, cropped to a square), or an icon for a file that is not an image. */
export function MediaThumbnail({ item, className = '' }: { item: Pick<MediaItem, 'url' | 'type' | 'name'>; className?: string }) {
  return item.type ? (
    <img
      src={item.url}
      alt=""
      loading="lazy"
      decoding="async"
      className={`aspect-square w-full rounded-md border border-border bg-muted object-cover dark:brightness-90 ${className}`}
    />
  ) : (
    <div
      className={`flex aspect-square w-full items-center justify-center rounded-md border border-border bg-muted ${className}`}
    >
      <ImageOff aria-hidden className="size-6 text-fg-muted" />
    </div>
  );
}

/** `1.2 MB` (`۱٫۲ مگابایت`) in the page's digits and units. */
export function formatFileSize(t: TFunction, locale: Locale, bytes: number) {
  if (bytes >= 1024 * 1024)
    return t('media.size.megabytes', { n: formatNumber(locale, bytes / (1024 * 1024), { maximumFractionDigits: 1 }) });
  if (bytes >= 1024) return t('media.size.kilobytes', { n: formatNumber(locale, Math.round(bytes / 1024)) });
  return t('media.size.bytes', { n: formatNumber(locale, bytes) });
}

/**
 * A dialog to choose an image from the library: search as one types, pages of MEDIA_PAGE_SIZE,
 * only images offered. `onPick` gets the chosen file (its `url` is the address to use) and the
 * dialog closes.
 */
export function MediaPickerDialog({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (item: MediaItem) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(text);
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  const { list, error, loading, retry } = useMediaList(query, page, open);
  const pages = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;
  const images = list?.items.filter((item) => item.type && item.status !== 'deleting') ?? [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('media.pickTitle')} description={t('media.pickHint')}>
        <div className="relative">
          <label htmlFor="media-picker-search" className="sr-only">
            {t('media.search')}
          </label>
          <Search aria-hidden className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-fg-muted" />
          <input
            id="media-picker-search"
            type="search"
            dir="auto"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('media.searchPlaceholder')}
            className="block h-9 w-full rounded-md border border-border bg-surface ps-9 pe-3 text-sm placeholder:text-fg-muted focus:border-secondary focus:outline-none"
          />
        </div>
        <div className="mt-3 min-h-40" aria-busy={loading} aria-live="polite">
          {error ? (
            <div className="text-sm">
              <p className="text-error">{error}</p>
              <Button type="button" variant="outline" size="sm" className="mt-2" onClick={retry}>
                {t('media.retry')}
              </Button>
            </div>
          ) : !list ? (
            <p className="flex items-center gap-2 text-sm text-fg-muted">
              <Loader2 aria-hidden className="size-4 animate-spin" />
              {t('media.loading')}
            </p>
          ) : images.length === 0 ? (
            <p className="text-sm text-fg-muted">{query ? t('media.noMatch', { query }) : t('media.emptyHint')}</p>
          ) : (
            <ul className={`grid grid-cols-3 gap-2 sm:grid-cols-4 ${loading ? 'opacity-60' : ''}`}>
              {images.map((item) => (
                <li key={item.path}>
                  <button
                    type="button"
                    className="block w-full rounded-md text-start focus-visible:outline-2 focus-visible:outline-secondary"
                    aria-label={t('media.choose', { name: item.name })}
                    data-testid="media-pick"
                    onClick={() => {
                      onPick(item);
                      onOpenChange(false);
                    }}
                  >
                    <MediaThumbnail item={item} />
                    <span dir="ltr" className="mt-1 block truncate text-xs text-fg-muted">
                      {item.name}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {pages > 1 ? (
          <div className="mt-3 flex items-center justify-between gap-2">
            <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('manage.pagination.previous')}
            </Button>
            <span className="text-sm text-fg-muted">
              {t('manage.pagination.status', { page: formatNumber(locale, page), pages: formatNumber(locale, pages) })}
            </span>
            <Button type="button" variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('manage.pagination.next')}
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

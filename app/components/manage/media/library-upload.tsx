import { ImagePlus, Loader2, Upload } from 'lucide-react';
import { type DragEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA_TYPES } from '../../../../common/authoring';
import { ApiRequestError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { LtrName } from '../../ui/ltr-name';
import { toast } from '../../ui/toast';
import { uploadMedia, uploadRefusal } from '../editor/upload';
import { formatFileSize } from './media-picker';

type PendingUpload = { id: number; name: string; fraction: number };

/**
 * Uploads into the media library, through the editor's own `uploadMedia` (`POST /api/media`):
 * each file checked as the server checks it first (type, `maxBytes`), its progress shown, a toast
 * for each file done or refused, and `onUploaded` once a file is in the open build.
 */
function useLibraryUploads(maxBytes: number, onUploaded: () => unknown) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const next = useRef(1);
  const limit = formatFileSize(t, locale, maxBytes);

  const upload = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const refusal = uploadRefusal(file, locale, maxBytes, limit);
        if (refusal) {
          toast({ title: t('media.upload.failed', { name: file.name }), description: refusal, color: 'error' });
          continue;
        }
        const id = next.current++;
        setUploads((list) => [...list, { id, name: file.name, fraction: 0 }]);
        uploadMedia(file, locale, (fraction) =>
          setUploads((list) => list.map((item) => (item.id === id ? { ...item, fraction } : item))),
        )
          .then(async () => {
            toast({
              title: t('media.upload.done', { name: file.name }),
              description: t('media.upload.pending'),
              color: 'success',
            });
            await onUploaded();
          })
          .catch((error: unknown) => {
            const reason = error instanceof ApiRequestError ? error.failure.message : t('media.error');
            toast({ title: t('media.upload.failed', { name: file.name }), description: reason, color: 'error' });
          })
          .finally(() => setUploads((list) => list.filter((item) => item.id !== id)));
      }
    },
    [locale, maxBytes, limit, onUploaded, t],
  );
  return { uploads, upload, limit };
}

/**
 * The library's Upload button and the files on their way, over an area that takes dropped files
 * (the drop is a shortcut: the button, reachable by keyboard, does the same).
 */
export function LibraryUpload({
  maxBytes,
  onUploaded,
  children,
}: {
  maxBytes: number;
  onUploaded: () => unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { uploads, upload, limit } = useLibraryUploads(maxBytes, onUploaded);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);

  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  const dropHandlers = {
    onDragEnter: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      upload([...event.dataTransfer.files]);
    },
  };

  return (
    <div className="relative" data-testid="media-drop" {...dropHandlers}>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <input
          ref={input}
          type="file"
          multiple
          accept={MEDIA_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="media-upload-input"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            upload(files);
          }}
        />
        <Button type="button" onClick={() => input.current?.click()} aria-describedby="media-upload-hint">
          {uploads.length ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Upload aria-hidden className="size-4" />}
          {t('media.upload.button')}
        </Button>
        <p id="media-upload-hint" className="text-xs text-fg-muted">
          {t('media.upload.hint', { limit })}
        </p>
      </div>
      {uploads.length ? (
        <ul className="mt-3 grid gap-2" aria-label={t('media.upload.list')} data-testid="media-uploads">
          {uploads.map((item) => (
            <li key={item.id} className="flex items-center gap-3 text-sm">
              <Loader2 aria-hidden className="size-4 shrink-0 animate-spin text-fg-muted" />
              <LtrName value={item.name} className="min-w-0 truncate" />
              <progress
                className="h-2 w-32 shrink-0 accent-primary"
                max={1}
                value={item.fraction}
                aria-label={t('media.upload.progress', { name: item.name })}
              />
              <span className="shrink-0 tabular-nums text-fg-muted">
                {formatNumber(locale, item.fraction, { style: 'percent' })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {children}
      {dragging ? (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center rounded-lg border-2 border-dashed border-secondary bg-surface/90 text-base font-medium"
        >
          <ImagePlus className="me-2 size-5" />
          {t('media.upload.drop')}
        </div>
      ) : null}
    </div>
  );
}

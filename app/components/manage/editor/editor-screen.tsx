import type { TFunction } from 'i18next';
import { Loader2, Save } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker } from 'react-router';
import type { PageFrontMatter, SavedChange } from '../../../../common/authoring';
import { localeDirection } from '../../../../common/locales';
import { paths } from '../../../../common/paths';
import { ApiRequestError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { formatDate, formatNumber } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { toast } from '../../ui/toast';
import { pageAddress } from '../pages/page-path';
import { deleteDraft, draftKey, type EditorDraft, readDraft, writeDraft } from './drafts';
import { EditorPreview } from './editor-preview';
import { useFocusMode } from './focus-mode';
import { FrontMatterPanel } from './front-matter-panel';
import { OutdatedSourcePanel } from './outdated-source-panel';
import type { RichEditorHandle } from './rich-editor';
import type { EditorData } from './types';
import { isUploadableImage, uploadedImage, uploadMedia } from './upload';

// Tiptap is loaded only here, on the client: public pages never download it.
const RichEditor = lazy(() => import('./rich-editor'));

type Mode = 'rich' | 'source' | 'preview';

/** How long after the last keystroke the page is saved to the server (issue 26). */
const AUTOSAVE_DELAY_MS = 3_000;
/** "10:41" in the browser's time zone, with Persian digits in Persian. */
const SAVED_TIME: Intl.DateTimeFormatOptions = {
  dateStyle: undefined,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: undefined,
};
type Upload = { id: number; name: string; fraction: number };

const noop = () => () => undefined;
/** False while rendering on the server and hydrating, true afterwards. */
const useHydrated = () =>
  useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );

/** The front matter to start with: the page's, the translated page's (`?from=`), or only a title. */
function initialFrontMatter(data: EditorData): PageFrontMatter {
  if (data.document) return data.document.frontMatter;
  if (data.from) return { ...data.from.frontMatter, title: data.from.frontMatter.title };
  return { title: '' };
}

/** Empty optional fields are left out, so the file gets no `thumbnail: ""` the indexer would refuse. */
function cleanFrontMatter(frontMatter: PageFrontMatter): PageFrontMatter {
  return Object.fromEntries(
    Object.entries(frontMatter).filter(
      ([key, value]) => key === 'title' || (value !== undefined && value !== null && value !== ''),
    ),
  ) as PageFrontMatter;
}

/** A path inside a translated sentence, kept left-to-right in Persian (Unicode LRI … PDI). */
const isolate = (text: string) => `\u2066${text}\u2069`;

/** The toast for an image that could not be uploaded, naming the file and the server's reason. */
function uploadFailed(t: TFunction, name: string, error: unknown) {
  toast({
    title: t('editor.upload.failed', { name }),
    description: error instanceof Error ? error.message : undefined,
    color: 'error',
  });
}

/**
 * The page editor: WYSIWYG (Tiptap, loaded on the client) and Markdown source over one body, the
 * front matter beside it, a preview by the real renderer. Edits are kept in IndexedDB until they
 * are saved into the open build.
 */
export function EditorScreen({ data }: { data: EditorData }) {
  const { t } = useTranslation();
  const { locale: uiLocale, site } = useRootData();
  const dir = localeDirection[uiLocale];
  const hydrated = useHydrated();
  const { page } = data;
  const key = draftKey(page.locale, page.path);
  const address = pageAddress(page);

  const [frontMatter, setFrontMatter] = useState(() => initialFrontMatter(data));
  const [body, setBody] = useState(data.document?.body ?? '');
  const [message, setMessage] = useState('');
  const [mode, setMode] = useState<Mode>('rich');
  const [richKey, setRichKey] = useState(0);
  const [created, setCreated] = useState(data.document !== null);
  /** Every edit bumps the revision; the page is unsaved while it differs from the saved one. */
  const [revision, setRevision] = useState(0);
  const [savedRevision, setSavedRevision] = useState(0);
  const [saving, setSaving] = useState(false);
  const [lastSave, setLastSave] = useState<Date | null>(null);
  /** The last save was the author's own (Save, Ctrl+S), not the automatic one: the "see the open build" notice. */
  const [savedByHand, setSavedByHand] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [offer, setOffer] = useState<EditorDraft | null>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [thumbnailUploading, setThumbnailUploading] = useState(false);
  const dirty = revision !== savedRevision;

  const richRef = useRef<RichEditorHandle>(null);
  const sourceRef = useRef<HTMLTextAreaElement>(null);
  const latest = useRef({ frontMatter, body, mode, revision, created });
  latest.current = { frontMatter, body, mode, revision, created };

  /** The body as it is now, from whichever editor holds it. */
  const currentBody = useCallback(
    () => (latest.current.mode === 'rich' && richRef.current ? richRef.current.getMarkdown() : latest.current.body),
    [],
  );

  // ---- drafts in IndexedDB ----
  const draftTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const scheduleDraft = useCallback(() => {
    clearTimeout(draftTimer.current);
    draftTimer.current = setTimeout(() => {
      void writeDraft({
        key,
        frontMatter: latest.current.frontMatter,
        body: currentBody(),
        baseSha: data.document?.baseSha ?? null,
        savedAt: Date.now(),
      });
    }, 500);
  }, [key, currentBody, data.document?.baseSha]);
  useEffect(() => () => clearTimeout(draftTimer.current), []);

  // ---- autosave: a pending change, as Save makes, a few seconds after typing stops ----
  const autosaveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** After a conflict only the author's own Save goes on (it shows why); never over someone else's pending change. */
  const autosaveStopped = useRef(data.pendingBy !== null);
  const scheduleAutosave = useCallback(() => {
    clearTimeout(autosaveTimer.current);
    autosaveTimer.current = setTimeout(() => {
      const { title } = latest.current.frontMatter;
      // A page without a title cannot be saved yet: nothing is sent until it has one.
      if (!autosaveStopped.current && typeof title === 'string' && title.trim()) void saveRef.current({ auto: true });
    }, AUTOSAVE_DELAY_MS);
  }, []);
  useEffect(() => () => clearTimeout(autosaveTimer.current), []);

  const changed = useCallback(() => {
    setRevision((value) => value + 1);
    scheduleDraft();
    scheduleAutosave();
  }, [scheduleDraft, scheduleAutosave]);

  useEffect(() => {
    let live = true;
    void readDraft(key).then((draft) => {
      if (!live || !draft) return;
      const same =
        draft.body === (data.document?.body ?? '') &&
        JSON.stringify(draft.frontMatter) === JSON.stringify(initialFrontMatter(data));
      if (same) void deleteDraft(key);
      else setOffer(draft);
    });
    return () => {
      live = false;
    };
  }, [key, data]);

  const restore = (draft: EditorDraft) => {
    setFrontMatter(draft.frontMatter);
    setBody(draft.body);
    setRichKey((value) => value + 1);
    setRevision((value) => value + 1);
    setOffer(null);
  };
  const discard = () => {
    void deleteDraft(key);
    setOffer(null);
  };

  // ---- leaving with unsaved changes ----
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  // ---- saving ----
  const save = useCallback(
    async ({ auto = false }: { auto?: boolean } = {}) => {
      if (saving) {
        // A change typed while a save runs is saved after it.
        if (auto) scheduleAutosave();
        return;
      }
      if (!auto) clearTimeout(autosaveTimer.current);
      const markdown = currentBody();
      const started = latest.current.revision;
      setBody(markdown);
      setSaving(true);
      setErrors({});
      setFormError(null);
      try {
        await api.pages.save<SavedChange>({
          params: page,
          locale: uiLocale,
          body: {
            frontMatter: cleanFrontMatter(latest.current.frontMatter),
            body: markdown,
            message: message.trim() || undefined,
            baseSha: data.document?.baseSha ?? null,
          },
          // A page that does not exist yet is created, never written over one someone else created.
          headers: latest.current.created ? undefined : { 'If-None-Match': '*' },
        });
        setCreated(true);
        setSavedRevision(started);
        setLastSave(new Date());
        setSavedByHand(!auto);
        // The change note stays for the author's own Save; an automatic save sends it as it stands.
        if (!auto) {
          setMessage('');
          autosaveStopped.current = false;
        }
        clearTimeout(draftTimer.current);
        if (latest.current.revision === started) void deleteDraft(key);
        if (!auto) toast({ title: t('editor.saved'), description: t('editor.savedDetail'), color: 'success' });
      } catch (error) {
        if (!(error instanceof ApiRequestError)) throw error;
        const { statusCode, message: reason, data: details } = error.failure;
        const fields: Record<string, string> = {};
        for (const issue of details?.issues ?? [])
          if (issue.path[0] === 'frontMatter' && typeof issue.path[1] === 'string') fields[issue.path[1]] ??= issue.message;
        setErrors(fields);
        if (Object.keys(fields).length) setFormError(t('editor.fixFields'));
        else if (statusCode === 409) {
          setFormError(`${t('editor.conflict')}: ${reason}`);
          autosaveStopped.current = true;
        } else setFormError(reason || t('editor.saveFailed'));
        if (!auto) toast({ title: t('editor.saveFailed'), description: reason, color: 'error' });
      } finally {
        setSaving(false);
      }
    },
    [saving, currentBody, page, uiLocale, message, data.document?.baseSha, key, t, scheduleAutosave],
  );

  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // ---- focus mode: Ctrl/Cmd+Shift+F or the toolbar's button; Esc leaves it ----
  const [focusMode, setFocusMode] = useFocusMode();
  const focusRef = useRef(focusMode);
  focusRef.current = focusMode;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        setFocusMode(!focusRef.current);
      } else if (event.key === 'Escape' && focusRef.current) {
        // An Esc that closed a dialog, popover or list (they mark it handled) leaves the mode on; the text
        // itself (ProseMirror marks every Esc handled) does not count.
        const inText = event.target instanceof Element && event.target.closest('.ProseMirror');
        if (!event.defaultPrevented || inText) setFocusMode(false);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setFocusMode]);

  // ---- images ----
  const nextUpload = useRef(1);
  const uploadImages = useCallback(
    (files: File[], insert: (image: { src: string; alt: string }) => void) => {
      for (const file of files) {
        if (!isUploadableImage(file)) {
          toast({ title: t('editor.upload.notImage'), color: 'error' });
          continue;
        }
        const id = nextUpload.current++;
        setUploads((list) => [...list, { id, name: file.name, fraction: 0 }]);
        uploadMedia(file, uiLocale, (fraction) =>
          setUploads((list) => list.map((item) => (item.id === id ? { ...item, fraction } : item))),
        )
          .then((upload) => {
            insert(uploadedImage(upload));
            changed();
          })
          .catch((error: unknown) => uploadFailed(t, file.name, error))
          .finally(() => setUploads((list) => list.filter((item) => item.id !== id)));
      }
    },
    [uiLocale, changed, t],
  );

  /** A new file in place of an image (the image panel's Replace), its alt text, caption and width kept. */
  const replaceImage = useCallback(
    (file: File, src: string) =>
      uploadImages([file], (image) => {
        richRef.current?.replaceImage(src, image.src);
      }),
    [uploadImages],
  );

  const richImages = useCallback(
    (files: File[], at?: number) => uploadImages(files, (image) => richRef.current?.insertImage(image, at)),
    [uploadImages],
  );

  /** In source mode an image goes where the caret is, as `![alt](url)`. */
  const sourceImages = (files: File[]) => {
    const caret = sourceRef.current?.selectionStart ?? latest.current.body.length;
    uploadImages(files, ({ src, alt }) => {
      const text = latest.current.body;
      setBody(`${text.slice(0, caret)}![${alt}](${src})${text.slice(caret)}`);
    });
  };

  const thumbnailFile = (file: File) => {
    if (!isUploadableImage(file)) return toast({ title: t('editor.upload.notImage'), color: 'error' });
    setThumbnailUploading(true);
    uploadMedia(file, uiLocale, () => undefined)
      .then((upload) => {
        // `#WxH` tells the banner the image's width, so it lists only the copies it has (decision 0008).
        setFrontMatter((value) => ({ ...value, thumbnail: `${upload.url}#${upload.width}x${upload.height}` }));
        changed();
      })
      .catch((error: unknown) => uploadFailed(t, file.name, error))
      .finally(() => setThumbnailUploading(false));
  };

  const switchMode = (next: string) => {
    if (mode === 'rich' && richRef.current) setBody(richRef.current.getMarkdown());
    setMode(next as Mode);
  };

  const files = (list: FileList | null | undefined) => [...(list ?? [])].filter((file) => file.type.startsWith('image/'));
  const title = typeof frontMatter.title === 'string' && frontMatter.title.trim() ? frontMatter.title : t('editor.newPage');

  return (
    <section
      className="space-y-4 focus-mode:mx-auto focus-mode:max-w-4xl"
      data-testid="editor"
      data-hydrated={hydrated ? 'true' : undefined}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-fg-muted">{created ? t('editor.editing') : t('editor.newPage')}</p>
          <h1 className="truncate text-2xl font-bold" dir="auto">
            {title}
          </h1>
          <p className="text-sm text-fg-muted">
            <bdi dir="ltr">{address}</bdi>
          </p>
        </div>
        {/* On a phone the save state and Save stay in a bar at the bottom of the screen (D18). */}
        <div
          data-testid="save-bar"
          data-save-bar
          className="flex items-center gap-3 max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-30 max-sm:justify-between max-sm:border-t max-sm:border-border max-sm:bg-surface max-sm:px-4 max-sm:py-2 max-sm:shadow-[0_-2px_6px_rgb(0_0_0/0.06)]"
        >
          <span className="text-sm text-fg-muted" role="status" data-testid="save-state">
            {saving
              ? t('editor.saving')
              : dirty
                ? t('editor.unsaved')
                : lastSave
                  ? t('editor.savedAt', { time: formatDate(uiLocale, lastSave, SAVED_TIME) })
                  : t('editor.allSaved')}
          </span>
          <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
            <Tooltip.Root>
              <Tooltip.Trigger asChild>
                <Button
                  type="button"
                  onClick={() => void save()}
                  disabled={saving || !hydrated}
                  aria-keyshortcuts="Control+S Meta+S"
                >
                  {saving ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Save aria-hidden className="size-4" />}
                  {saving ? t('editor.saving') : t('editor.save')}
                </Button>
              </Tooltip.Trigger>
              <Tooltip.Portal>
                <Tooltip.Content
                  side="bottom"
                  sideOffset={6}
                  className="z-50 rounded-md bg-neutral-900 px-2 py-1 text-xs text-white shadow dark:bg-neutral-100 dark:text-neutral-900"
                >
                  {t('editor.saveShortcut')}
                </Tooltip.Content>
              </Tooltip.Portal>
            </Tooltip.Root>
          </Tooltip.Provider>
        </div>
      </header>

      {offer ? (
        <div data-testid="restore-offer">
          <Alert
            tone="info"
            title={t('editor.restoreTitle', {
              time: formatDate(uiLocale, offer.savedAt, { dateStyle: 'medium', timeStyle: 'short', timeZone: undefined }),
            })}
          >
            <p>{t('editor.restoreDetail')}</p>
            <div className="mt-3 flex gap-2">
              <Button type="button" size="sm" onClick={() => restore(offer)}>
                {t('editor.restore')}
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={discard}>
                {t('editor.discard')}
              </Button>
            </div>
          </Alert>
        </div>
      ) : null}
      {data.pendingBy ? (
        <Alert
          tone="warning"
          title={
            data.pendingBy.displayName
              ? t('editor.pendingOther', {
                  name: data.pendingBy.displayName,
                  time: formatDate(uiLocale, data.pendingBy.createdAt, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                    timeZone: undefined,
                  }),
                })
              : t('editor.pendingSomeone', {
                  time: formatDate(uiLocale, data.pendingBy.createdAt, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                    timeZone: undefined,
                  }),
                })
          }
        />
      ) : data.document?.pending ? (
        <Alert tone="info" title={t('editor.pendingKind', { kind: t(`editor.pendingKinds.${data.document.pending}`) })} />
      ) : null}
      {!created ? <Alert tone="info" title={t('editor.newNotice', { path: isolate(address) })} /> : null}
      {data.from && !created ? (
        <Alert tone="info" title={t('editor.fromNotice', { page: isolate(pageAddress(data.from.page)) })} />
      ) : null}
      {formError ? <Alert tone="error" title={formError} /> : null}
      {savedByHand && !dirty ? (
        <Alert tone="success" title={t('editor.saved')}>
          <Link to={paths.manage(uiLocale, 'builds')} className="text-primary-strong underline">
            {t('editor.openBuilds')}
          </Link>
        </Alert>
      ) : null}
      {uploads.length ? (
        <ul className="space-y-1 text-sm" aria-live="polite" data-testid="uploads">
          {uploads.map((upload) => (
            <li key={upload.id} className="flex items-center gap-2">
              <Loader2 aria-hidden className="size-4 animate-spin" />
              {t('editor.upload.progress', {
                name: upload.name,
                percent: formatNumber(uiLocale, upload.fraction, { style: 'percent' }),
              })}
              <progress max={1} value={upload.fraction} className="h-1.5 w-24 accent-primary" />
            </li>
          ))}
        </ul>
      ) : null}

      {data.document ? <OutdatedSourcePanel page={page} /> : null}

      {/* The page's details beside the text from 1280 px (a narrower screen or focus mode puts them below it). */}
      <div className="grid items-start gap-4 focus-mode:block focus-mode:space-y-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <Tabs value={mode} onValueChange={switchMode} dir={dir} className="min-w-0 rounded-lg border border-border bg-surface">
          <TabsList aria-label={t('editor.modes.label')} className="px-2">
            <TabsTrigger value="rich">{t('editor.modes.rich')}</TabsTrigger>
            <TabsTrigger value="source">{t('editor.modes.source')}</TabsTrigger>
            <TabsTrigger value="preview">{t('editor.modes.preview')}</TabsTrigger>
          </TabsList>
          <TabsContent value="rich" className="pt-0">
            {hydrated ? (
              <Suspense fallback={<EditorLoading />}>
                <RichEditor
                  key={richKey}
                  ref={richRef}
                  markdown={body}
                  dir={dir}
                  locale={uiLocale}
                  label={t('editor.bodyLabel')}
                  onChange={changed}
                  onImageFiles={richImages}
                  onReplaceImage={replaceImage}
                  focusMode={focusMode}
                  onFocusMode={setFocusMode}
                />
              </Suspense>
            ) : (
              <EditorLoading />
            )}
          </TabsContent>
          <TabsContent value="source" className="p-2">
            <textarea
              ref={sourceRef}
              value={body}
              dir="auto"
              spellCheck={false}
              aria-label={t('editor.sourceLabel')}
              onChange={(event) => {
                setBody(event.target.value);
                changed();
              }}
              onPaste={(event) => {
                const images = files(event.clipboardData.files);
                if (!images.length) return;
                event.preventDefault();
                sourceImages(images);
              }}
              onDrop={(event) => {
                const images = files(event.dataTransfer.files);
                if (!images.length) return;
                event.preventDefault();
                sourceImages(images);
              }}
              // Each line takes its own direction from its first letter (a Persian line right-to-left, a code
              // or English line left-to-right: `unicode-bidi: plaintext` is `dir="auto"` per line), and a
              // Persian page is shown in the reading font: monospace fonts draw Persian poorly (issue 25).
              data-testid="markdown-source"
              className={`block min-h-96 w-full resize-y rounded-md bg-surface p-3 text-sm leading-relaxed text-fg [unicode-bidi:plaintext] focus:outline-none ${page.locale === 'fa' ? 'font-sans' : 'font-mono'}`}
              rows={24}
            />
          </TabsContent>
          <TabsContent value="preview" className="p-4">
            {mode === 'preview' ? <EditorPreview markdown={body} locale={page.locale} uiLocale={uiLocale} /> : null}
          </TabsContent>
        </Tabs>

        <FrontMatterPanel
          value={frontMatter}
          onChange={(next) => {
            setFrontMatter(next);
            changed();
          }}
          errors={errors}
          cats={site.cats}
          locale={uiLocale}
          message={message}
          onMessageChange={setMessage}
          onThumbnailFile={thumbnailFile}
          thumbnailUploading={thumbnailUploading}
        />
      </div>

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open && blocker.state === 'blocked') blocker.reset();
        }}
        title={t('editor.leaveTitle')}
        description={t('editor.leaveDetail')}
        confirmLabel={t('editor.leave')}
        cancelLabel={t('editor.stay')}
        onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
      />
    </section>
  );
}

function EditorLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-96 items-center justify-center gap-2 text-fg-muted">
      <Loader2 aria-hidden className="size-4 animate-spin" />
      {t('editor.loading')}
    </div>
  );
}

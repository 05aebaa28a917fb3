import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { localeDirection } from '../../../../common/locales';
import { blockDirection } from '../../../../common/text-direction';
import { useRootData } from '../../../lib/root-data';
import { useSession } from '../../../lib/session';
import { Alert } from '../../ui/alert';
import { LeaveDialog, useLeaveGuard } from '../leave-guard';
import { pageAddress } from '../pages/page-path';
import { EditorBody } from './editor-body';
import { PageNotices, RestoreOffer, SavedNotice, UploadList } from './editor-notices';
import { useFocusModeKeys } from './focus-mode';
import { FrontMatterPanel } from './front-matter-panel';
import { OutdatedSourcePanel } from './outdated-source-panel';
import { PageSchedulePanel } from './page-schedule';
import { SaveBar } from './save-bar';
import { SourcePane } from './source-pane';
import type { EditorData } from './types';
import { useImageUploads } from './use-image-uploads';
import { useKeptDraft } from './use-kept-draft';
import { usePageContent } from './use-page-content';
import { usePageSave } from './use-page-save';

const SOURCE_HIDDEN_KEY = 'daftar.translationSourceHidden';
/** Whether the author hid the translation's source (kept in this browser; storage may be refused). */
function readSourceHidden() {
  try {
    return localStorage.getItem(SOURCE_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}
function keepSourceHidden(hidden: boolean) {
  try {
    if (hidden) localStorage.setItem(SOURCE_HIDDEN_KEY, '1');
    else localStorage.removeItem(SOURCE_HIDDEN_KEY);
  } catch {
    // Private mode or storage refused: hidden for this visit only.
  }
}

const noop = () => () => undefined;
/** False while rendering on the server and hydrating, true afterwards. */
const useHydrated = () =>
  useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );

/**
 * The page editor: WYSIWYG (Tiptap, loaded on the client) and Markdown source over one body, the
 * front matter beside it, a preview by the real renderer. Edits are kept in IndexedDB until they
 * are saved into the open build, by the author or automatically.
 */
export function EditorScreen({ data }: { data: EditorData }) {
  const { t } = useTranslation();
  const { locale, site } = useRootData();
  const hydrated = useHydrated();
  const { page } = data;

  const content = usePageContent(data);
  const { user } = useSession();
  const draft = useKeptDraft(user?.id ?? null, data, content);
  const saver = usePageSave({ data, locale, content, draft });
  const { bump } = content;
  const { schedule: scheduleDraft } = draft;
  const { scheduleAutosave } = saver;
  /** Every edit: a new revision, a kept draft and, a few seconds on, an automatic save. */
  const changed = useCallback(() => {
    bump();
    scheduleDraft();
    scheduleAutosave();
  }, [bump, scheduleDraft, scheduleAutosave]);
  const images = useImageUploads(locale, content, changed);
  const [focusMode, setFocusMode] = useFocusModeKeys();
  const blocker = useLeaveGuard(saver.dirty);

  // Translating side by side: the source beside the text, its block under the caret or pointer highlighted.
  // Hidden stays hidden for the next translation in this browser, until shown again.
  const [sourceOpen, setSourceOpen] = useState(true);
  useEffect(() => {
    if (readSourceHidden()) setSourceOpen(false);
  }, []);
  const showSource = useCallback((open: boolean) => {
    setSourceOpen(open);
    keepSourceHidden(!open);
  }, []);
  const [caretBlock, setCaretBlock] = useState<number | null>(null);
  const [pointerBlock, setPointerBlock] = useState<number | null>(null);
  const onActiveBlock = useCallback((block: { caret?: number; pointer?: number | null }) => {
    if (block.caret !== undefined) setCaretBlock(block.caret);
    if (block.pointer !== undefined) setPointerBlock(block.pointer);
  }, []);
  const beside = data.source !== null && sourceOpen && !focusMode;

  const { title } = content.frontMatter;
  return (
    <section
      className="space-y-4 focus-mode:mx-auto focus-mode:max-w-4xl"
      data-testid="editor"
      data-hydrated={hydrated ? 'true' : undefined}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-fg-muted">{saver.created ? t('editor.editing') : t('editor.newPage')}</p>
          {typeof title === 'string' && title.trim() ? (
            // The page's title as published: in the page's language and direction (D1).
            <h1
              className="truncate text-2xl font-bold"
              lang={page.locale}
              dir={blockDirection(title, localeDirection[page.locale])}
            >
              {title}
            </h1>
          ) : (
            <h1 className="truncate text-2xl font-bold">{t('editor.newPage')}</h1>
          )}
          <p className="text-sm text-fg-muted">
            <bdi dir="ltr">{pageAddress(page)}</bdi>
          </p>
        </div>
        <SaveBar
          locale={locale}
          saving={saver.saving}
          dirty={saver.dirty}
          lastSave={saver.lastSave}
          ready={hydrated}
          onSave={() => void saver.save()}
        />
      </header>

      {draft.offer ? (
        <RestoreOffer
          offer={draft.offer}
          locale={locale}
          onRestore={() => draft.offer && draft.restore(draft.offer)}
          onDiscard={draft.discard}
        />
      ) : null}
      <PageNotices data={data} created={saver.created} locale={locale} />
      {saver.formError ? <Alert tone="error" title={saver.formError} /> : null}
      {saver.savedByHand && !saver.dirty ? <SavedNotice locale={locale} /> : null}
      <UploadList uploads={images.uploads} locale={locale} />

      {data.document ? <OutdatedSourcePanel page={page} /> : null}
      {data.schedule ? (
        <PageSchedulePanel
          key={`${data.schedule.publishAt}|${data.schedule.unpublishAt}`}
          page={page}
          schedule={data.schedule}
          translation={data.translation}
          canSchedule={data.canSchedule}
        />
      ) : null}

      {/* A translation's source beside the text from 1024 px (above it on a narrower screen), the
          details then below the text; without one, the details beside the text from 1280 px (a
          narrower screen or focus mode puts them below it). */}
      <div className={beside ? 'grid items-start gap-4 lg:grid-cols-2' : 'space-y-4'} data-testid="editor-columns">
        {data.source && !focusMode ? (
          <SourcePane
            source={data.source}
            locale={locale}
            active={pointerBlock ?? caretBlock}
            open={sourceOpen}
            onOpenChange={showSource}
          />
        ) : null}
        <div
          className={
            beside
              ? 'min-w-0 space-y-4'
              : 'grid items-start gap-4 focus-mode:block focus-mode:space-y-4 xl:grid-cols-[minmax(0,1fr)_18rem]'
          }
        >
          <EditorBody
            onActiveBlock={data.source ? onActiveBlock : undefined}
            content={content}
            pageLocale={page.locale}
            locale={locale}
            hydrated={hydrated}
            changed={changed}
            images={images}
            focusMode={focusMode}
            onFocusMode={setFocusMode}
          />
          <FrontMatterPanel
            value={content.frontMatter}
            onChange={(next) => {
              content.setFrontMatter(next);
              changed();
            }}
            errors={saver.errors}
            cats={site.cats}
            locale={locale}
            message={saver.message}
            onMessageChange={saver.setMessage}
            onThumbnailFile={images.thumbnailFile}
            thumbnailUploading={images.thumbnailUploading}
          />
        </div>
      </div>

      <LeaveDialog
        blocker={blocker}
        title={t('editor.leaveTitle')}
        description={t('editor.leaveDetail')}
        confirmLabel={t('editor.leave')}
        cancelLabel={t('editor.stay')}
      />
    </section>
  );
}

import { Loader2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type Locale, localeDirection } from '../../../../common/locales';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { EditorPreview } from './editor-preview';
import type { useImageUploads } from './use-image-uploads';
import type { PageContent } from './use-page-content';

// Tiptap is loaded only here, on the client: public pages never download it.
const RichEditor = lazy(() => import('./rich-editor'));

type Props = {
  content: PageContent;
  /** The page's language (the source text's font), not the dashboard's. */
  pageLocale: Locale;
  locale: Locale;
  hydrated: boolean;
  changed: () => void;
  images: ReturnType<typeof useImageUploads>;
  focusMode: boolean;
  onFocusMode: (on: boolean) => void;
  /** The block the author is at or points to (translating side by side). */
  onActiveBlock?: (block: { caret?: number; pointer?: number | null }) => void;
};

/** The body in three tabs: WYSIWYG (Tiptap), Markdown source, and a preview by the real renderer. */
export function EditorBody({
  content,
  pageLocale,
  locale,
  hydrated,
  changed,
  images,
  focusMode,
  onFocusMode,
  onActiveBlock,
}: Props) {
  const { t } = useTranslation();
  const dir = localeDirection[locale];
  const { mode, body } = content;
  return (
    <Tabs
      value={mode}
      onValueChange={content.switchMode}
      dir={dir}
      className="min-w-0 rounded-lg border border-border bg-surface"
    >
      <TabsList aria-label={t('editor.modes.label')} className="px-2">
        <TabsTrigger value="rich">{t('editor.modes.rich')}</TabsTrigger>
        <TabsTrigger value="source">{t('editor.modes.source')}</TabsTrigger>
        <TabsTrigger value="preview">{t('editor.modes.preview')}</TabsTrigger>
      </TabsList>
      <TabsContent value="rich" className="pt-0">
        {hydrated ? (
          <Suspense fallback={<EditorLoading />}>
            <RichEditor
              key={content.richKey}
              ref={content.richRef}
              markdown={body}
              dir={dir}
              locale={locale}
              pageLocale={pageLocale}
              label={t('editor.bodyLabel')}
              onChange={changed}
              onImageFiles={images.richImages}
              onReplaceImage={images.replaceImage}
              focusMode={focusMode}
              onFocusMode={onFocusMode}
              onActiveBlock={onActiveBlock}
            />
          </Suspense>
        ) : (
          <EditorLoading />
        )}
      </TabsContent>
      <TabsContent value="source" className="p-2">
        <SourceEditor content={content} pageLocale={pageLocale} changed={changed} onImages={images.sourceImages} />
      </TabsContent>
      <TabsContent value="preview" className="p-4">
        {mode === 'preview' ? <EditorPreview markdown={body} locale={pageLocale} uiLocale={locale} /> : null}
      </TabsContent>
    </Tabs>
  );
}

const imageFiles = (list: FileList | null | undefined) => [...(list ?? [])].filter((file) => file.type.startsWith('image/'));

/** The Markdown source; images pasted or dropped into it are uploaded and put at the caret. */
function SourceEditor({
  content,
  pageLocale,
  changed,
  onImages,
}: {
  content: PageContent;
  pageLocale: Locale;
  changed: () => void;
  onImages: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const take = (event: { preventDefault: () => void }, list: FileList) => {
    const images = imageFiles(list);
    if (!images.length) return;
    event.preventDefault();
    onImages(images);
  };
  return (
    <textarea
      ref={content.sourceRef}
      value={content.body}
      dir="auto"
      spellCheck={false}
      aria-label={t('editor.sourceLabel')}
      onChange={(event) => {
        content.setBody(event.target.value);
        changed();
      }}
      onPaste={(event) => take(event, event.clipboardData.files)}
      onDrop={(event) => take(event, event.dataTransfer.files)}
      // Each line takes its own direction from its first letter (a Persian line right-to-left, a code
      // or English line left-to-right: `unicode-bidi: plaintext` is `dir="auto"` per line), and a
      // Persian page is shown in the reading font: monospace fonts draw Persian poorly (issue 25).
      data-testid="markdown-source"
      className={`block min-h-96 w-full resize-y rounded-md bg-surface p-3 text-sm leading-relaxed text-fg [unicode-bidi:plaintext] focus:outline-none ${pageLocale === 'fa' ? 'font-sans' : 'font-mono'}`}
      rows={24}
    />
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

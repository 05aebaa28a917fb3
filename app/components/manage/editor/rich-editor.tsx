import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import {
  Bold,
  Code,
  Film,
  Heading2,
  Heading3,
  ImagePlus,
  Images,
  Italic,
  Keyboard,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Maximize2,
  Minimize2,
  Minus,
  Quote,
  Redo2,
  SquareCode,
  Strikethrough,
  Table,
  Undo2,
} from 'lucide-react';
import { Toolbar } from 'radix-ui';
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Locale, localeDirection } from '../../../../common/locales';
import { Tip } from '../../ui/icon-button';
import { MediaPickerDialog } from '../media/media-picker';
import { codeLanguageOptions } from './code-language';
import { EmbedDialog } from './embed-dialog';
import { insertEmbed } from './embed-node';
import { editorExtensions } from './extensions';
import { insertImageAt } from './image-node';
import { ImagePanel } from './image-panel';
import { keepSourceFormatting } from './keep-source';
import { LinkPopover } from './link-popover';
import { ShortcutHelp } from './shortcut-help';
import { WritingStats } from './writing-stats';

/** What the editor screen asks of the WYSIWYG editor. */
export type RichEditorHandle = {
  getMarkdown: () => string;
  insertImage: (image: { src: string; alt: string }, at?: number) => void;
  /** Puts a new file's address in place of an image's, keeping its alt text, caption and width. */
  replaceImage: (oldSrc: string, newSrc: string) => void;
  focus: () => void;
};

type RichEditorProps = {
  markdown: string;
  dir: 'rtl' | 'ltr';
  /** The dashboard's language (the link popover's page search answers in it). */
  locale: Locale;
  /** The page's language: the editing surface's `lang` and `dir` (lists numbered, spell-checked and laid out as published). */
  pageLocale: Locale;
  label: string;
  /** Called on every change of the document. */
  onChange: () => void;
  /** Image files pasted, dropped, or chosen with the toolbar button; `at` is the drop position. */
  onImageFiles: (files: File[], at?: number) => void;
  /** A file chosen to replace the image at `src`. */
  onReplaceImage: (file: File, src: string) => void;
  /** Focus mode (focus-mode.ts): the toolbar's toggle shows and changes it. */
  focusMode: boolean;
  onFocusMode: (on: boolean) => void;
  /**
   * The top-level block the author is at (the caret, once the text has the focus) or points at
   * (null when the pointer leaves): translating side by side highlights the source's block with
   * the same number (source-pane.tsx).
   */
  onActiveBlock?: (block: { caret?: number; pointer?: number | null }) => void;
};

/** The index of the top-level block holding document position `pos` (the last one past the end). */
function blockAt(doc: Editor['state']['doc'], pos: number) {
  const index = doc.resolve(Math.max(0, Math.min(pos, doc.content.size))).index(0);
  return Math.min(index, Math.max(0, doc.childCount - 1));
}

const imageFiles = (list: FileList | null | undefined) => [...(list ?? [])].filter((file) => file.type.startsWith('image/'));

/**
 * Tiptap 3 over the editor's schema (extensions.ts). Loaded only by the editor route, on the
 * client (React.lazy), so public pages never download it. The editing surface is in the page's
 * language and direction; a block whose letters are all of the other direction turns, by the rule
 * the published page uses (common/text-direction.ts); code blocks stay left-to-right.
 */
const RichEditor = forwardRef<RichEditorHandle, RichEditorProps>(function RichEditor(
  { markdown, dir, locale, pageLocale, label, onChange, onImageFiles, onReplaceImage, focusMode, onFocusMode, onActiveBlock },
  ref,
) {
  const { t } = useTranslation();
  const [linkOpen, setLinkOpen] = useState(false);
  const [embedOpen, setEmbedOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  // Whether the shortcuts were opened by Ctrl+/ from the text (then closing puts the caret back there).
  const helpFromText = useRef(false);
  const helpOpener = useRef<HTMLElement | null>(null);
  // The media library (issue 26 item 8): open to insert an image, or to replace the image at `replace`.
  const [library, setLibrary] = useState<{ replace?: string } | null>(null);
  const filesRef = useRef(onImageFiles);
  filesRef.current = onImageFiles;
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  const replaceRef = useRef(onReplaceImage);
  replaceRef.current = onReplaceImage;
  const activeRef = useRef(onActiveBlock);
  activeRef.current = onActiveBlock;
  const editor = useEditor({
    extensions: editorExtensions({
      altMissing: t('editor.image.altMissing'),
      videoLabel: t('editor.embed.card'),
      pageDirection: localeDirection[pageLocale],
    }),
    content: markdown,
    contentType: 'markdown',
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'prose min-h-96 max-w-none px-4 py-3 focus:outline-none',
        lang: pageLocale,
        dir: localeDirection[pageLocale],
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
      },
      handleKeyDown: (view, event) => {
        // Ctrl/Cmd+/: the list of shortcuts (issue 26).
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key === '/') {
          event.preventDefault();
          helpFromText.current = true;
          setHelpOpen(true);
          return true;
        }
        // Ctrl/Cmd+K: the link popover (issue 26).
        if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          // A selection made by the keyboard just before (Shift+Home) reaches the editor's state on the
          // next selectionchange event, after the popover has taken the focus: read it now.
          (view as unknown as { domObserver?: { flush?: () => void } }).domObserver?.flush?.();
          setLinkOpen(true);
          return true;
        }
        return false;
      },
      handleDOMEvents: {
        mouseover: (view, event) => {
          const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
          if (at) activeRef.current?.({ pointer: blockAt(view.state.doc, at.pos) });
          return false;
        },
        mouseleave: () => {
          activeRef.current?.({ pointer: null });
          return false;
        },
      },
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (!files.length) return false;
        event.preventDefault();
        filesRef.current(files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = moved ? [] : imageFiles(event.dataTransfer?.files);
        if (!files.length) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        filesRef.current(files, at);
        return true;
      },
    },
    onUpdate: () => changeRef.current(),
    onSelectionUpdate: ({ editor: current }) => {
      if (current.isFocused) activeRef.current?.({ caret: blockAt(current.state.doc, current.state.selection.from) });
    },
    onFocus: ({ editor: current }) => activeRef.current?.({ caret: blockAt(current.state.doc, current.state.selection.from) }),
  });

  const insertImage = (image: { src: string; alt: string }, at?: number) => {
    if (editor) insertImageAt(editor, image, at);
  };
  const replaceImage = (oldSrc: string, newSrc: string) => {
    if (!editor) return;
    editor.state.doc.descendants((node, pos) => {
      if (node.type.name !== 'image' || node.attrs.src !== oldSrc) return true;
      editor.view.dispatch(editor.state.tr.setNodeMarkup(pos, undefined, { ...node.attrs, src: newSrc }));
      return false;
    });
  };
  useImperativeHandle(
    ref,
    () => ({
      getMarkdown: () => (editor ? keepSourceFormatting(markdown, editor.getMarkdown()) : markdown),
      insertImage,
      replaceImage,
      focus: () => editor?.commands.focus(),
    }),
    // No dependency list: the helpers are new each render and read only the current `editor`.
  );

  return (
    <div className="rounded-b-lg">
      {editor ? (
        <div className="sticky top-0 z-10 sm:top-[65px] sm:focus-mode:top-0">
          <FormatToolbar
            editor={editor}
            dir={dir}
            locale={locale}
            onImageFiles={(files) => filesRef.current(files)}
            onLink={() => setLinkOpen(true)}
            onLibrary={() => setLibrary({})}
            onEmbed={() => setEmbedOpen(true)}
            focusMode={focusMode}
            onFocusMode={onFocusMode}
            onHelp={() => {
              helpFromText.current = false;
              helpOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              setHelpOpen(true);
            }}
          />
          <ImagePanel
            editor={editor}
            onReplace={(file, image) => replaceRef.current(file, image.src)}
            onLibrary={(image) => setLibrary({ replace: image.src })}
          />
        </div>
      ) : null}
      <EditorContent editor={editor} />
      {editor ? <LinkPopover editor={editor} open={linkOpen} onOpenChange={setLinkOpen} dir={dir} locale={locale} /> : null}
      <ShortcutHelp
        open={helpOpen}
        onOpenChange={setHelpOpen}
        // Back to the toolbar button that opened it, or to the text after Ctrl+/.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (helpFromText.current || !helpOpener.current?.isConnected) editor?.commands.focus();
          else helpOpener.current.focus();
        }}
      />
      <EmbedDialog
        open={embedOpen}
        onOpenChange={setEmbedOpen}
        onInsert={(address) => {
          setEmbedOpen(false);
          // The embed card (embed-node.ts), written as the address alone on its line: the renderer's embed.
          if (editor) insertEmbed(editor, address);
        }}
        // Radix gives the focus back to the toolbar button; after inserting, the caret is in the text.
        onCloseAutoFocus={(event) => {
          if (editor?.isFocused) event.preventDefault();
        }}
      />
      <MediaPickerDialog
        open={library !== null}
        onOpenChange={(open) => {
          if (!open) setLibrary(null);
        }}
        onPick={(item) => {
          // The size travels in the address as uploads give it (`#WxH`), so the page reserves the image's space.
          const src = item.width && item.height ? `${item.url}#${item.width}x${item.height}` : item.url;
          if (library?.replace) replaceImage(library.replace, src);
          // A picked file has no alt text yet: the image is selected, so its panel's alt nudge shows.
          else insertImage({ src, alt: '' });
          setLibrary(null);
        }}
      />
    </div>
  );
});
export default RichEditor;

type Action = {
  key: string;
  Icon: LucideIcon;
  run: (editor: Editor) => void;
  active?: (editor: Editor) => boolean;
  enabled?: (editor: Editor) => boolean;
  /** Icons with a direction (arrows, list bullets) are mirrored in right-to-left pages. */
  mirror?: boolean;
  /** `aria-keyshortcuts`. */
  shortcut?: string;
};

const groups: Action[][] = [
  [
    { key: 'undo', Icon: Undo2, run: (e) => e.chain().focus().undo().run(), enabled: (e) => e.can().undo(), mirror: true },
    { key: 'redo', Icon: Redo2, run: (e) => e.chain().focus().redo().run(), enabled: (e) => e.can().redo(), mirror: true },
  ],
  [
    { key: 'bold', Icon: Bold, run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive('bold') },
    { key: 'italic', Icon: Italic, run: (e) => e.chain().focus().toggleItalic().run(), active: (e) => e.isActive('italic') },
    {
      key: 'strike',
      Icon: Strikethrough,
      run: (e) => e.chain().focus().toggleStrike().run(),
      active: (e) => e.isActive('strike'),
    },
    { key: 'code', Icon: Code, run: (e) => e.chain().focus().toggleCode().run(), active: (e) => e.isActive('code') },
  ],
  [
    {
      key: 'heading2',
      Icon: Heading2,
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
      active: (e) => e.isActive('heading', { level: 2 }),
    },
    {
      key: 'heading3',
      Icon: Heading3,
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
      active: (e) => e.isActive('heading', { level: 3 }),
    },
    {
      key: 'bulletList',
      Icon: List,
      run: (e) => e.chain().focus().toggleBulletList().run(),
      active: (e) => e.isActive('bulletList'),
      mirror: true,
    },
    {
      key: 'orderedList',
      Icon: ListOrdered,
      run: (e) => e.chain().focus().toggleOrderedList().run(),
      active: (e) => e.isActive('orderedList'),
      mirror: true,
    },
    {
      key: 'quote',
      Icon: Quote,
      run: (e) => e.chain().focus().toggleBlockquote().run(),
      active: (e) => e.isActive('blockquote'),
    },
    {
      key: 'codeBlock',
      Icon: SquareCode,
      run: (e) => e.chain().focus().toggleCodeBlock().run(),
      active: (e) => e.isActive('codeBlock'),
    },
  ],
  [
    { key: 'link', Icon: Link2, run: () => undefined, active: (e) => e.isActive('link'), shortcut: 'Control+K Meta+K' },
    { key: 'image', Icon: ImagePlus, run: () => undefined },
    { key: 'library', Icon: Images, run: () => undefined },
    { key: 'embed', Icon: Film, run: () => undefined },
    {
      key: 'table',
      Icon: Table,
      run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 2, withHeaderRow: true }).run(),
      enabled: (e) => !e.isActive('table'),
    },
    { key: 'rule', Icon: Minus, run: (e) => e.chain().focus().setHorizontalRule().run() },
  ],
  [
    { key: 'shortcuts', Icon: Keyboard, run: () => undefined, shortcut: 'Control+/ Meta+/' },
    { key: 'focusMode', Icon: Maximize2, run: () => undefined, shortcut: 'Control+Shift+F Meta+Shift+F' },
  ],
];

/**
 * The formatting toolbar: a Radix Toolbar (one tab stop, arrow keys move between buttons and
 * follow the page's direction, so it mirrors in Persian), each button named by `aria-label` and a
 * tooltip (700 ms to open, 300 ms to skip to the next one).
 */
function FormatToolbar({
  editor,
  dir,
  locale,
  onImageFiles,
  onLink,
  onLibrary,
  onEmbed,
  onHelp,
  focusMode,
  onFocusMode,
}: {
  editor: Editor;
  dir: 'rtl' | 'ltr';
  locale: Locale;
  onImageFiles: (files: File[]) => void;
  onLink: () => void;
  onLibrary: () => void;
  onEmbed: () => void;
  onHelp: () => void;
  focusMode: boolean;
  onFocusMode: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries([
        ...groups
          .flat()
          .map((action) => [
            action.key,
            { active: action.active?.(current) ?? false, enabled: action.enabled?.(current) ?? true },
          ]),
        // The code-block language picker shows while the caret is in a code block.
        ['codeLanguage', current.isActive('codeBlock') ? String(current.getAttributes('codeBlock').language ?? '') : null],
      ]),
  });
  const codeLanguage = state.codeLanguage as string | null;

  const run = (action: Action) => {
    if (action.key === 'image') return fileInput.current?.click();
    if (action.key === 'link') return onLink();
    if (action.key === 'library') return onLibrary();
    if (action.key === 'embed') return onEmbed();
    if (action.key === 'shortcuts') return onHelp();
    if (action.key === 'focusMode') return onFocusMode(!focusMode);
    action.run(editor);
  };

  return (
    <>
      <Toolbar.Root
        dir={dir}
        aria-label={t('editor.toolbar.label')}
        className="flex flex-wrap items-center gap-1 border-b border-border bg-surface px-2 py-1.5"
      >
        {groups.map((group, index) => (
          <div key={group[0]!.key} className="flex items-center gap-0.5">
            {index > 0 ? <Toolbar.Separator className="mx-1 hidden h-6 w-px bg-border sm:block" /> : null}
            {group.map((action) => {
              const { active, enabled } = (state[action.key] as { active: boolean; enabled: boolean } | undefined) ?? {
                active: false,
                enabled: true,
              };
              const toggle = action.key === 'focusMode';
              const name = t(`editor.toolbar.${action.key}`);
              const Icon = toggle && focusMode ? Minimize2 : action.Icon;
              return (
                <Tip key={action.key} label={name} side="bottom">
                  <Toolbar.Button
                    type="button"
                    aria-label={name}
                    aria-pressed={toggle ? focusMode : action.active ? active : undefined}
                    aria-keyshortcuts={action.shortcut}
                    disabled={!enabled}
                    onClick={() => run(action)}
                    className="inline-flex size-8 items-center justify-center rounded-md text-fg-muted hover:bg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-secondary disabled:opacity-40 aria-pressed:bg-primary/15 aria-pressed:text-primary-strong"
                  >
                    <Icon aria-hidden className={`size-4 ${action.mirror ? 'rtl:-scale-x-100' : ''}`} />
                  </Toolbar.Button>
                </Tip>
              );
            })}
          </div>
        ))}
        {codeLanguage !== null ? (
          <label className="flex items-center gap-1 text-xs text-fg-muted">
            {t('editor.codeLanguage.label')}
            <select
              value={codeLanguage}
              onChange={(event) =>
                // The caret stays in the block; the focus stays on the picker (arrow keys go on choosing).
                editor
                  .chain()
                  .updateAttributes('codeBlock', { language: event.target.value || null })
                  .run()
              }
              dir="ltr"
              data-testid="code-language"
              className="rounded-md border border-border bg-surface px-1.5 py-1 text-xs text-fg"
            >
              <option value="">{t('editor.codeLanguage.none')}</option>
              {codeLanguageOptions(codeLanguage).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <WritingStats editor={editor} locale={locale} />
      </Toolbar.Root>
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
        multiple
        hidden
        onChange={(event) => {
          const files = imageFiles(event.target.files);
          event.target.value = '';
          if (files.length) onImageFiles(files);
        }}
      />
    </>
  );
}

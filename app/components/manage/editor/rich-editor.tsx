import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import {
  Bold,
  Code,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Minus,
  Quote,
  Redo2,
  SquareCode,
  Strikethrough,
  Table,
  Undo2,
} from 'lucide-react';
import { Toolbar } from 'radix-ui';
import { forwardRef, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Tip } from '../../ui/icon-button';
import { editorExtensions } from './extensions';

/** What the editor screen asks of the WYSIWYG editor. */
export type RichEditorHandle = {
  getMarkdown: () => string;
  insertImage: (image: { src: string; alt: string }, at?: number) => void;
  focus: () => void;
};

type RichEditorProps = {
  markdown: string;
  dir: 'rtl' | 'ltr';
  label: string;
  /** Called on every change of the document. */
  onChange: () => void;
  /** Image files pasted, dropped, or chosen with the toolbar button; `at` is the drop position. */
  onImageFiles: (files: File[], at?: number) => void;
};

const imageFiles = (list: FileList | null | undefined) => [...(list ?? [])].filter((file) => file.type.startsWith('image/'));

/**
 * Tiptap 3 over the editor's schema (extensions.ts). Loaded only by the editor route, on the
 * client (React.lazy), so public pages never download it. Every block gets `dir="auto"`, so a
 * Persian paragraph reads right-to-left and an English one left-to-right in the same page; code
 * blocks stay left-to-right.
 */
const RichEditor = forwardRef<RichEditorHandle, RichEditorProps>(function RichEditor(
  { markdown, dir, label, onChange, onImageFiles },
  ref,
) {
  const filesRef = useRef(onImageFiles);
  filesRef.current = onImageFiles;
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  const editor = useEditor({
    extensions: editorExtensions(),
    content: markdown,
    contentType: 'markdown',
    textDirection: 'auto',
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'prose min-h-96 max-w-none px-4 py-3 focus:outline-none',
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
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
  });

  useImperativeHandle(
    ref,
    () => ({
      getMarkdown: () => editor?.getMarkdown() ?? markdown,
      insertImage: (image, at) => {
        if (!editor) return;
        const chain = editor.chain().focus();
        (at === undefined ? chain : chain.setTextSelection(at)).setImage(image).run();
      },
      focus: () => editor?.commands.focus(),
    }),
    [editor, markdown],
  );

  return (
    <div className="rounded-b-lg">
      {editor ? <FormatToolbar editor={editor} dir={dir} onImageFiles={(files) => filesRef.current(files)} /> : null}
      <EditorContent editor={editor} />
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
    { key: 'link', Icon: Link2, run: () => undefined, active: (e) => e.isActive('link') },
    { key: 'image', Icon: ImagePlus, run: () => undefined },
    {
      key: 'table',
      Icon: Table,
      run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 2, withHeaderRow: true }).run(),
      enabled: (e) => !e.isActive('table'),
    },
    { key: 'rule', Icon: Minus, run: (e) => e.chain().focus().setHorizontalRule().run() },
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
  onImageFiles,
}: {
  editor: Editor;
  dir: 'rtl' | 'ltr';
  onImageFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(
        groups
          .flat()
          .map((action) => [
            action.key,
            { active: action.active?.(current) ?? false, enabled: action.enabled?.(current) ?? true },
          ]),
      ),
  });

  const run = (action: Action) => {
    if (action.key === 'image') return fileInput.current?.click();
    if (action.key === 'link') {
      const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
      const href = window.prompt(t('editor.toolbar.linkPrompt'), previous);
      if (href === null) return;
      if (!href.trim()) return editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
    }
    action.run(editor);
  };

  return (
    <>
      <Toolbar.Root
        dir={dir}
        aria-label={t('editor.toolbar.label')}
        className="sticky top-0 z-10 flex flex-wrap items-center gap-1 border-b border-border bg-surface px-2 py-1.5"
      >
        {groups.map((group, index) => (
          <div key={group[0]!.key} className="flex items-center gap-0.5">
            {index > 0 ? <Toolbar.Separator className="mx-1 hidden h-6 w-px bg-border sm:block" /> : null}
            {group.map((action) => {
              const { active, enabled } = state[action.key] ?? { active: false, enabled: true };
              const name = t(`editor.toolbar.${action.key}`);
              return (
                <Tip key={action.key} label={name} side="bottom">
                  <Toolbar.Button
                    type="button"
                    aria-label={name}
                    aria-pressed={action.active ? active : undefined}
                    disabled={!enabled}
                    onClick={() => run(action)}
                    className="inline-flex size-8 items-center justify-center rounded-md text-fg-muted hover:bg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-secondary disabled:opacity-40 aria-pressed:bg-primary/15 aria-pressed:text-primary-strong"
                  >
                    <action.Icon aria-hidden className={`size-4 ${action.mirror ? 'rtl:-scale-x-100' : ''}`} />
                  </Toolbar.Button>
                </Tip>
              );
            })}
          </div>
        ))}
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

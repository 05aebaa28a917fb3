import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { useEditorState } from '@tiptap/react';
import { Images, ImageUp } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_LAYOUTS, type ImageLayout } from '../../../../common/image-variants';
import { Button } from '../../ui/button';

type ImageAttrs = { src: string; alt: string | null; title: string | null; layout: ImageLayout };

/**
 * The selected image's details (issue 26, D14): alt text (an empty one is flagged, never filled in
 * from the file name), caption, width on the page, and a new file in its place. Shown under the
 * toolbar while an image is selected (a click on it, or the arrow keys onto it).
 */
export function ImagePanel({
  editor,
  onReplace,
  onLibrary,
}: {
  editor: Editor;
  onReplace: (file: File, keep: ImageAttrs) => void;
  /** Replace the image with a file from the media library (the picker keeps its alt text, caption and width). */
  onLibrary: (image: ImageAttrs) => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const file = useRef<HTMLInputElement>(null);
  const image = useEditorState({
    editor,
    selector: ({ editor: current }) => {
      const { selection } = current.state;
      if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'image') return null;
      return { ...(selection.node.attrs as ImageAttrs), pos: selection.from };
    },
    equalityFn: (a, b) => JSON.stringify(a) === JSON.stringify(b),
  });
  if (!image) return null;

  /** Changes the image's attributes and keeps it selected (so the panel stays). */
  const set = (attrs: Partial<ImageAttrs>) => {
    const { tr } = editor.state;
    tr.setNodeMarkup(image.pos, undefined, { ...editor.state.doc.nodeAt(image.pos)?.attrs, ...attrs });
    tr.setSelection(NodeSelection.create(tr.doc, image.pos));
    editor.view.dispatch(tr);
  };
  const missingAlt = !image.alt?.trim();
  const field =
    'w-full rounded-md border border-border bg-surface px-2 py-1.5 text-sm focus:border-secondary focus:outline-none aria-[invalid=true]:border-error';

  return (
    <fieldset
      className="grid gap-3 border-b border-border bg-muted px-3 py-2 sm:grid-cols-2"
      data-testid="image-panel"
      aria-label={t('editor.image.panel')}
    >
      <div className="space-y-1">
        <label htmlFor={`${ids}-alt`} className="text-xs font-medium">
          {t('editor.image.alt')}
        </label>
        <input
          id={`${ids}-alt`}
          value={image.alt ?? ''}
          dir="auto"
          onChange={(event) => set({ alt: event.target.value })}
          aria-invalid={missingAlt ? true : undefined}
          aria-describedby={`${ids}-alt-hint`}
          className={field}
        />
        <p id={`${ids}-alt-hint`} className={`text-xs ${missingAlt ? 'text-error-strong' : 'text-fg-muted'}`}>
          {missingAlt ? t('editor.image.altMissing') : t('editor.image.altHint')}
        </p>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${ids}-caption`} className="text-xs font-medium">
          {t('editor.image.caption')}
        </label>
        <input
          id={`${ids}-caption`}
          value={image.title ?? ''}
          dir="auto"
          onChange={(event) => set({ title: event.target.value || null })}
          className={field}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <div role="radiogroup" aria-label={t('editor.image.width')} className="flex items-center gap-1">
          <span className="me-1 text-xs font-medium" aria-hidden>
            {t('editor.image.width')}
          </span>
          {IMAGE_LAYOUTS.map((layout) => (
            <label
              key={layout}
              className="cursor-pointer rounded-md border border-border px-2 py-1 text-xs has-[:checked]:border-secondary has-[:checked]:bg-secondary/15 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-secondary"
            >
              <input
                type="radio"
                name={`${ids}-layout`}
                value={layout}
                checked={image.layout === layout}
                onChange={() => set({ layout })}
                className="sr-only"
              />
              {t(`editor.image.layouts.${layout}`)}
            </label>
          ))}
        </div>
        <Button type="button" size="sm" variant="outline" onClick={() => file.current?.click()} className="ms-auto">
          <ImageUp aria-hidden className="size-4" />
          {t('editor.image.replace')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => onLibrary(image)}>
          <Images aria-hidden className="size-4" />
          {t('editor.image.fromLibrary')}
        </Button>
        <input
          ref={file}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          hidden
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (chosen) onReplace(chosen, image);
          }}
        />
      </div>
    </fieldset>
  );
}

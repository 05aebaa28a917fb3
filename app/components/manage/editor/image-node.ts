import {
  type Editor,
  Extension,
  InputRule,
  type MarkdownParseHelpers,
  type MarkdownParseResult,
  type MarkdownToken,
} from '@tiptap/core';
import Image from '@tiptap/extension-image';
import Paragraph from '@tiptap/extension-paragraph';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import { type ImageLayout, splitImageSize, withImageLayout } from '../../../../common/image-variants';
import { besideCode, embedNodeOf } from './embed-node';

/*
 * Images (issue 26, docs/content.md "Images"). An image stays an inline node, as Markdown has it;
 * an image alone in its paragraph is a figure: its Markdown title is the caption
 * (`![alt](src "caption")`, rendered as <figure><figcaption>) and the address's fragment holds its
 * width (`#800x600,wide`). The editor shows the caption, the width and a nudge when the alt text
 * is empty; image-panel.tsx edits them.
 */

/** Markdown's backslash escapes, for text inside `[…]` and `"…"`. */
const escapeAlt = (text: string) => text.replace(/([\\[\]])/g, '\\$1').replace(/\n+/g, ' ');
const escapeTitle = (text: string) => text.replace(/(["\\])/g, '\\$1').replace(/\n+/g, ' ');
/** An address with spaces or brackets goes inside `<…>`, so it cannot end the image early. */
const markdownAddress = (src: string) => (/[\s()<>]/.test(src) ? `<${src.replace(/[<>]/g, encodeURIComponent)}>` : src);

export function imageMarkdown(attrs: {
  src?: string | null;
  alt?: string | null;
  title?: string | null;
  layout?: ImageLayout | null;
}) {
  const src = withImageLayout(attrs.src ?? '', attrs.layout ?? 'column');
  const title = attrs.title?.trim() ? ` "${escapeTitle(attrs.title.trim())}"` : '';
  return `![${escapeAlt(attrs.alt ?? '')}](${markdownAddress(src)}${title})`;
}

/**
 * `![alt](src "title")` typed: the image replaces exactly what was typed. Tiptap's own rule
 * (nodeInputRule) inserts the closing `)` a second time now that the typed text is in the
 * document before rules run, which left a stray `)` after every typed image.
 */
const TYPED_IMAGE = /(?:^|\s)(!\[((?:\\.|[^\\\]])*)\]\(([^\s()]+)(?:\s+"((?:\\.|[^"\\])*)")?\))$/;
const unescapeMarkdown = (text: string) => text.replace(/\\([\\[\]"])/g, '$1');

export const SiteImage = Image.extend<import('@tiptap/extension-image').ImageOptions & { altMissing: string }>({
  addOptions() {
    return { ...this.parent!(), altMissing: 'No alt text' };
  },
  addAttributes() {
    return {
      ...this.parent?.(),
      layout: {
        default: 'column',
        parseHTML: (element) => element.getAttribute('data-layout') ?? 'column',
        renderHTML: (attributes) => ({ 'data-layout': attributes.layout }),
      },
    };
  },
  parseMarkdown: (token, helpers) => {
    const { layout } = splitImageSize(token.href ?? '');
    return helpers.createNode('image', {
      src: withImageLayout(token.href ?? '', 'column'),
      alt: token.text ?? '',
      title: token.title ?? null,
      layout,
    });
  },
  renderMarkdown: (node) => imageMarkdown(node.attrs ?? {}),
  addInputRules() {
    return [
      new InputRule({
        find: TYPED_IMAGE,
        handler: ({ state, range, match }) => {
          const [whole, typed, alt, src, title] = match as unknown as string[];
          const start = range.from + (whole!.length - typed!.length);
          const { layout } = splitImageSize(src!);
          const node = this.type.create({
            src: withImageLayout(src!, 'column'),
            alt: unescapeMarkdown(alt ?? ''),
            title: title ? unescapeMarkdown(title) : null,
            layout,
          });
          state.tr.replaceWith(start, range.to, node);
        },
      }),
    ];
  },
  addNodeView() {
    const { altMissing } = this.options;
    return ({ node }) => {
      const dom = document.createElement('span');
      dom.className = 'editor-image';
      dom.contentEditable = 'false';
      const img = document.createElement('img');
      const caption = document.createElement('span');
      caption.className = 'editor-image-caption';
      caption.dir = 'auto';
      const nudge = document.createElement('span');
      nudge.className = 'editor-image-nudge';
      nudge.dataset.testid = 'image-alt-nudge';
      nudge.textContent = altMissing;
      for (const part of [img, caption, nudge]) dom.appendChild(part);
      const show = (current: ProseMirrorNode) => {
        img.src = current.attrs.src ?? '';
        img.alt = current.attrs.alt ?? '';
        dom.dataset.layout = current.attrs.layout ?? 'column';
        caption.textContent = current.attrs.title ?? '';
        caption.hidden = !current.attrs.title;
        nudge.hidden = Boolean(current.attrs.alt?.trim());
      };
      show(node);
      return {
        dom,
        update: (updated) => {
          if (updated.type !== node.type) return false;
          show(updated);
          return true;
        },
      };
    };
  },
});

/**
 * A paragraph holding only an image stays a paragraph: @tiptap/markdown's paragraph unwraps it to a
 * block-level image, which this schema's inline image cannot be — the document was invalid and
 * typing at its end threw "Called contentMatchAt on a node with invalid content" (D8).
 */
const parseParagraph = Paragraph.config.parseMarkdown as unknown as (
  token: MarkdownToken,
  helpers: MarkdownParseHelpers,
) => MarkdownParseResult;
export const SiteParagraph = Paragraph.extend({
  parseMarkdown: (token, helpers) => {
    const tokens = token.tokens ?? [];
    // An embeddable video address alone on its line is the embed node (embed-node.ts).
    const embed = embedNodeOf(tokens);
    if (embed) return embed;
    if (tokens.length === 1 && tokens[0]?.type === 'image')
      return helpers.createNode('paragraph', undefined, helpers.parseInline(tokens));
    return parseParagraph(token, helpers);
  },
});

/** Whether a paragraph is a figure: only images in it. */
const isFigure = (node: ProseMirrorNode) =>
  node.type.name === 'paragraph' && node.childCount > 0 && node.content.content.every((child) => child.type.name === 'image');

/**
 * Typing right after (or right before) an image alone in its paragraph starts a new paragraph
 * below (or above) it, instead of joining the figure's line (D8: Ctrl+End then typing after a
 * final image).
 */
export function typeBesideFigure(state: import('@tiptap/pm/state').EditorState, from: number, to: number, text: string) {
  if (from !== to) return null;
  const $pos = state.doc.resolve(from);
  const parent = $pos.parent;
  if (!isFigure(parent)) return null;
  const atEnd = $pos.parentOffset === parent.content.size;
  const atStart = $pos.parentOffset === 0;
  if (!atEnd && !atStart) return null;
  const paragraph = state.schema.nodes.paragraph!.create(null, state.schema.text(text));
  const at = atEnd ? $pos.after() : $pos.before();
  const tr = state.tr.insert(at, paragraph);
  return tr.setSelection(TextSelection.create(tr.doc, at + 1 + text.length)).scrollIntoView();
}

export const FigureTyping = Extension.create({
  name: 'figureTyping',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('figureTyping'),
        props: {
          handleTextInput: (view, from, to, text) => {
            const tr = typeBesideFigure(view.state, from, to, text);
            if (!tr) return false;
            view.dispatch(tr);
            return true;
          },
        },
      }),
    ];
  },
});

/**
 * An image put into the page at the caret or at `at` (a drop), then selected so its panel asks
 * for the alt text at once. Never inside code (D11): there it starts a paragraph after the block.
 */
export function insertImageAt(editor: Editor, image: { src: string; alt: string }, at?: number) {
  const after = besideCode(editor.state, at ?? editor.state.selection.from);
  const chain = editor.chain().focus();
  if (after !== undefined)
    chain
      .insertContentAt(after, { type: 'paragraph' })
      .setTextSelection(after + 1)
      .setImage(image)
      .run();
  else (at === undefined ? chain : chain.setTextSelection(at)).setImage(image).run();
  const { from } = editor.state.selection;
  if (editor.state.doc.resolve(from).nodeBefore?.type.name === 'image') editor.commands.setNodeSelection(from - 1);
}

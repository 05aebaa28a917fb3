import { type AnyExtension, Extension, Node } from '@tiptap/core';
import { TableKit } from '@tiptap/extension-table';
import { Markdown } from '@tiptap/markdown';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import StarterKit from '@tiptap/starter-kit';
import { blockDirection, DIRECTED_BLOCKS, type Direction } from '../../../../common/text-direction';
import { EmbedTyping, SiteListItem, SiteOrderedList, VideoEmbed } from './embed-node';
import { FigureTyping, SiteImage, SiteParagraph } from './image-node';
import { SiteLink } from './site-link';

/**
 * A directive the renderer knows as a widget (`::latest-logs{cat=tuts}`, `::intro`) or any other
 * `::name` line or `:::container … :::` block. The editor never interprets it: the node holds the
 * author's exact source and writes it back unchanged, so widgets survive every round trip.
 */
export const Directive = Node.create({
  name: 'directive',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return { source: { default: '' } };
  },
  parseHTML() {
    return [{ tag: 'div[data-directive]', getAttrs: (element) => ({ source: element.getAttribute('data-directive') ?? '' }) }];
  },
  renderHTML({ node }) {
    return [
      'div',
      {
        'data-directive': node.attrs.source,
        // A widget reads as code: left-to-right, monospace, boxed apart from the prose around it.
        class:
          'not-prose my-3 rounded-md border border-dashed border-secondary bg-muted px-3 py-2 font-mono text-sm whitespace-pre-wrap',
        dir: 'ltr',
        contenteditable: 'false',
      },
      node.attrs.source,
    ];
  },
  markdownTokenName: 'directive',
  markdownTokenizer: {
    name: 'directive',
    level: 'block',
    start: (src) => src.search(/^::/m),
    tokenize(src) {
      // A container (`:::name` … a closing line of as many colons), else a leaf directive line.
      const container = /^(:{3,})[A-Za-z][^\n]*\n(?:[\s\S]*?\n)?\1[ \t]*(?:\n|$)/.exec(src);
      const leaf = container ? null : /^::[A-Za-z][^\n]*(?:\n|$)/.exec(src);
      const match = container ?? leaf;
      if (!match) return undefined;
      return { type: 'directive', raw: match[0], text: match[0].replace(/\n$/, '') };
    },
  },
  parseMarkdown(token, helpers) {
    return helpers.createNode('directive', { source: token.text ?? '' });
  },
  renderMarkdown(node) {
    return String(node.attrs?.source ?? '');
  },
});

/** Node types that are blocks for `blockDirection`, by the element each renders (common/text-direction.ts). */
const BLOCK_ELEMENTS: Record<string, string> = {
  paragraph: 'p',
  heading: 'h2',
  blockquote: 'blockquote',
  bulletList: 'ul',
  orderedList: 'ol',
  taskList: 'ul',
};

/** Each block whose text runs against the page gets its own `dir`, exactly as the published page does (server/content/block-direction.ts). */
export function blockDirections(doc: ProseMirrorNode, pageDirection: Direction): DecorationSet {
  const decorations: Decoration[] = [];
  const walk = (node: ProseMirrorNode, start: number, around: Direction) => {
    node.forEach((child, offset) => {
      const pos = start + offset;
      const name = child.type.name;
      // Code and tables keep the page's order (cells take their own direction per line in CSS).
      if (name === 'codeBlock' || name === 'table' || !child.isBlock) return;
      const element = BLOCK_ELEMENTS[name];
      if (!element || !DIRECTED_BLOCKS.has(element)) {
        walk(child, pos + 1, around);
        return;
      }
      const direction = blockDirection(child.textContent, around);
      if (direction !== around) decorations.push(Decoration.node(pos, pos + child.nodeSize, { dir: direction }));
      // A list is one block: its items follow it, so bullets never sit on both sides.
      if (name.endsWith('List')) return;
      walk(child, pos + 1, direction);
    });
  };
  walk(doc, 0, pageDirection);
  return DecorationSet.create(doc, decorations);
}

/**
 * Blocks in the direction the published page gives them (issue 37, D1): the editing surface takes
 * the page's `dir`, and a block turns only when all its letters are of the other direction. Not
 * `dir="auto"`, which turned a Persian paragraph starting with «Docker» left to right, and a table
 * (whose first cell decided) into mirrored columns (D2).
 */
const BlockDirection = Extension.create<{ pageDirection: Direction }>({
  name: 'blockDirection',
  addOptions() {
    return { pageDirection: 'ltr' };
  },
  addProseMirrorPlugins() {
    const key = new PluginKey<DecorationSet>('blockDirection');
    const { pageDirection } = this.options;
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: (_config, state) => blockDirections(state.doc, pageDirection),
          apply: (tr, old) => (tr.docChanged ? blockDirections(tr.doc, pageDirection) : old),
        },
        props: { decorations: (state) => key.getState(state) },
      }),
    ];
  },
});

/** The editor's schema and Markdown support; also used headless by the round-trip test. */
export function editorExtensions(
  options: { placeholder?: AnyExtension[]; altMissing?: string; videoLabel?: string; pageDirection?: Direction } = {},
): AnyExtension[] {
  return [
    StarterKit.configure({
      // Markdown has no underline. Links and paragraphs are ours (site-link.ts, image-node.ts).
      underline: false,
      link: false,
      paragraph: false,
      listItem: false,
      orderedList: false,
      codeBlock: { HTMLAttributes: { dir: 'ltr' } },
      code: { HTMLAttributes: { dir: 'auto' } },
    }),
    SiteParagraph,
    SiteListItem,
    SiteOrderedList,
    // A link opens only from its popover, never on a click while editing; no new tab unless asked.
    SiteLink.configure({
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      HTMLAttributes: { target: null, rel: null },
    }),
    SiteImage.configure({ inline: true, allowBase64: false, ...(options.altMissing ? { altMissing: options.altMissing } : {}) }),
    FigureTyping,
    TableKit.configure({ table: { resizable: false } }),
    Directive,
    VideoEmbed.configure(options.videoLabel ? { label: options.videoLabel } : {}),
    EmbedTyping,
    BlockDirection.configure({ pageDirection: options.pageDirection ?? 'ltr' }),
    Markdown.configure({ indentation: { style: 'space', size: 2 } }),
    ...(options.placeholder ?? []),
  ];
}

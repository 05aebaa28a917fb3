import { type AnyExtension, Extension, Node } from '@tiptap/core';
import { TableKit } from '@tiptap/extension-table';
import { Markdown } from '@tiptap/markdown';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import StarterKit from '@tiptap/starter-kit';
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

/** A right-to-left letter (Arabic script, Hebrew…) or any other letter: the first one decides a text's direction. */
const STRONG = /(\p{Script=Arabic}|\p{Script=Hebrew}|\p{Script=Syriac}|\p{Script=Thaana}|\p{Script=Nko})|\p{L}/u;
const LISTS = new Set(['bulletList', 'orderedList', 'listItem', 'taskList', 'taskItem']);

/** The direction of a text as `dir="auto"` finds it (its first strong letter), or undefined without letters. */
export function textDirection(text: string): 'rtl' | 'ltr' | undefined {
  const found = STRONG.exec(text);
  return found ? (found[1] ? 'rtl' : 'ltr') : undefined;
}

function listDirections(doc: ProseMirrorNode): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (!LISTS.has(node.type.name)) return true;
    const dir = textDirection(node.textContent);
    if (dir) decorations.push(Decoration.node(pos, pos + node.nodeSize, { dir }));
    return true;
  });
  return DecorationSet.create(doc, decorations);
}

/**
 * Lists and list items in the direction of their text (issue 25). Every block has `dir="auto"`
 * (textDirection), but an item's text sits in its own paragraph, which the browser skips when it
 * works out the item's direction: the item followed the editor's frame, so Persian bullets sat on
 * the left in the English dashboard. Each list and item gets the direction of its first letter, so
 * markers sit where readers see them. (CSS `:dir()` would do, but the CSS build rewrites it into
 * language selectors.)
 */
const ListDirection = Extension.create({
  name: 'listDirection',
  addProseMirrorPlugins() {
    const key = new PluginKey<DecorationSet>('listDirection');
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: (_config, state) => listDirections(state.doc),
          apply: (tr, old) => (tr.docChanged ? listDirections(tr.doc) : old),
        },
        props: { decorations: (state) => key.getState(state) },
      }),
    ];
  },
});

/** The editor's schema and Markdown support; also used headless by the round-trip test. */
export function editorExtensions(
  options: { placeholder?: AnyExtension[]; altMissing?: string; videoLabel?: string } = {},
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
    ListDirection,
    Markdown.configure({ indentation: { style: 'space', size: 2 } }),
    ...(options.placeholder ?? []),
  ];
}

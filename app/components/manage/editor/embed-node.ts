import {
  type Editor,
  Extension,
  type MarkdownParseHelpers,
  type MarkdownParseResult,
  type MarkdownToken,
  Node,
} from '@tiptap/core';
import { ListItem, OrderedList } from '@tiptap/extension-list';
import type { Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import { type EditorState, NodeSelection, Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import { embedOf } from '../../../../common/embeds';

/*
 * A video embed in the visual editor (issue 26 item 7): a YouTube, Vimeo or Aparat address alone
 * on its line is what the renderer turns into a click-to-play embed (server/content/render.ts
 * asEmbed). In the editor it is a block atom — a card with the provider and the address, never an
 * iframe or a thumbnail (no request to the provider while writing) — so nothing typed can join
 * its line and silently turn it back into an ordinary link.
 */

/** A paragraph's inline Markdown tokens, as @tiptap/markdown hands them over. */
type InlineToken = { type?: string; raw?: string; text?: string; href?: string; tokens?: InlineToken[] };

/**
 * The address of a paragraph that holds only an embeddable address (bare, `<url>` or `[url](url)`),
 * as the renderer decides; undefined for anything else (a link inside a sentence, a link with other
 * text, another host, a look-alike host, `javascript:`).
 */
export function embeddedAddress(tokens: InlineToken[]): string | undefined {
  const content = tokens.filter((token) => !(token.type === 'text' && !token.raw?.trim() && !token.text?.trim()));
  const link = content.length === 1 && content[0]?.type === 'link' ? content[0] : undefined;
  if (!link?.href || (link.text ?? '').trim() !== link.href) return undefined;
  if ((link.tokens ?? []).some((token) => token.type !== 'text')) return undefined;
  return embedOf(link.href) ? link.href : undefined;
}

/** The node's Markdown: the bare address on its own line, or `<address>` if a bare one could be cut short. */
export function embedMarkdown(url: string) {
  return /^https?:\/\/[^\s<>()[\]`*_\\]+$/.test(url) && !/[.,:;!?'"]$/.test(url)
    ? url
    : `<${url.replace(/[<>\s]/g, encodeURIComponent)}>`;
}

export const VideoEmbed = Node.create<{ label: string }>({
  name: 'videoEmbed',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addOptions() {
    return { label: 'Video' };
  },
  addAttributes() {
    return { url: { default: '' } };
  },
  parseHTML() {
    return [
      {
        tag: 'div[data-video-embed]',
        getAttrs: (element) => {
          const url = element.getAttribute('data-video-embed') ?? '';
          return embedOf(url) ? { url } : false;
        },
      },
    ];
  },
  renderHTML({ node }) {
    const url = String(node.attrs.url ?? '');
    return [
      'div',
      { 'data-video-embed': url, class: 'editor-embed', contenteditable: 'false', 'data-testid': 'video-embed' },
      [
        'span',
        { class: 'editor-embed-label' },
        `▶ ${this.options.label} · `,
        ['bdi', { dir: 'ltr' }, embedOf(url)?.provider ?? ''],
      ],
      ['bdi', { class: 'editor-embed-url', dir: 'ltr' }, url],
    ];
  },
  renderMarkdown: (node) => embedMarkdown(String(node.attrs?.url ?? '')),
});

/** The embed node of an address alone in a paragraph, for the paragraph's Markdown parser. */
export const embedNodeOf = (tokens: InlineToken[]) => {
  const url = embeddedAddress(tokens);
  return url ? { type: 'videoEmbed', attrs: { url } } : undefined;
};

type ParsedNode = { type: string; attrs?: { url?: string }; content?: ParsedNode[] };
const parseAs = (parse: unknown) => parse as (token: MarkdownToken, helpers: MarkdownParseHelpers) => MarkdownParseResult;
const parseListItem = parseAs(ListItem.config.parseMarkdown);
const parseOrderedList = parseAs(OrderedList.config.parseMarkdown);

/**
 * A list item must open with a paragraph: an embeddable address first in a (loose) list item stays
 * the link it was (@tiptap/markdown had put an empty paragraph before the embed), so the item keeps
 * its Markdown and the document its schema.
 */
function linkFirst(item: ParsedNode | undefined) {
  const content = item?.type === 'listItem' ? item.content : undefined;
  if (!content) return;
  const at = content[0]?.type === 'paragraph' && !content[0].content?.length && content[1]?.type === 'videoEmbed' ? 1 : 0;
  const url = content[at]?.type === 'videoEmbed' ? content[at].attrs?.url : undefined;
  if (!url) return;
  const link = { type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] };
  content.splice(0, at + 1, { type: 'paragraph', content: [link as ParsedNode] });
}

export const SiteListItem = ListItem.extend({
  parseMarkdown: (token, helpers) => {
    const item = parseListItem(token, helpers);
    linkFirst(item as ParsedNode);
    return item;
  },
});

/** An ordered list parses its items itself (not through the list item's parser). */
export const SiteOrderedList = OrderedList.extend({
  parseMarkdown: (token, helpers) => {
    const list = parseOrderedList(token, helpers);
    for (const item of (list as ParsedNode).content ?? []) linkFirst(item);
    return list;
  },
});

/** A paragraph holding `text` inserted at `at`, the caret after the text. */
function paragraphAt(state: EditorState, at: number, text: string) {
  const paragraph = state.schema.nodes.paragraph!.create(null, text ? state.schema.text(text) : null);
  const tr = state.tr.insert(at, paragraph);
  return tr.setSelection(TextSelection.create(tr.doc, at + 1 + text.length)).scrollIntoView();
}

const isEmbed = (node: ProseMirrorNode | null | undefined, schema: Schema) => node?.type === schema.nodes.videoEmbed;

/**
 * Typing (or Enter) while the embed is selected, or at the gap beside it (Ctrl+End after a final
 * embed), starts a new paragraph after it: text never lands on the embed's line nor replaces it.
 */
export function typeBesideEmbed(state: EditorState, text: string) {
  const { selection } = state;
  if (selection instanceof NodeSelection && isEmbed(selection.node, state.schema)) return paragraphAt(state, selection.to, text);
  const { $from } = selection;
  if (!selection.empty || $from.parent.isTextblock) return null;
  if (isEmbed($from.nodeBefore, state.schema) || isEmbed($from.nodeAfter, state.schema))
    return paragraphAt(state, $from.pos, text);
  return null;
}

/**
 * Where something put in at the caret belongs when the caret is inside a code block: after the
 * block (D11: an embed, or an image, inserted there split the code in two around it). Undefined
 * outside code, where it goes at the caret.
 */
export function besideCode(state: EditorState, at = state.selection.from): number | undefined {
  const $at = state.doc.resolve(at);
  for (let depth = $at.depth; depth > 0; depth--) if ($at.node(depth).type.spec.code) return $at.after(depth);
  return undefined;
}

/** The toolbar's embed: at the caret, or after the code block the caret is in. */
export function insertEmbed(editor: Editor, url: string) {
  const node = { type: 'videoEmbed', attrs: { url } };
  const after = besideCode(editor.state);
  const chain = editor.chain().focus();
  return (after === undefined ? chain.insertContent(node) : chain.insertContentAt(after, node)).run();
}

/** Pasting an embeddable address alone into an empty paragraph makes the embed. */
export function pasteEmbed(state: EditorState, text: string) {
  const url = text.trim();
  const { $from, empty } = state.selection;
  if (!empty || /\s/.test(url) || !embedOf(url) || $from.parent.type.name !== 'paragraph' || $from.parent.content.size > 0)
    return null;
  if ($from.depth !== 1) return null;
  const node = state.schema.nodes.videoEmbed!.create({ url });
  const tr = state.tr.replaceWith($from.before(), $from.after(), node);
  return tr.setSelection(NodeSelection.create(tr.doc, $from.before())).scrollIntoView();
}

export const EmbedTyping = Extension.create({
  name: 'embedTyping',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('embedTyping'),
        props: {
          handleTextInput: (view, _from, _to, text) => {
            const tr = typeBesideEmbed(view.state, text);
            if (!tr) return false;
            view.dispatch(tr);
            return true;
          },
          handleDOMEvents: {
            // Text that comes without a key press (an input method, Persian typed by the test's
            // insertText) is not handed to handleTextInput when the embed or the gap beside it is
            // selected: it goes to the new paragraph here.
            beforeinput: (view, event) => {
              if (event.inputType !== 'insertText' || !event.data) return false;
              const tr = typeBesideEmbed(view.state, event.data);
              if (!tr) return false;
              event.preventDefault();
              view.dispatch(tr);
              return true;
            },
          },
          handleKeyDown: (view, event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return false;
            const tr = typeBesideEmbed(view.state, '');
            if (!tr) return false;
            view.dispatch(tr);
            return true;
          },
          handlePaste: (view, event) => {
            const tr = pasteEmbed(view.state, event.clipboardData?.getData('text/plain') ?? '');
            if (!tr) return false;
            view.dispatch(tr);
            return true;
          },
        },
      }),
    ];
  },
});

import Link from '@tiptap/extension-link';

/*
 * Links (issue 26). Markdown has no "open in a new tab": a link that opens in one is written
 * `[text](href){target=_blank}` (docs/content.md), which the renderer turns into
 * `target="_blank" rel="noopener noreferrer"`. Every other link is plain Markdown.
 */

export const NEW_TAB_SUFFIX = '{target=_blank}';

const unescapeMarkdown = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
const escapeTitle = (text: string) => text.replace(/(["\\])/g, '\\$1');
/** An address with spaces or brackets goes inside `<…>`, so it cannot end the link early. */
const markdownAddress = (href: string) => (/[\s()<>]/.test(href) ? `<${href.replace(/[<>]/g, encodeURIComponent)}>` : href);

/** `[text](href "title"){target=_blank}`: link text with nested brackets, an address with one level of parentheses. */
const LINK_NEW_TAB =
  /^\[((?:\\.|[^\\[\]]|\[(?:\\.|[^\\[\]])*\])*)\]\(\s*(<[^<>\n]*>|(?:\\.|[^\s\\()]|\((?:\\.|[^\s\\()])*\))*)(?:\s+("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'))?\s*\)\{target=_blank\}/;

export const SiteLink = Link.extend({
  markdownTokenizer: {
    name: 'link',
    level: 'inline',
    start: (src) => src.search(/\[[^\n]*\]\([^\n]*\)\{target=_blank\}/),
    tokenize(src, _tokens, lexer) {
      const match = LINK_NEW_TAB.exec(src);
      if (!match) return undefined;
      const [raw, text, address, title] = match as unknown as string[];
      const href = address!.startsWith('<') ? address!.slice(1, -1) : unescapeMarkdown(address!);
      return {
        type: 'link',
        raw: raw!,
        href,
        title: title ? unescapeMarkdown(title.slice(1, -1)) : null,
        text: text!,
        tokens: lexer.inlineTokens(text!),
        target: '_blank',
      };
    },
  },
  parseMarkdown: (token, helpers) =>
    helpers.applyMark('link', helpers.parseInline(token.tokens ?? []), {
      href: token.href,
      title: token.title || null,
      target: token.target === '_blank' ? '_blank' : null,
      rel: token.target === '_blank' ? 'noopener noreferrer' : null,
    }),
  renderMarkdown: (node, helpers) => {
    const href = markdownAddress(String(node.attrs?.href ?? ''));
    const title = node.attrs?.title ? ` "${escapeTitle(String(node.attrs.title))}"` : '';
    const suffix = node.attrs?.target === '_blank' ? NEW_TAB_SUFFIX : '';
    return `[${helpers.renderChildren(node)}](${href}${title})${suffix}`;
  },
});

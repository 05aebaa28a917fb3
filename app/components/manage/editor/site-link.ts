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

/**
 * An address GFM turns into the same link when written bare: http(s), nothing that ends or
 * escapes it early (spaces, brackets, Markdown's emphasis characters), no trailing punctuation
 * (GFM leaves that out of the link).
 */
const isBareAutolink = (text: string) => /^https?:\/\/[^\s<>()[\]`*_~\\]+$/.test(text) && !/[.,:;!?'"]$/.test(text);

/**
 * The serialized Markdown with every `[url](url)` whose address GFM would link by itself written
 * bare again (D25): the serializer writes every link in brackets, so a bare address someone typed
 * changed bytes nobody edited, and a changed source marks its translations outdated. Code (fenced
 * blocks, inline spans) is left as it is.
 */
export function unwrapBareLinks(markdown: string): string {
  return markdown
    .split(/(^(?:```|~~~)[^\n]*\n[\s\S]*?^(?:```|~~~)[ \t]*$|`[^`\n]*`)/m)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/^.*$/gm, (line) =>
            // Alone on its line (after list or quote markers) a bare address would become an
            // embed: those keep their brackets.
            /^[\s>*+-]*(?:\d+[.)]\s*)?\[[^\]]*\]\([^)]*\)\s*$/.test(line)
              ? line
              : line.replace(/(^|[^!\\])\[(https?:\/\/[^\]\s]+)\]\(\2\)(?!\{)/g, (all, before: string, url: string) =>
                  isBareAutolink(url) ? `${before}${url}` : all,
                ),
          ),
    )
    .join('');
}

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

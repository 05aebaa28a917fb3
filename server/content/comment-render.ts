import type { Root as HastRoot } from 'hast';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { type Processor, unified } from 'unified';
import { visit } from 'unist-util-visit';
import { pageSanitizeSchema } from './render';

/*
 * Comment bodies: Markdown-lite — paragraphs and line breaks, emphasis, links (bare URLs too) and
 * inline code. Every other construct (headings, lists, quotes, code blocks, images, raw HTML,
 * reference definitions) is switched off in the parser, so what a reader types there stays the
 * text they typed. The result then goes through the pages' sanitiser with a narrower profile.
 */

/** micromark constructs a comment may not use; they are read as plain text. */
const DISABLED_CONSTRUCTS = [
  'blockQuote',
  'codeFenced',
  'codeIndented',
  'definition',
  'headingAtx',
  'htmlFlow',
  'htmlText',
  'labelStartImage',
  'list',
  'setextUnderline',
  'thematicBreak',
];

/** The comment profile of the pages' sanitiser schema: only the elements Markdown-lite makes. */
export const commentSanitizeSchema = {
  ...pageSanitizeSchema,
  tagNames: ['p', 'br', 'em', 'strong', 'a', 'code'],
  attributes: { a: ['href'] },
  protocols: { href: ['http', 'https', 'mailto'] },
  required: {},
  clobber: [],
  ancestors: {},
};

function remarkCommentSyntax(this: Processor) {
  const data = this.data();
  data.micromarkExtensions = [
    ...(data.micromarkExtensions ?? []),
    gfmAutolinkLiteral(),
    { disable: { null: DISABLED_CONSTRUCTS } },
  ];
  data.fromMarkdownExtensions = [...(data.fromMarkdownExtensions ?? []), gfmAutolinkLiteralFromMarkdown()];
}

/**
 * A comment link must be absolute http(s) or mailto. The sanitiser's protocol list lets relative
 * addresses through, and a browser reads `//evil.example` or `/\evil.example` as another host.
 */
export function isAllowedCommentHref(href: unknown): boolean {
  if (typeof href !== 'string' || !/^(https?|mailto):/i.test(href)) return false;
  return URL.canParse(href);
}

/**
 * After sanitising: a link whose address breaks the rule above becomes its text; the others are
 * the reader's, so search engines are told so (`nofollow ugc`).
 */
function rehypeCommentLinks() {
  return (tree: HastRoot) => {
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName === 'a' && !isAllowedCommentHref(node.properties.href) && parent && index !== undefined) {
        parent.children.splice(index, 1, ...node.children);
        return index; // visit the link's former children in its place
      }
      if (node.tagName === 'a') node.properties.rel = ['nofollow', 'ugc'];
      if (node.tagName === 'code') node.properties.dir = 'auto';
    });
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkCommentSyntax)
  .use(remarkRehype) // raw HTML is not parsed at all (htmlFlow/htmlText off, no allowDangerousHtml)
  .use(rehypeSanitize, commentSanitizeSchema)
  .use(rehypeCommentLinks)
  .use(rehypeStringify);

/** A comment's Markdown-lite → sanitised HTML. */
export function renderCommentMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}

/**
 * Rendered bodies kept per process (per isolate on Workers), keyed by the text itself: comments
 * are stored as typed and rendered when read, so each distinct body is rendered once, not per
 * request. Oldest first out.
 */
const cache = new Map<string, string>();
const CACHE_LIMIT = 1000;

export function commentHtml(body: string): string {
  const hit = cache.get(body);
  if (hit !== undefined) return hit;
  const html = renderCommentMarkdown(body);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(body, html);
  return html;
}

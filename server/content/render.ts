import GithubSlugger from 'github-slugger';
import type { Element, RootContent as HastContent, Nodes as HastNodes, Root as HastRoot } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import type { Root as MdastRoot, Paragraph, PhrasingContent, Text } from 'mdast';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { directive } from 'micromark-extension-directive';
import type { Construct, TokenizeContext } from 'micromark-util-types';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { type Processor, unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import { type BodySegment, pageHtml, type Widget, widgetKinds } from '../../common/content';
import { embedOf } from '../../common/embeds';
import { responsiveImage, splitImageSize } from '../../common/image-variants';
import { type Locale, localeDirection } from '../../common/locales';
import { setBlockDirections } from './block-direction';
import { HIGHLIGHT_PAGE_MAX, highlightCode } from './highlight';

declare module 'hast' {
  interface RootData {
    /** The headings rehypeDaftar found (renderMarkdown returns them as the table of contents). */
    toc?: TocEntry[];
  }
}

/**
 * Bumped whenever rendering output changes, so the next sync re-renders every page even though
 * its source did not change (the index stores it inside each page's source hash).
 * 4: the body is stored as segments (`pages.body`), widgets only at the top level, no text directives.
 * 5: pages also store their plain text for search (`pages.search_text`).
 * 6: pages store the colour mode their front matter forces (`pages.color_mode`).
 * 7: the site's images carry `srcset`/`sizes` of their WebP copies.
 * 8: the search text folds every common Persian spelling (common/persian-fold.ts, issue 25).
 * 9: pages store their front matter `translationKey` (`pages.translation_key`), and the search text
 *    no longer repeats the title's words (the triggers fold them since drizzle/0018).
 * 10: pages store their front matter `tags` and the folded key of their `author` (drizzle/0021).
 * 11: images alone with a caption or a width are figures; `{target=_blank}` after a link opens it in a new tab;
 *     a video address alone on its line is marked as an embed.
 * 12: pages store their front matter `metaTitle` and `noindex` (drizzle/0028).
 * 13: a block whose letters are all of the other direction gets its own `dir` (block-direction.ts); a linked
 *     image alone with a caption is a figure too (the WordPress importer's captions).
 * 14: the search text folds ھ ہ and the hamza seats before waw (common/persian-fold.ts, drizzle/0033), and
 *     holds the page's tag names (a tag is searchable).
 * 15: pages store their front matter `thumbnailAlt`, the banner's alt text (drizzle/0034).
 * 16: fenced code with a language is highlighted (server/content/highlight.ts), and every `<pre>`
 *     carries its copy button's words and `tabindex="0"` (a block that scrolls sideways is reachable by keyboard).
 * 17: pages store their front matter `visibility`; a members page's public columns hold its first block only (drizzle/0037).
 */
export const RENDERER_VERSION = 17;

export type TocEntry = { depth: number; id: string; text: string };
export type RenderResult = {
  /** The body in order: sanitised HTML and widgets (indexes into `widgets`), split at the top level of the tree. */
  body: BodySegment[];
  /** The HTML segments joined, without widgets (feeds). */
  html: string;
  toc: TocEntry[];
  widgets: Widget[];
  words: number;
  /**
   * The body's first top-level block alone (a paragraph, a heading, a figure, a widget…): all a
   * members page shows a reader who is not signed in. Its widget index, if it is one, is 0 in
   * `widgets` as in the whole body.
   */
  teaser: BodySegment[];
};

/**
 * A widget's place in the tree. It is a node type of its own, which no HTML parser and no other
 * Markdown syntax produces, so author content cannot forge one; it never goes through the
 * sanitiser and never becomes HTML: the body is cut into segments around it.
 */
const WIDGET_NODE = 'daftarWidget';
type WidgetNode = { type: typeof WIDGET_NODE; widget: Widget; source: string };

/** The node as a widget node, or undefined (a hast tree's types do not know our node type). */
function asWidget(node: unknown): WidgetNode | undefined {
  return typeof node === 'object' && node !== null && (node as { type?: unknown }).type === WIDGET_NODE
    ? (node as WidgetNode)
    : undefined;
}

const CLOBBER = 'user-content-';

const footnoteWords = {
  fa: { footnoteLabel: 'پانوشت‌ها', footnoteBackLabel: 'بازگشت به ارجاع' },
  en: { footnoteLabel: 'Footnotes', footnoteBackLabel: 'Back to reference' },
};

/*
 * Allowed HTML: GitHub's rules (hast-util-sanitize's default schema, which drops `<script>`,
 * `<iframe>`, `on*=` handlers, `style`, and any URL that is not http(s)/mailto/relative), and the
 * text of `<style>` is dropped too. Ids an author writes are prefixed (`user-content-`) so they
 * cannot clobber the page's own; heading ids are added after sanitising.
 */
export const pageSanitizeSchema = {
  ...defaultSchema,
  strip: [...(defaultSchema.strip ?? []), 'style'],
  // No `srcset` of an author's (`<source srcset>` in `<picture>`): the only srcset in a page is the
  // one the renderer adds for the site's own images, after sanitising.
  attributes: { ...defaultSchema.attributes, source: [] },
};

/** Headings get ids from their text; ZWNJ (Persian half-space) becomes a hyphen instead of vanishing. */
function slugText(text: string) {
  return text.replace(/\u200c/g, '-').trim();
}

type DirectiveNode = {
  type: 'containerDirective' | 'leafDirective' | 'textDirective';
  name: string;
  attributes?: Record<string, string | null | undefined> | null;
  children: PhrasingContent[];
  position?: { start: { offset?: number }; end: { offset?: number } };
};

/**
 * Block directives only (`::leaf`, `:::container`): Daftar has no inline widgets, so `:word` inside
 * prose, link text or image alt text is never parsed as a text directive and stays exactly as typed
 * (remark-directive would read `display:none` in `![…](…)` as a directive and lose `:none`).
 */
function remarkBlockDirectives(this: Processor) {
  const data = this.data();
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), { flow: directive().flow }];
  data.fromMarkdownExtensions = [...(data.fromMarkdownExtensions ?? []), directiveFromMarkdown()];
}

/** remark-gfm's autolink-literal transform: regular expressions over every text node. */
const autolinkLiterals = new Set(gfmAutolinkLiteralFromMarkdown().transforms ?? []);
/** Text that can hold a literal it links: `http…`, `www…` (any case) or an address with `@`. */
const MAY_HOLD_LITERAL = /@|www|http/i;

function mayHoldLiteral(node: { type: string; value?: unknown; children?: unknown[] }): boolean {
  if (node.type === 'text' && typeof node.value === 'string') return MAY_HOLD_LITERAL.test(node.value);
  return (node.children ?? []).some((child) => mayHoldLiteral(child as never));
}

/**
 * After remark-gfm: its autolink-literal transform (about a sixth of parsing) runs only when some
 * text node can hold a literal at all; otherwise it finds nothing and changes nothing.
 */
function remarkLazyAutolinkLiterals(this: Processor) {
  const data = this.data();
  type Extension = NonNullable<typeof data.fromMarkdownExtensions>[number];
  const lazy = (extension: Extension): Extension => {
    if (Array.isArray(extension)) return extension.map(lazy) as Extension;
    const { transforms } = extension as { transforms?: ((tree: MdastRoot) => MdastRoot | undefined)[] };
    if (!transforms?.some((transform) => autolinkLiterals.has(transform))) return extension;
    return {
      ...extension,
      transforms: transforms.map((transform) =>
        autolinkLiterals.has(transform) ? (tree: MdastRoot) => (mayHoldLiteral(tree) ? transform(tree) : undefined) : transform,
      ),
    } as Extension;
  };
  data.fromMarkdownExtensions = (data.fromMarkdownExtensions ?? []).map(lazy);
}

/**
 * What the Markdown being parsed can hold, set by renderMarkdown around its parse (parsing is
 * synchronous, one document at a time): two GFM constructs that would be tried all over a page are
 * not tried where they cannot match. Outside renderMarkdown every construct is tried.
 */
const parsing: { literals: boolean; delimiterRows?: Uint8Array } = { literals: true };

/**
 * Lines whose next line can be a table's delimiter row: GFM's table needs a `|` or a `:` there
 * (micromark-extension-gfm-table: a delimiter row without either is not one). Index: line number
 * (micromark counts from 1).
 */
function delimiterRows(markdown: string): Uint8Array {
  const lines = markdown.split(/\r\n|\r|\n/);
  const rows = new Uint8Array(lines.length + 1);
  for (let line = 1; line < lines.length; line++) if (/[|:]/.test(lines[line]!)) rows[line] = 1;
  return rows;
}

/** A table's body rows continue it whatever their next line holds: the table construct's own test. */
function continuesTable(context: TokenizeContext) {
  let index = context.events.length - 1;
  while (index > -1 && (context.events[index]![1].type === 'lineEnding' || context.events[index]![1].type === 'linePrefix'))
    index--;
  const tail: string | null = index > -1 ? context.events[index]![1].type : null;
  return tail === 'tableHead' || tail === 'tableRow';
}

const gates: Record<string, (construct: Construct) => Construct> = {
  /**
   * GFM's table is tried at the start of every line and reads the whole line as a possible header
   * row (about a sixth of parsing a page of long paragraphs): tried only when the next line can be
   * a delimiter row.
   */
  table: (construct) => ({
    ...construct,
    tokenize(effects, ok, nok) {
      const start = construct.tokenize.call(this, effects, ok, nok);
      return (code) =>
        parsing.delimiterRows && !parsing.delimiterRows[this.now().line] && !continuesTable(this) ? nok(code) : start(code);
    },
  }),
  // Literal autolinks (`www.…`, `http…`, `a@b.c`) are tried at every word that starts with a Latin
  // letter or digit, which also cuts the text into a token per word: not in a document that holds no
  // `@`, `www` or `http` (each needs those characters as typed).
  ...Object.fromEntries(
    ['wwwAutolink', 'protocolAutolink', 'emailAutolink'].map((name) => [
      name,
      (construct: Construct): Construct => ({
        ...construct,
        previous(code) {
          return parsing.literals && construct.previous!.call(this, code);
        },
      }),
    ]),
  ),
};

/**
 * After remark-gfm: its table and literal-autolink constructs behind the gates above. The output is
 * the same with and without them (`render.test.ts` renders both ways).
 */
function remarkGatedGfm(this: Processor) {
  const data = this.data();
  const copies = new Map<Construct, Construct>();
  const gated = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(gated);
    const construct = item as Construct;
    const gate = typeof construct === 'object' && construct?.name ? gates[construct.name] : undefined;
    if (!gate) return item;
    if (!copies.has(construct)) copies.set(construct, gate(construct));
    return copies.get(construct);
  };
  data.micromarkExtensions = (data.micromarkExtensions ?? []).map((extension) =>
    Object.fromEntries(
      Object.entries(extension).map(([field, hooks]) => [
        field,
        hooks && typeof hooks === 'object' && !Array.isArray(hooks)
          ? Object.fromEntries(Object.entries(hooks).map(([code, value]) => [code, gated(value)]))
          : hooks,
      ]),
    ),
  );
}

/**
 * Markdown directives → widgets (`::latest-logs{cat=tuts limit=5}`, `::intro`). A known leaf
 * directive at the top level of the document becomes a widget node; anything else (unknown names,
 * containers, widgets nested in lists or quotes) is given back as the text the author typed, so
 * prose such as "ratio 16:9" is never swallowed.
 */
function remarkWidgets() {
  // `file.value` is the Markdown being rendered (renderMarkdown passes it to `runSync`).
  return (tree: MdastRoot, file: { value: unknown }) => {
    const source = String(file.value);
    // Block directives start with `::`: without one there is nothing to find in the tree.
    if (!source.includes('::')) return;
    visit(tree, (node, index, parent) => {
      if (node.type !== 'containerDirective' && node.type !== 'leafDirective' && node.type !== 'textDirective') return;
      const directive = node as unknown as DirectiveNode;
      if (!parent || index === undefined) return;
      const start = directive.position?.start.offset;
      const end = directive.position?.end.offset;
      const original = start !== undefined && end !== undefined ? source.slice(start, end) : `::${directive.name}`;
      if (
        directive.type === 'leafDirective' &&
        parent.type === 'root' &&
        (widgetKinds as readonly string[]).includes(directive.name)
      ) {
        const attrs = directive.attributes ?? {};
        const widget: Widget = {
          kind: directive.name as Widget['kind'],
          props: {
            ...(attrs.cat ? { cat: String(attrs.cat) } : {}),
            ...(attrs.limit ? { limit: String(attrs.limit) } : {}),
          },
        };
        const replacement: WidgetNode = { type: WIDGET_NODE, widget, source: original };
        parent.children.splice(index, 1, replacement as never);
        return [SKIP, index + 1];
      }
      if (directive.type === 'textDirective') {
        const replacement: Text = { type: 'text', value: original };
        parent.children.splice(index, 1, replacement as never);
        return [SKIP, index + 1];
      }
      const paragraph: Paragraph = { type: 'paragraph', children: [{ type: 'text', value: original }] };
      parent.children.splice(index, 1, paragraph as never);
      return [SKIP, index + 1];
    });
  };
}

function isElement(node: unknown, ...names: string[]): node is Element {
  return (
    typeof node === 'object' && node !== null && (node as Element).type === 'element' && names.includes((node as Element).tagName)
  );
}

/**
 * Right after raw HTML is parsed: a widget that the author's raw HTML around it moved inside an
 * element (`<div>` above `::intro`) is not at the top level any more, so it becomes the text the
 * author typed, like any other directive that is not a widget.
 */
function rehypeNestedWidgetsToText() {
  return (tree: HastRoot) => {
    const walk = (node: HastNodes, topLevel: boolean) => {
      if (!('children' in node)) return;
      node.children = node.children.map((child) => {
        const widget = asWidget(child);
        if (!widget) {
          walk(child, false);
          return child;
        }
        return topLevel ? child : { type: 'text', value: widget.source };
      }) as typeof node.children;
    };
    walk(tree, true);
  };
}

/**
 * Sanitises everything except the widget nodes at the top level (hast-util-sanitize would drop a
 * node type it does not know): each run of other top-level nodes is sanitised as one fragment.
 */
function rehypeSanitizeAroundWidgets() {
  const sanitizer = unified().use(rehypeSanitize, pageSanitizeSchema);
  return (tree: HastRoot) => {
    const children: HastContent[] = [];
    let run: HastContent[] = [];
    const flush = () => {
      if (run.length) children.push(...(sanitizer.runSync({ type: 'root', children: run }) as HastRoot).children);
      run = [];
    };
    for (const child of tree.children) {
      if (asWidget(child)) {
        flush();
        children.push(child);
      } else run.push(child);
    }
    flush();
    tree.children = children;
  };
}

/**
 * After sanitising: heading ids, TOC, lazy images, isolated code direction, scrollable tables,
 * safe external links. Everything added here is ours, never the author's.
 */
function rehypeDaftar(locale: Locale) {
  return (tree: HastRoot) => {
    setBlockDirections(tree, localeDirection[locale]);
    const result = { toc: [] as TocEntry[] };
    tree.data = { ...tree.data, toc: result.toc };
    const slugger = new GithubSlugger();
    /** Characters of code highlighted so far on this page (server/content/highlight.ts HIGHLIGHT_PAGE_MAX). */
    let highlighted = 0;
    visit(tree, 'element', (node, index, parent) => {
      // `data-footnote-ref=""` as rehype-raw's parse5 round trip writes it, not a bare `data-footnote-ref`.
      for (const key in node.properties) if (node.properties[key] === true && key.startsWith('data')) node.properties[key] = '';
      const ownId = node.properties.id;
      if (typeof ownId === 'string' && ownId.startsWith(`${CLOBBER}${CLOBBER}`)) node.properties.id = ownId.slice(CLOBBER.length);
      if (/^h[1-6]$/.test(node.tagName)) {
        // The footnotes' own (screen-reader) heading keeps the id its references point to.
        if (Array.isArray(node.properties.className) && node.properties.className.includes('sr-only')) return;
        const text = hastToString(node).trim();
        const id = slugger.slug(slugText(text)) || slugger.slug('section');
        node.properties.id = id;
        const depth = Number(node.tagName.slice(1));
        if (depth >= 2 && depth <= 4) result.toc.push({ depth, id, text });
        return;
      }
      if (node.tagName === 'img') {
        const sized = splitImageSize(String(node.properties.src ?? ''));
        node.properties.src = sized.src;
        if (sized.width && sized.height) {
          node.properties.width = sized.width;
          node.properties.height = sized.height;
          // The site's own images get their WebP copies (decision 0008); the sanitiser already
          // dropped any srcset an author wrote, so these addresses are only ever ours.
          const responsive = responsiveImage(sized.src, sized.width, 'content');
          if (responsive) {
            node.properties.srcSet = responsive.srcSet;
            node.properties.sizes = responsive.sizes;
          }
        }
        node.properties.loading = 'lazy';
        node.properties.decoding = 'async';
        return;
      }
      if (node.tagName === 'pre') {
        node.properties.dir = 'ltr';
        // A long line scrolls the block sideways: keyboard users reach it too (axe scrollable-region-focusable).
        node.properties.tabIndex = 0;
        // The copy button's words, in the page's language (app/reading/code-copy.ts adds the button).
        node.properties.dataCopy = codeWords[locale].copy;
        node.properties.dataCopied = codeWords[locale].copied;
        const code = node.children.find((child) => isElement(child, 'code'));
        const language = code && fenceLanguage(code);
        if (!code || !language) return;
        node.properties.dataLanguage = language;
        const text = hastToString(code);
        if (highlighted + text.length > HIGHLIGHT_PAGE_MAX) return;
        const tokens = highlightCode(text, language);
        if (!tokens) return;
        highlighted += text.length;
        code.children = tokens;
        return SKIP;
      }
      if (node.tagName === 'code' && !isElement(parent, 'pre')) {
        node.properties.dir = 'auto';
        return;
      }
      if (node.tagName === 'a') {
        const href = String(node.properties.href ?? '');
        // `[text](href){target=_blank}`: the author chose a new tab (docs/content.md "Links").
        const next = parent && index !== undefined ? parent.children[index + 1] : undefined;
        const newTab = next?.type === 'text' && next.value.startsWith(NEW_TAB);
        if (newTab && parent && index !== undefined) {
          next.value = next.value.slice(NEW_TAB.length);
          if (!next.value) parent.children.splice(index + 1, 1);
          node.properties.target = '_blank';
        }
        if (/^https?:\/\//i.test(href)) node.properties.rel = ['noopener', 'noreferrer', 'nofollow'];
        else if (newTab) node.properties.rel = ['noopener', 'noreferrer'];
        // An address shown as the link's text reads left to right, isolated, inside Persian text.
        if (/^(?:https?:\/\/|www\.|mailto:)/i.test(hastToString(node))) node.properties.dir = 'ltr';
        return;
      }
      if (node.tagName === 'p' && parent && index !== undefined) {
        const embed = asEmbed(node);
        if (embed) {
          // A video address alone on its line: still a plain link (feeds, mail, no script); reading
          // pages show a poster and load the player on a click (app/reading/embeds.ts).
          node.properties.className = ['embed'];
          node.properties.dataEmbedSrc = embed.src;
          node.properties.dataEmbedLabel = embedWords[locale](embed.provider);
          return;
        }
        const figure = asFigure(node);
        if (figure) parent.children.splice(index, 1, figure);
        return;
      }
      if (node.tagName === 'table' && parent && index !== undefined && !isElement(parent, 'div')) {
        const wrapper: Element = {
          type: 'element',
          tagName: 'div',
          properties: { className: ['table-wrap'] },
          children: [node],
        };
        parent.children.splice(index, 1, wrapper);
        return SKIP;
      }
    });
  };
}

const NEW_TAB = '{target=_blank}';

const codeWords: Record<Locale, { copy: string; copied: string }> = {
  fa: { copy: 'کپی', copied: 'کپی شد' },
  en: { copy: 'Copy', copied: 'Copied' },
};

/** A code element's fence language (` ```ts ` gives `class="language-ts"`, which the sanitiser keeps). */
function fenceLanguage(code: Element): string | undefined {
  const classes = Array.isArray(code.properties.className) ? code.properties.className : [];
  const language = classes.map(String).find((name) => name.startsWith('language-'));
  return language ? language.slice('language-'.length) : undefined;
}

const embedWords: Record<Locale, (provider: string) => string> = {
  fa: (provider) => `پخش ویدیو از ${provider}`,
  en: (provider) => `Play the video from ${provider}`,
};

/** A paragraph that is only a bare video address (its text is its address): the embed it plays. */
function asEmbed(paragraph: Element) {
  const content = paragraph.children.filter((child) => !(child.type === 'text' && !child.value.trim()));
  const link = content.length === 1 && isElement(content[0], 'a') ? content[0] : undefined;
  const href = typeof link?.properties.href === 'string' ? link.properties.href : undefined;
  return link && href && hastToString(link).trim() === href ? embedOf(href) : undefined;
}

/**
 * A paragraph holding only an image (alone or as a link's only content) with a caption (its
 * Markdown title) or a width (`#…,wide`, `#full`) becomes `<figure class="figure-wide"><img><figcaption>`
 * (docs/content.md "Images");
 * any other paragraph is left alone. The image keeps its own handling (size, copies, lazy).
 */
function asFigure(paragraph: Element): Element | undefined {
  const content = paragraph.children.filter((child) => !(child.type === 'text' && !child.value.trim()));
  // The image, or a link holding only the image (an image that opens its full size or a page).
  const link = content.length === 1 && isElement(content[0], 'a') ? content[0] : undefined;
  const linked = link?.children.filter((child) => !(child.type === 'text' && !child.value.trim()));
  const image =
    content.length === 1 && isElement(content[0], 'img')
      ? content[0]
      : linked?.length === 1 && isElement(linked[0], 'img')
        ? linked[0]
        : undefined;
  if (!image) return undefined;
  const { layout } = splitImageSize(String(image.properties.src ?? ''));
  const caption = typeof image.properties.title === 'string' ? image.properties.title.trim() : '';
  if (!caption && layout === 'column') return undefined;
  delete image.properties.title;
  const children: Element[] = [link ?? image];
  if (caption)
    children.push({ type: 'element', tagName: 'figcaption', properties: {}, children: [{ type: 'text', value: caption }] });
  return {
    type: 'element',
    tagName: 'figure',
    properties: layout === 'column' ? {} : { className: [`figure-${layout}`] },
    children,
  };
}

function countWords(tree: HastRoot) {
  return hastToString(tree as never)
    .split(/[\s\u200c]+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

const stringifier = unified().use(rehypeStringify);

/**
 * The finished tree → the body's segments. The tree is cut between its top-level nodes, at the
 * widget nodes, and each run of other nodes is stringified on its own: HTML is never searched or
 * cut as a string, so nothing inside an attribute, a comment or text can become a widget or split
 * the markup. Runs that are only whitespace are left out.
 */
function toSegments(tree: HastRoot): { body: BodySegment[]; widgets: Widget[] } {
  const body: BodySegment[] = [];
  const widgets: Widget[] = [];
  let run: HastContent[] = [];
  const flush = () => {
    const html = stringifier.stringify({ type: 'root', children: run });
    if (html.trim()) body.push({ html });
    run = [];
  };
  for (const child of tree.children) {
    const widget = asWidget(child);
    if (widget) {
      flush();
      body.push({ widget: widgets.push(widget.widget) - 1 });
    } else run.push(child);
  }
  flush();
  return { body, widgets };
}

/**
 * The pipeline for a locale (footnote words), with or without rehype-raw. Built once and frozen:
 * building it per page cost about a fifth of a full sync. rehype-raw re-parses the whole tree with
 * parse5, so it runs only when the Markdown can hold raw HTML (a `<` anywhere); without it, the
 * tree is the same (a test renders every sample both ways) and is sanitised all the same.
 */
function buildPipeline(locale: Locale, raw: boolean, gated: boolean) {
  const gfm = unified().use(remarkParse).use(remarkGfm).use(remarkLazyAutolinkLiterals);
  const processor = (gated ? gfm.use(remarkGatedGfm) : gfm)
    .use(remarkBlockDirectives)
    .use(remarkWidgets)
    .use(remarkRehype, {
      allowDangerousHtml: true,
      ...footnoteWords[locale],
      handlers: { [WIDGET_NODE]: (_state: unknown, node: WidgetNode) => ({ ...node }) } as never,
    });
  const parsed = raw ? processor.use(rehypeRaw, { passThrough: [WIDGET_NODE] }) : processor;
  return parsed.use(rehypeNestedWidgetsToText).use(rehypeSanitizeAroundWidgets).use(rehypeDaftar, locale).freeze();
}

const pipelines = new Map<string, ReturnType<typeof buildPipeline>>();

function pipeline(locale: Locale, raw: boolean, gated: boolean) {
  const key = `${locale}:${raw}:${gated}`;
  const built = pipelines.get(key);
  if (built) return built;
  const processor = buildPipeline(locale, raw, gated);
  pipelines.set(key, processor);
  return processor;
}

/** Parses with the gates set for this text (which constructs it may hold), and always reset after. */
function parseGated(processor: ReturnType<typeof pipeline>, markdown: string): MdastRoot {
  parsing.literals = MAY_HOLD_LITERAL.test(markdown);
  parsing.delimiterRows = delimiterRows(markdown);
  try {
    return processor.parse(markdown) as MdastRoot;
  } finally {
    parsing.literals = true;
    parsing.delimiterRows = undefined;
  }
}

/**
 * The body's top-level blocks as written (a paragraph, a heading, a list, a table, a code block, a
 * widget line…), in order: the translation editor shows a source page block by block beside the
 * translation (server/services/translations.ts `translationSource`). Link reference definitions are
 * not blocks; they are given back apart, for rendering a block that uses them.
 */
export function markdownBlocks(markdown: string, locale: Locale = 'en'): { blocks: string[]; definitions: string } {
  const processor = pipeline(locale, false, true);
  const mdast = parseGated(processor, markdown);
  const blocks: string[] = [];
  const definitions: string[] = [];
  for (const node of mdast.children) {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) continue;
    const text = markdown.slice(start, end);
    if (node.type === 'definition') definitions.push(text);
    else blocks.push(text);
  }
  return { blocks, definitions: definitions.join('\n') };
}

/** Markdown (without front matter) → the body's segments (sanitised HTML and widgets), table of contents and word count. */
export function renderMarkdown(
  markdown: string,
  locale: Locale = 'en',
  // `gated: false` tries every GFM construct everywhere (tests compare both ways).
  { raw = markdown.includes('<'), gated = true } = {},
): RenderResult {
  const processor = pipeline(locale, raw, gated);
  const mdast = parseGated(processor, markdown);
  const tree = processor.runSync(mdast, markdown) as HastRoot;
  const words = countWords(tree);
  const { body, widgets } = toSegments(tree);
  const html = pageHtml(body, '');
  // Whitespace between blocks is a text node: the first block is the first other node.
  const first = tree.children.find((child) => child.type !== 'text' || child.value.trim() !== '');
  const teaser = first ? toSegments({ type: 'root', children: [first] }).body : [];
  return { body, html, toc: tree.data?.toc ?? [], widgets, words, teaser };
}

import GithubSlugger from 'github-slugger';
import type { Element, ElementContent, Root as HastRoot, Properties } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import type { Root as MdastRoot, Paragraph, PhrasingContent, Text } from 'mdast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import { WIDGET_MARKER, type Widget, widgetKinds } from '../../common/content';

/**
 * Bumped whenever rendering output changes, so the next sync re-renders every page even though
 * its source did not change (the index stores it inside each page's source hash).
 */
export const RENDERER_VERSION = 3;

export type TocEntry = { depth: number; id: string; text: string };
export type RenderResult = { html: string; toc: TocEntry[]; widgets: Widget[]; words: number };

const WIDGET_TAG = 'daftar-widget';
const CLOBBER = 'user-content-';

const footnoteWords = {
  fa: { footnoteLabel: 'پانوشت‌ها', footnoteBackLabel: 'بازگشت به ارجاع' },
  en: { footnoteLabel: 'Footnotes', footnoteBackLabel: 'Back to reference' },
};

/*
 * Allowed HTML: GitHub's rules (hast-util-sanitize's default schema, which drops `<script>`,
 * `<iframe>`, `on*=` handlers, `style`, and any URL that is not http(s)/mailto/relative), plus the
 * widget placeholder element our directive step produces. Ids an author writes are prefixed
 * (`user-content-`) so they cannot clobber the page's own; heading ids are added after sanitising.
 */
const schema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), WIDGET_TAG],
  strip: [...(defaultSchema.strip ?? []), 'style'],
  attributes: {
    ...defaultSchema.attributes,
    [WIDGET_TAG]: ['dataKind', 'dataCat', 'dataLimit'],
  },
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
  data?: { hName?: string; hProperties?: Properties };
};

/**
 * Markdown directives → widgets (`::latest-logs{cat=tuts limit=5}`, `::intro`). A known leaf
 * directive becomes a placeholder element; anything else is given back as the text the author
 * typed, so prose such as "ratio 16:9" or "see:this" is never swallowed.
 */
function remarkWidgets(source: string) {
  return () => (tree: MdastRoot) => {
    visit(tree, (node, index, parent) => {
      if (node.type !== 'containerDirective' && node.type !== 'leafDirective' && node.type !== 'textDirective') return;
      const directive = node as unknown as DirectiveNode;
      if (directive.type === 'leafDirective' && (widgetKinds as readonly string[]).includes(directive.name)) {
        const attrs = directive.attributes ?? {};
        directive.data = {
          hName: WIDGET_TAG,
          hProperties: {
            dataKind: directive.name,
            ...(attrs.cat ? { dataCat: String(attrs.cat) } : {}),
            ...(attrs.limit ? { dataLimit: String(attrs.limit) } : {}),
          },
        };
        directive.children = [];
        return SKIP;
      }
      if (!parent || index === undefined) return;
      const start = directive.position?.start.offset;
      const end = directive.position?.end.offset;
      const original = start !== undefined && end !== undefined ? source.slice(start, end) : `:${directive.name}`;
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

/** Image `src` may end in `#800x600` to give the intrinsic size (stripped from the URL). */
function imageSize(src: string): { src: string; width?: number; height?: number } {
  const match = /#(\d{1,5})x(\d{1,5})$/.exec(src);
  if (!match) return { src };
  return { src: src.slice(0, match.index), width: Number(match[1]), height: Number(match[2]) };
}

/**
 * After sanitising: heading ids, TOC, widget markers, lazy images, isolated code direction,
 * scrollable tables, safe external links. Everything added here is ours, never the author's.
 */
function rehypeDaftar(result: { toc: TocEntry[]; widgets: Widget[] }) {
  return () => (tree: HastRoot) => {
    const slugger = new GithubSlugger();
    visit(tree, 'element', (node, index, parent) => {
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
      if (node.tagName === WIDGET_TAG && parent && index !== undefined) {
        const kind = String(node.properties.dataKind ?? '');
        if ((widgetKinds as readonly string[]).includes(kind)) {
          const props: Record<string, string> = {};
          if (node.properties.dataCat) props.cat = String(node.properties.dataCat);
          if (node.properties.dataLimit) props.limit = String(node.properties.dataLimit);
          const n = result.widgets.push({ kind: kind as Widget['kind'], props }) - 1;
          parent.children.splice(index, 1, { type: 'comment', value: `${WIDGET_MARKER}${n}` } as ElementContent);
        } else {
          parent.children.splice(index, 1, ...(node.children as ElementContent[]));
        }
        return [SKIP, index];
      }
      if (node.tagName === 'img') {
        const sized = imageSize(String(node.properties.src ?? ''));
        node.properties.src = sized.src;
        if (sized.width && sized.height) {
          node.properties.width = sized.width;
          node.properties.height = sized.height;
        }
        node.properties.loading = 'lazy';
        node.properties.decoding = 'async';
        return;
      }
      if (node.tagName === 'pre') {
        node.properties.dir = 'ltr';
        return;
      }
      if (node.tagName === 'code' && !isElement(parent, 'pre')) {
        node.properties.dir = 'auto';
        return;
      }
      if (node.tagName === 'a') {
        const href = String(node.properties.href ?? '');
        if (/^https?:\/\//i.test(href)) node.properties.rel = ['noopener', 'noreferrer', 'nofollow'];
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

function countWords(tree: HastRoot) {
  return hastToString(tree as never)
    .split(/[\s\u200c]+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Markdown (without front matter) → sanitised HTML with widget markers, table of contents and word count. */
export function renderMarkdown(markdown: string, locale: 'fa' | 'en' = 'en'): RenderResult {
  const result: { toc: TocEntry[]; widgets: Widget[] } = { toc: [], widgets: [] };
  let words = 0;
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkDirective)
    .use(remarkWidgets(markdown))
    .use(remarkRehype, { allowDangerousHtml: true, ...footnoteWords[locale] })
    .use(rehypeRaw)
    .use(rehypeSanitize, schema)
    .use(rehypeDaftar(result))
    .use(() => (tree: HastRoot) => {
      words = countWords(tree);
    })
    .use(rehypeStringify);
  const html = String(processor.processSync(markdown));
  return { html, toc: result.toc, widgets: result.widgets, words };
}

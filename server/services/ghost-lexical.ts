/*
 * Ghost 5's editor stores a post as a Lexical document (`posts.lexical`, JSON in a string). This
 * renders it as plain HTML the importer's converter (site-import.ts htmlToMarkdown) turns into the
 * Markdown the site renders: text with its marks, headings, lists, quotes, links, and Ghost's
 * cards — image and gallery (figures with captions), bookmark (a link with its title and
 * description), callout (a quote), embed (its address alone on a line, which the site shows as a
 * video where it knows the provider), code (a fenced block), toggle (its heading in bold, then its
 * content), markdown, html, button, header, video, audio, file, product. A card it does not know
 * is left out and named through `unknown`. Nothing here is trusted: every text is escaped, every
 * HTML field goes through the converter's filters (no script, no event handler, no unsafe link).
 */

type LexicalNode = { type?: unknown; children?: unknown; [key: string]: unknown };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const field = (node: LexicalNode, name: string) => (typeof node[name] === 'string' ? (node[name] as string) : '');
const children = (node: LexicalNode): LexicalNode[] =>
  Array.isArray(node.children)
    ? node.children.filter((child): child is LexicalNode => Boolean(child) && typeof child === 'object')
    : [];

/** Lexical's text format bits, outermost first. */
const MARKS: [number, string][] = [
  [16, 'code'],
  [1, 'strong'],
  [2, 'em'],
  [4, 's'],
  [32, 'sub'],
  [64, 'sup'],
];

/** A figure of one image with its caption (HTML in Ghost), wrapped in its link when it has one. */
function figure(src: string, alt: string, caption: string, href = '') {
  if (!src) return '';
  const img = `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}">`;
  return `<figure>${href ? `<a href="${escapeHtml(href)}">${img}</a>` : img}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
}

/** How deep a document may nest before the rest is left out (a hostile file cannot exhaust the stack). */
const MAX_DEPTH = 64;

function render(node: LexicalNode, unknown: (card: string) => void, depth: number): string {
  if (depth > MAX_DEPTH) return '';
  const inner = () =>
    children(node)
      .map((child) => render(child, unknown, depth + 1))
      .join('');
  const type = typeof node.type === 'string' ? node.type : '';
  switch (type) {
    case 'root':
      return inner();
    case 'paragraph':
      return `<p>${inner()}</p>`;
    case 'heading':
    case 'extended-heading': {
      const tag = /^h[1-6]$/.test(field(node, 'tag')) ? field(node, 'tag') : 'h2';
      return `<${tag}>${inner()}</${tag}>`;
    }
    case 'quote':
    case 'extended-quote':
    case 'aside':
      return `<blockquote><p>${inner()}</p></blockquote>`;
    case 'list': {
      const tag = field(node, 'listType') === 'number' ? 'ol' : 'ul';
      return `<${tag}>${inner()}</${tag}>`;
    }
    case 'listitem':
      return `<li>${inner()}</li>`;
    case 'text':
    case 'extended-text': {
      const format = typeof node.format === 'number' ? node.format : 0;
      let html = escapeHtml(field(node, 'text'));
      for (const [bit, tag] of MARKS) if (format & bit) html = `<${tag}>${html}</${tag}>`;
      return html;
    }
    case 'link':
    case 'autolink':
      return `<a href="${escapeHtml(field(node, 'url'))}">${inner()}</a>`;
    case 'linebreak':
      return '<br>';
    case 'tab':
      return ' ';
    case 'horizontalrule':
      return '<hr>';
    case 'image':
      return figure(field(node, 'src'), field(node, 'alt'), field(node, 'caption'), field(node, 'href'));
    case 'gallery': {
      const images = Array.isArray(node.images)
        ? (node.images as LexicalNode[]).filter((image) => image && typeof image === 'object')
        : [];
      const caption = field(node, 'caption');
      return `${images.map((image) => figure(field(image, 'src'), field(image, 'alt'), field(image, 'caption'))).join('')}${caption ? `<p>${caption}</p>` : ''}`;
    }
    case 'bookmark': {
      const metadata = (node.metadata && typeof node.metadata === 'object' ? node.metadata : {}) as LexicalNode;
      const url = field(node, 'url');
      const title = field(metadata, 'title') || url;
      const description = field(metadata, 'description');
      const caption = field(node, 'caption');
      return url
        ? `<p><a href="${escapeHtml(url)}">${escapeHtml(title)}</a>${description ? ` — ${escapeHtml(description)}` : ''}</p>${caption ? `<p>${caption}</p>` : ''}`
        : '';
    }
    case 'callout': {
      // Ghost's callout text is paragraphs of HTML: the emoji opens the first.
      const emoji = field(node, 'calloutEmoji') ? `${escapeHtml(field(node, 'calloutEmoji'))} ` : '';
      const text = field(node, 'calloutText');
      const opened = /^\s*<p\b[^>]*>/i.test(text)
        ? text.replace(/^\s*<p\b[^>]*>/i, (p) => `${p}${emoji}`)
        : `<p>${emoji}${text}</p>`;
      return `<blockquote>${opened}</blockquote>`;
    }
    case 'embed': {
      // The address alone on its line: the site plays the providers it knows, and links the rest.
      const url = field(node, 'url');
      const caption = field(node, 'caption');
      return url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>${caption ? `<p>${caption}</p>` : ''}` : '';
    }
    case 'codeblock': {
      const language = field(node, 'language').replace(/[^\w+#-]/g, '');
      const caption = field(node, 'caption');
      return `<pre><code${language ? ` class="language-${language}"` : ''}>${escapeHtml(field(node, 'code'))}</code></pre>${caption ? `<p>${caption}</p>` : ''}`;
    }
    case 'toggle':
      return `<p><strong>${field(node, 'heading')}</strong></p>${field(node, 'content')}`;
    case 'markdown':
      // Rendered by the caller (the site's own Markdown renderer), marked here.
      return `<daftar-markdown>${escapeHtml(field(node, 'markdown'))}</daftar-markdown>`;
    case 'html':
      return field(node, 'html');
    case 'button':
      return field(node, 'buttonUrl')
        ? `<p><a href="${escapeHtml(field(node, 'buttonUrl'))}">${escapeHtml(field(node, 'buttonText') || field(node, 'buttonUrl'))}</a></p>`
        : '';
    case 'header': {
      const button = field(node, 'buttonUrl')
        ? `<p><a href="${escapeHtml(field(node, 'buttonUrl'))}">${escapeHtml(field(node, 'buttonText') || field(node, 'buttonUrl'))}</a></p>`
        : '';
      return `<h2>${field(node, 'header')}</h2>${field(node, 'subheader') ? `<p>${field(node, 'subheader')}</p>` : ''}${button}`;
    }
    case 'video':
    case 'audio':
      return field(node, 'src') ? `<${type} src="${escapeHtml(field(node, 'src'))}"></${type}>` : '';
    case 'file':
      return field(node, 'src')
        ? `<p><a href="${escapeHtml(field(node, 'src'))}">${escapeHtml(field(node, 'fileTitle') || field(node, 'fileName') || field(node, 'src'))}</a></p>`
        : '';
    case 'product': {
      const url = field(node, 'productUrl');
      const title = field(node, 'productTitle');
      return `${figure(field(node, 'productImageSrc'), title.replace(/<[^>]*>/g, ''), '')}<h3>${title}</h3>${field(node, 'productDescription')}${
        url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(field(node, 'productButton') || url)}</a></p>` : ''
      }`;
    }
    default:
      unknown(type || '(no type)');
      return '';
  }
}

/**
 * A Ghost Lexical document as HTML; each card it does not know is reported through `unknown` (by
 * its type) and left out. `renderMarkdown` turns a Markdown card's text into HTML. Throws on a
 * document that is not Lexical JSON.
 */
export function lexicalToHtml(lexical: string, unknown: (card: string) => void, renderMarkdown: (markdown: string) => string) {
  const document = JSON.parse(lexical) as { root?: LexicalNode };
  if (!document || typeof document !== 'object' || !document.root || typeof document.root !== 'object')
    throw new Error('no root node');
  const html = render({ ...document.root, type: 'root' }, unknown, 0);
  return html.replace(/<daftar-markdown>([\s\S]*?)<\/daftar-markdown>/g, (_all, markdown: string) =>
    renderMarkdown(
      markdown
        .replace(/&quot;/g, '"')
        .replace(/&gt;/g, '>')
        .replace(/&lt;/g, '<')
        .replace(/&amp;/g, '&'),
    ),
  );
}

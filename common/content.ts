/** Content shapes shared by the indexer (server) and the page components (app). */

import type { ColorModeValue } from './color-mode';
import { isLocale, type Locale } from './locales';
import type { PageTag } from './tags';

/** Widgets authors place with Markdown directives: `::latest-logs{cat=tuts limit=5}`, `::intro`. */
export const widgetKinds = ['latest-logs', 'intro'] as const;
export type WidgetKind = (typeof widgetKinds)[number];
export type Widget = { kind: WidgetKind; props: Record<string, string> };

export type TocItem = { depth: number; id: string; text: string };
export type TocNode = TocItem & { children: TocNode[] };

/** Flat headings (h2–h4) → a nested list; a jump of more than one level nests under the last entry. */
export function nestToc(entries: readonly TocItem[]): TocNode[] {
  const root: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const entry of entries) {
    const node: TocNode = { ...entry, children: [] };
    while (stack.length > 0 && stack[stack.length - 1]!.depth >= node.depth) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else root.push(node);
    stack.push(node);
  }
  return root;
}

/**
 * A page body in order: sanitised HTML and widgets (an index into the page's widgets), as the
 * renderer cut it at the top level of the HTML tree (server/content/render.ts). Stored as JSON in
 * `pages.body`; the page renders it as it is, no HTML is ever searched for a marker.
 */
export type BodySegment = { html: string } | { widget: number };

/**
 * A page's HTML in one string, widgets left out: what feeds, newsletter mail, the public API and
 * search snippets show. The segments are the one stored copy of a page's HTML (issue 24: a row
 * held it twice); `storedHtml` is the whole HTML of a page indexed before segments existed.
 */
export function pageHtml(body: readonly BodySegment[] | null, storedHtml: string): string {
  if (!body) return storedHtml;
  let html = '';
  for (const segment of body) if ('html' in segment) html += segment.html;
  return html;
}

/** `content/fa/logs/hello.md` → `{ locale: 'fa', slug: 'logs/hello' }`; `…/index.md` is its folder. */
export function slugFromPath(path: string): { locale: Locale; slug: string } | undefined {
  const match = /^content\/([^/]+)\/(.+)\.md$/.exec(path);
  const locale = match?.[1];
  if (!match || !isLocale(locale)) return undefined;
  const parts = match[2]!.split('/');
  if (parts[parts.length - 1] === 'index') parts.pop();
  if (parts.some((part) => part === '' || part.startsWith('.') || part.startsWith('_'))) return undefined;
  return { locale, slug: parts.join('/') };
}

/**
 * Who reads a page whole (front matter `visibility`, docs/content.md "Members-only pages"): `public`,
 * everyone; `members`, everyone reads its title, description and first block, and only signed-in
 * readers (any role) the rest.
 */
export const PAGE_VISIBILITIES = ['public', 'members'] as const;
export type PageVisibility = (typeof PAGE_VISIBILITIES)[number];

export const LOGS_PAGE_SIZE = 10;
export const HOME_LATEST_LOGS = 5;

/** What lists show of a page. */
export type PageSummary = {
  slug: string;
  title: string;
  description: string;
  date: string | null;
  cat: string | null;
  thumbnail: string | null;
  author: string | null;
};

/** A widget with the data it shows, resolved on the server. */
export type ResolvedWidget =
  | { kind: 'latest-logs'; cat?: string; items: PageSummary[] }
  | { kind: 'intro'; title: string; description: string };

export type ContentPage = PageSummary & {
  locale: Locale;
  /** Front matter `thumbnailAlt`: the banner's alt text; null = the banner is decorative (`alt=""`). */
  thumbnailAlt: string | null;
  /** The body in order: sanitised HTML and widgets (indexes into `widgets`). */
  body: BodySegment[];
  toc: TocItem[] | null;
  showToc: boolean;
  intro: boolean;
  comments: boolean;
  newsletter: boolean;
  /** Front matter `colorMode`: the page is always shown in this mode; null = the reader's choice. */
  colorMode: ColorModeValue | null;
  /** Front matter `metaTitle`: the page's whole `<title>`; null = the title and the site name. */
  metaTitle: string | null;
  /** Front matter `noindex`: `<meta name="robots" content="noindex">`, not in the sitemap or the feeds. */
  noindex: boolean;
  /**
   * Front matter `visibility: members`: `locked` when `body` (and `toc`) hold only the first block,
   * for a reader who is not signed in; `open` when a signed-in reader gets it all. Null: a public page.
   */
  members: 'locked' | 'open' | null;
  words: number;
  widgets: ResolvedWidget[];
  /** Slug of the same page in the other locale, when it is published there. */
  translation?: { locale: Locale; slug: string };
  /** Whether the category is one of the site's categories (then it links to /cats/{cat}). */
  catListed: boolean;
  updatedAt: string;
  /** Front matter `tags`, each linking to its tag page (common/tags.ts). */
  tags: PageTag[];
  /** The account the front matter `author` names, when there is one: the byline links to its author page. */
  authorAccount?: { user: string; name: string };
};

/** Content shapes shared by the indexer (server) and the page components (app). */

/** Widgets authors place with Markdown directives: `::latest-logs{cat=tuts limit=5}`, `::intro`. */
export const widgetKinds = ['latest-logs', 'intro'] as const;
export type WidgetKind = (typeof widgetKinds)[number];
export type Widget = { kind: WidgetKind; props: Record<string, string> };

/** Rendered HTML marks each widget's place with the comment `<!--daftar:widget:N-->`. */
export const WIDGET_MARKER = 'daftar:widget:';

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

export type HtmlSegment = { html: string } | { widget: number };

/** Splits rendered HTML at its widget markers, in order. */
export function splitWidgets(html: string): HtmlSegment[] {
  const segments: HtmlSegment[] = [];
  const pattern = new RegExp(`<!--${WIDGET_MARKER}(\\d+)-->`, 'g');
  let last = 0;
  for (const match of html.matchAll(pattern)) {
    const before = html.slice(last, match.index);
    if (before.trim()) segments.push({ html: before });
    segments.push({ widget: Number(match[1]) });
    last = (match.index ?? 0) + match[0].length;
  }
  const rest = html.slice(last);
  if (rest.trim()) segments.push({ html: rest });
  return segments;
}

/** `content/fa/logs/hello.md` → `{ locale: 'fa', slug: 'logs/hello' }`; `…/index.md` is its folder. */
export function slugFromPath(path: string): { locale: 'fa' | 'en'; slug: string } | undefined {
  const match = /^content\/(fa|en)\/(.+)\.md$/.exec(path);
  if (!match) return undefined;
  const locale = match[1] as 'fa' | 'en';
  const parts = match[2]!.split('/');
  if (parts[parts.length - 1] === 'index') parts.pop();
  if (parts.some((part) => part === '' || part.startsWith('.') || part.startsWith('_'))) return undefined;
  return { locale, slug: parts.join('/') };
}

/** Public path of a page: `/fa`, `/en/logs/hello`. Segments are URL-encoded (Persian slugs stay valid). */
export function pagePath(locale: string, slug: string): string {
  return slug ? `/${locale}/${slug.split('/').map(encodeURIComponent).join('/')}` : `/${locale}`;
}

/** Routes that are not content, even though the catch-all would match them. */
export const reservedSlugs = ['logs', 'cats', 'manage', 'login', 'register', 'profile', '403'];

export const LOGS_PAGE_SIZE = 10;
export const HOME_LATEST_LOGS = 5;

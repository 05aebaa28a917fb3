import { legacyQueryKey } from './legacy-address';
import type { Locale } from './locales';

/**
 * Every address the product builds, in one place: renaming a section or adding a locale touches
 * this file only. Segments are URL-encoded, so Persian slugs and category names stay valid.
 */
const encodePath = (slug: string) => slug.split('/').map(encodeURIComponent).join('/');
/** A decoded path of this site (`/media/عکس.jpg`) as an address: each segment encoded. */
export const encodeSitePath = (path: string) => encodePath(path);
const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};
/** `?page=N` only past the first page, so page 1 has one address. */
const pageQuery = (page?: number) => (page && page > 1 ? page : undefined);

/** The private sections: personal or dashboard pages, never cached, indexed or used as content slugs. */
export const PRIVATE_SECTIONS = [
  'manage',
  'login',
  'register',
  'profile',
  'reset-password',
  'forgot-password',
  'confirm-email',
  'preview',
] as const;

/**
 * Addresses that belong to the product, not to content. A slug may not start with a reserved
 * folder (the private sections, category archives, the server-made folders) nor be a reserved
 * page (the logs archive, whose entries `logs/…` are content, and the error page). Tag and author
 * pages (`tags/…`, `authors/…`) are folders of the product too. The indexer,
 * the editor's path rules, the page cache and robots.txt all derive from these lists.
 */
export const RESERVED_FOLDERS = [...PRIVATE_SECTIONS, 'cats', 'tags', 'authors', 'api', 'builds', 'media', 'assets'] as const;
export const RESERVED_PAGES = [
  'logs',
  'search',
  '403',
  'newsletter/confirm',
  'newsletter/unsubscribe',
  'notifications/unsubscribe',
] as const;

/** Whether a content slug (`about`, `logs/hello`) would collide with a product route. */
export function isReservedSlug(slug: string): boolean {
  const lower = slug.toLowerCase();
  const first = lower.split('/')[0] ?? '';
  return (RESERVED_PAGES as readonly string[]).includes(lower) || (RESERVED_FOLDERS as readonly string[]).includes(first);
}

export const paths = {
  home: (locale: Locale) => `/${locale}`,
  /** A content page by slug; the empty slug is the locale's home page. */
  page: (locale: Locale, slug: string) => (slug ? `/${locale}/${encodePath(slug)}` : `/${locale}`),
  logs: (locale: Locale, page?: number) => withQuery(`/${locale}/logs`, { page: pageQuery(page) }),
  category: (locale: Locale, cat: string, page?: number) =>
    withQuery(`/${locale}/cats/${encodeURIComponent(cat)}`, { page: pageQuery(page) }),
  /** A tag's pages (`slug` from common/tags.ts tagSlug). */
  tag: (locale: Locale, slug: string, page?: number) =>
    withQuery(`/${locale}/tags/${encodeURIComponent(slug)}`, { page: pageQuery(page) }),
  /** An author's pages, by the account's user name. */
  author: (locale: Locale, user: string, page?: number) =>
    withQuery(`/${locale}/authors/${encodeURIComponent(user)}`, { page: pageQuery(page) }),
  login: (locale: Locale, redirectTo?: string | null) => withQuery(`/${locale}/login`, { redirectTo: redirectTo ?? undefined }),
  /** The second step of signing in (two factors), keeping where the visitor goes afterwards. */
  loginSecondStep: (locale: Locale, redirectTo?: string | null) =>
    withQuery(`/${locale}/login/two-factor`, { redirectTo: redirectTo ?? undefined }),
  register: (locale: Locale, redirectTo?: string | null) =>
    withQuery(`/${locale}/register`, { redirectTo: redirectTo ?? undefined }),
  profile: (locale: Locale) => `/${locale}/profile`,
  /** Site search; `q` is the query as typed, `page` past the first. */
  search: (locale: Locale, q?: string, page?: number) => withQuery(`/${locale}/search`, { q, page: pageQuery(page) }),
  /** Where a one-time password reset link leads (the token is the secret). */
  resetPassword: (locale: Locale, token: string) => withQuery(`/${locale}/reset-password`, { token }),
  /** Asks for a reset link by mail (issue 27). */
  forgotPassword: (locale: Locale) => `/${locale}/forgot-password`,
  /** Where a mailed e-mail confirmation link leads; it acts only through its button (a POST). */
  confirmEmail: (locale: Locale, token: string) => withQuery(`/${locale}/confirm-email`, { token }),
  /** A notification mail's unsubscribe page (the token is signed); it acts only through its button. */
  notificationsUnsubscribe: (locale: Locale, token: string) => withQuery(`/${locale}/notifications/unsubscribe`, { token }),
  /** The dashboard, or one of its sections (`pages`, `users/roles`…). */
  manage: (locale: Locale, section?: string) => (section ? `/${locale}/manage/${section}` : `/${locale}/manage`),
  forbidden: (locale: Locale) => `/${locale}/403`,
  /** A shareable preview of a page's pending version (the token is the secret). */
  preview: (locale: Locale, token: string) => `/${locale}/preview/${token}`,
  /** The newsletter's confirmation and unsubscribe pages: each acts only through its button (a POST). */
  newsletterConfirm: (locale: Locale, token: string) => withQuery(`/${locale}/newsletter/confirm`, { token }),
  newsletterUnsubscribe: (locale: Locale, token: string) => withQuery(`/${locale}/newsletter/unsubscribe`, { token }),
  feed: (locale: Locale) => `/${locale}/feed.xml`,
  /** The Atom feeds of one tag's and one author's pages. */
  tagFeed: (locale: Locale, slug: string) => `/${locale}/tags/${encodeURIComponent(slug)}/feed.xml`,
  categoryFeed: (locale: Locale, cat: string) => `/${locale}/cats/${encodeURIComponent(cat)}/feed.xml`,
  authorFeed: (locale: Locale, user: string) => `/${locale}/authors/${encodeURIComponent(user)}/feed.xml`,
  sitemap: (locale: Locale) => `/${locale}/sitemap.xml`,
  /** A locale-less app path made absolute for a locale: '/about' → '/fa/about', '/' → '/fa'. */
  inLocale: (locale: Locale, to: string) =>
    to === '/' || to === '' ? `/${locale}` : `/${locale}${to.startsWith('/') ? to : `/${to}`}`,
};

/** A path whose last segment has a dot is a file (`/favicon.ico`, `/fa/feed.xml`), not a page. */
export function isFilePath(pathname: string): boolean {
  return (pathname.split('/').at(-1) ?? '').includes('.');
}

/** Top-level files and folders the server answers itself, outside the locales. */
const SITE_FILES = ['robots.txt', 'sitemap.xml', 'favicon.ico', 'icon.png', 'appearance.css'] as const;
const SITE_FOLDERS = ['api', 'media', 'assets', 'builds', 'images', 'data', '.well-known'] as const;

/**
 * Whether a whole site path (`/en/login`, `/api/pages`, `/fa/feed.xml`) belongs to the product:
 * a redirect (made by hand or by an importer) and an imported page may never take one (security
 * F-43). Refused: a locale's home, its reserved folders and pages (`isReservedSlug`), its feeds and
 * sitemaps, the same without a locale (`/login` is where the app sends a visitor to `/fa/login`),
 * the server's own top-level files and folders, and React Router's and the platforms' own
 * endpoints (`/__manifest`, `/__daftar/…`). Content (`/en/about`, `/fa/logs/x`) and old addresses
 * outside the locales (`/blog/2018/10/02/hello/`, WordPress's plain `/?p=12`: the home with one of
 * its query names) are free. The path is read as
 * a browser sends it (normalised, decoded, case-folded), so `/EN/Login/`, `/en/./login` and
 * `/en/%6Cogin` are the same route.
 */
export function isSiteRoutePath(path: string): boolean {
  const url = (() => {
    try {
      return new URL(path, 'https://site.invalid');
    } catch {
      return undefined;
    }
  })();
  if (!url) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return true;
  }
  const segments = decoded.toLowerCase().split('/').filter(Boolean);
  const [first = '', ...rest] = segments;
  if (segments.length === 0) return legacyQueryKey(url.search) === undefined;
  if ((SITE_FILES as readonly string[]).includes(first) && rest.length === 0) return true;
  if ((SITE_FOLDERS as readonly string[]).includes(first) || first.startsWith('__')) return true;
  const inLocale = first === 'fa' || first === 'en';
  if (inLocale && rest.length === 0) return true;
  const slug = (inLocale ? rest : segments).join('/');
  return isReservedSlug(slug) || /^(feed\.xml|sitemap(-\d+)?\.xml)$/.test(slug);
}

/**
 * Whether a redirect may lead to a path of this site (server/services/redirects.ts): a page under a
 * locale that is not the product's own (isSiteRoutePath), or one of the product's public reading
 * pages — a locale's home, the logs, a category, tag or author page, search, a feed — or a media
 * file. Never a private section (`/en/login`, `/fa/manage`), the API, the server's other files or
 * folders, nor a path outside the locales (the server would send it on again: a second hop).
 */
export function isRedirectTargetPath(path: string): boolean {
  let segments: string[];
  try {
    segments = decodeURIComponent(new URL(path, 'https://site.invalid').pathname).toLowerCase().split('/').filter(Boolean);
  } catch {
    return false;
  }
  const [first = '', second = '', ...rest] = segments;
  if (first === 'media') return segments.length > 1;
  if (first !== 'fa' && first !== 'en') return false;
  if (!isSiteRoutePath(path)) return true;
  if (!second) return true;
  if (second === 'logs' || second === 'search' || second === 'feed.xml') return rest.length === 0;
  if (second === 'cats' || second === 'tags' || second === 'authors')
    return rest.length === 1 || (rest.length === 2 && rest[1] === 'feed.xml');
  return false;
}

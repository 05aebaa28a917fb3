// An old site's address as the redirects table keys it: read by the request path (server/http/
// redirects.ts) and written by the site importers (server/services/import-*.ts).

const LEGACY_QUERY = ['p', 'page_id', 'attachment_id', 'cat', 'tag', 'author'];

/**
 * The `redirects` key of an old address outside the locales (site importers, docs/operating.md
 * "Coming from WordPress or Ghost"): `/` with `?p=12` (WordPress's plain addresses: the first of
 * its `p`, `page_id`, `attachment_id`, `cat`, `tag`, `author` parameters) is `/?p=12`; any other
 * path is itself decoded, without trailing slashes (`/2024/05/hello/` → `/2024/05/hello`), its
 * query left out. Undefined for `/` without such a parameter and for undecodable paths.
 */
export function legacyAddressKey(pathname: string, search: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname).replace(/\/+$/, '');
  } catch {
    return undefined;
  }
  if (path) return path.normalize('NFC');
  return legacyQueryKey(search);
}

/**
 * The key of a plain WordPress address in a blog installed in a folder (`/blog/?p=12` →
 * `/blog/?p=12`): its path, decoded and without trailing slashes, then the query as
 * legacyQueryKey reads it. Undefined for the site's root (that is legacyAddressKey's `/?p=12`), for
 * a query that is not one of those, and for undecodable paths.
 */
export function legacyFolderQueryKey(pathname: string, search: string): string | undefined {
  const query = legacyQueryKey(search);
  if (!query) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(pathname).replace(/\/+$/, '');
  } catch {
    return undefined;
  }
  return path ? `${path.normalize('NFC')}${query.slice(1)}` : undefined;
}

/** `/?p=12` for a query naming what a WordPress plain address shows (`?p=12&x=1`); undefined for any other query. */
export function legacyQueryKey(search: string): string | undefined {
  const query = new URLSearchParams(search);
  const name = LEGACY_QUERY.find((key) => query.get(key));
  return name ? `/?${name}=${query.get(name)}` : undefined;
}

import { z } from 'zod';
import { legacyAddressKey } from './legacy-address';
import { isLocale } from './locales';
import { messageRef, tooLong } from './messages';
import { isRedirectTargetPath, isSiteRoutePath } from './paths';
import { hasControlCharacter, isHttpUrl, sameSitePath } from './site-path';

/*
 * Redirects made by hand (/manage/redirects, its CSV import) and the shapes the screen shows. The
 * rules a single redirect obeys are here, for the form and the server alike; those that need the
 * other redirects or the published pages (chains, loops through another rule, a page at the
 * source) are the service's (server/services/redirects.ts). docs/content.md "Redirects".
 */

export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
export type RedirectOrigin = 'move' | 'import' | 'manual';

/** The longest source or target (characters, as typed). */
export const REDIRECT_ADDRESS_MAX = 1000;
/** Rows of one CSV import; more is refused as a whole. */
export const REDIRECT_IMPORT_MAX_ROWS = 5000;
export const REDIRECTS_PAGE_SIZE = 50;
export const NOT_FOUND_PAGE_SIZE = 50;
/** The 404 log shows the paths asked for in this many days. */
export const NOT_FOUND_DAYS = 30;

/** One redirect as the screen and `GET /api/redirects` show it. */
export type RedirectItem = {
  id: number;
  /** The source as the server matches it: decoded, no trailing slash (`/en/old`, `/2018/10/hello`, `/?p=12`). */
  from: string;
  /** A path of this site (decoded) or an http(s) address. */
  to: string;
  status: RedirectStatus;
  origin: RedirectOrigin;
  updatedAt: string;
};

/** One path of the 404 log: requests in the last `NOT_FOUND_DAYS` days, people and bots apart. */
export type NotFoundItem = {
  path: string;
  people: number;
  bots: number;
  lastAt: string;
  /** Whether a redirect may be made from it (not one of the site's own routes). */
  redirectable: boolean;
};

const BASE = 'https://site.invalid';

/** The first segment lower-cased when it is a locale (`/EN/x` is `/en/x`: the server sends the one to the other). */
function lowerLocale(path: string): string {
  const [, first = '', ...rest] = path.split('/');
  const lower = first.toLowerCase();
  return isLocale(lower) && first !== lower ? ['', lower, ...rest].join('/') : path;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };
const refused = (message: string): { ok: false; message: string } => ({ ok: false, message });

/**
 * A redirect's source as the server matches requests against it (server/http/redirects.ts, by
 * common/legacy-address.ts): a path on this site, decoded, without trailing slashes, its locale in
 * lower case; a query only in WordPress's plain form (`/?p=12`). Refused: anything that is not a
 * path on this site (`https://…`, `//host`, `\`), a `#fragment` (never sent to a server), any other
 * query, and the site's own routes (isSiteRoutePath, security F-43).
 */
export function parseRedirectSource(value: string): Parsed<string> {
  const text = value.trim();
  if (!text) return refused('validation.required');
  if (text.length > REDIRECT_ADDRESS_MAX) return refused(tooLong(REDIRECT_ADDRESS_MAX));
  const normal = sameSitePath(text);
  if (!normal) return refused('validation.redirectFromPath');
  const url = new URL(normal, BASE);
  if (url.hash) return refused('validation.redirectFragment');
  if (url.search && url.pathname !== '/') return refused('validation.redirectFromQuery');
  const key = legacyAddressKey(url.pathname, url.search);
  if (!key) {
    if (url.pathname !== '/') return refused('validation.redirectFromPath'); // an escape that does not decode
    return refused(url.search ? 'validation.redirectFromQuery' : messageRef('validation.redirectFromSiteRoute', { path: '/' }));
  }
  const path = lowerLocale(key);
  if (isSiteRoutePath(path)) return refused(messageRef('validation.redirectFromSiteRoute', { path }));
  return { ok: true, value: path };
}

/**
 * A redirect's target: an http(s) address (no user name or password in it), or a path of this site
 * a redirect may lead to (isRedirectTargetPath: a page under a locale, a public reading page, a
 * media file; never `/en/login`, `/fa/manage`, the API), decoded and without a trailing slash. A
 * site path takes no query or fragment (the request's own query is passed on).
 */
export function parseRedirectTarget(value: string): Parsed<string> {
  const text = value.trim();
  if (!text) return refused('validation.required');
  if (text.length > REDIRECT_ADDRESS_MAX) return refused(tooLong(REDIRECT_ADDRESS_MAX));
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) {
    if (!isHttpUrl(text)) return refused('validation.redirectToAddress');
    const url = new URL(text);
    if (url.username || url.password) return refused('validation.redirectToCredentials');
    return { ok: true, value: url.href };
  }
  if (hasControlCharacter(text)) return refused('validation.redirectToAddress');
  const normal = sameSitePath(text);
  if (!normal) return refused('validation.redirectToAddress');
  const url = new URL(normal, BASE);
  if (url.search || url.hash) return refused('validation.redirectToQuery');
  let path: string;
  try {
    path = lowerLocale(decodeURIComponent(url.pathname).replace(/\/+$/, '').normalize('NFC')) || '/';
  } catch {
    return refused('validation.redirectToAddress');
  }
  if (!isRedirectTargetPath(path)) return refused(messageRef('validation.redirectToSiteRoute', { path }));
  return { ok: true, value: path };
}

/** Whether a target leaves the site (an http(s) address) rather than naming a path of it. */
export const isExternalRedirect = (to: string) => /^https?:\/\//i.test(to);

const parsed = (parse: (value: string) => Parsed<string>) =>
  z.string('validation.text').transform((value, ctx) => {
    const result = parse(value);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });

export const redirectStatusSchema = z.coerce
  .number('validation.redirectStatus')
  .refine(
    (value): value is RedirectStatus => (REDIRECT_STATUSES as readonly number[]).includes(value),
    'validation.redirectStatus',
  );

/**
 * A redirect as added or edited: `from` and `to` come out in the forms the server stores (above);
 * one that leads to itself is refused here, chains and loops through other redirects by the service.
 */
export const redirectSchema = z
  .object({
    from: parsed(parseRedirectSource),
    to: parsed(parseRedirectTarget),
    status: redirectStatusSchema.default(301),
  })
  .superRefine((value, ctx) => {
    if (value.from === value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.redirectToItself' });
  });
export type RedirectInput = z.output<typeof redirectSchema>;

/** The CSV import's body: the file's text (from, to, status per line; a header line is optional). */
export const redirectImportSchema = z.object({
  csv: z.string('validation.text').max(1_000_000, tooLong(1_000_000)),
});

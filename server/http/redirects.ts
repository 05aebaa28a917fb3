import { and, eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { legacyAddressKey, legacyFolderQueryKey } from '../../common/legacy-address';
import { isLocale } from '../../common/locales';
import { encodeSitePath, isFilePath, paths } from '../../common/paths';
import { foldAddress } from '../../common/persian-fold';
import { isExternalRedirect } from '../../common/redirects';
import { pages, redirects } from '../db/schema';
import type { AppDeps } from '../deps';
import { routeRulesGeneration } from '../services/builds';
import { tagAddress } from '../services/content';

/** A rule as the middleware holds it: where to, and with which status. */
type Rule = { to: string; status: 301 | 302 };

/** The Location of a rule's target: an http(s) address as it is, a path of this site encoded. */
function location(to: string, search: string): string {
  if (isExternalRedirect(to)) return to;
  const [, first, ...rest] = to.split('/');
  return `${isLocale(first) ? paths.page(first, rest.join('/')) : encodeSitePath(to)}${search}`;
}

function answer(c: Context, rule: Rule, search: string) {
  // A 301 may be kept by browsers and caches for an hour; a 302 is asked again each time.
  c.header('Cache-Control', rule.status === 301 ? 'public, max-age=3600' : 'no-store');
  return c.redirect(location(rule.to, search), rule.status);
}

/**
 * The redirects (the `redirects` table: published moves, site imports and those made on
 * /manage/redirects, docs/content.md "Redirects"): a page request for a source answers its status
 * (301 or 302) with its target, unless a page is published there. The rules are read at most every
 * 5 seconds (other processes and Worker isolates see a change within that), and at once after a
 * publish or a redirect change in this process.
 *
 * An address typed another way (Arabic ي ك, no half-space, other digits) is not a rule: it is
 * looked up only once it found nothing (`foldedAddress`, after the page's 404).
 */
export function redirectMovedPages(deps: Pick<AppDeps, 'db'>, { ttlMs = 5000 } = {}): MiddlewareHandler {
  let memo: { at: number; generation: number; rules: Promise<Map<string, Rule>> } | undefined;
  const rules = () => {
    const now = performance.now(); // a period: the monotonic clock, which never steps back
    const generation = routeRulesGeneration(deps.db);
    if (!memo || now - memo.at >= ttlMs || memo.generation !== generation) {
      const loaded = deps.db
        .select({ from: redirects.from, to: redirects.to, status: redirects.status })
        .from(redirects)
        .then((rows) => new Map(rows.map((row) => [row.from, { to: row.to, status: row.status === 302 ? 302 : 301 } as Rule])))
        .catch(() => new Map<string, Rule>()); // not installed yet
      memo = { at: now, generation, rules: loaded };
    }
    return memo.rules;
  };
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const { pathname, search } = new URL(c.req.url);
    const [, locale, ...rest] = pathname.split('/');
    if (!isLocale(locale)) {
      // An old address outside the locales (`/?p=12`, `/2024/05/hello/`, `/category/news/`): a
      // lookup in the loaded rules costs no query. The query is part of `/?p=12`'s key, not passed on.
      // `/blog/?p=12` (a blog in a folder with plain addresses) first, then the path alone.
      const inFolder = legacyFolderQueryKey(pathname, search);
      const key = legacyAddressKey(pathname, search);
      const rule = (inFolder && (await rules()).get(inFolder)) || (key && (await rules()).get(key));
      return rule ? answer(c, rule, '') : next();
    }
    if (!rest.length) return next();
    const address = legacyAddressKey(pathname, '');
    if (!address) return next();
    const rule = (await rules()).get(address);
    if (!rule) return next();
    const slug = address.split('/').slice(2).join('/');
    const published = await deps.db
      .select({ id: pages.id })
      .from(pages)
      .where(and(eq(pages.locale, locale), eq(pages.slug, slug)))
      .get();
    if (published) return next();
    return answer(c, rule, search);
  };
}

/** Every rule in the shape of the build manifest's `matcher.static` (`builds/meta/{id}.json`). */
export async function redirectRules(db: AppDeps['db']) {
  const rows = await db
    .select({ from: redirects.from, to: redirects.to, status: redirects.status })
    .from(redirects)
    .orderBy(redirects.from);
  return Object.fromEntries(rows.map((row) => [row.from, { redirect: { to: row.to, statusCode: row.status } }]));
}

/**
 * Where a public address that found nothing (404) was meant to go (issue 37, docs/content.md
 * "Addresses typed another way"): the one published page whose address folds to the same key
 * (`pages.slug_key`, common/persian-fold.ts foldAddress: without the half-space, Arabic ي ك ھ,
 * Latin or Arabic-Indic digits, another hamza seat), or the tag whose key the typed segment makes,
 * at its first spelling's address (`/fa/tags/كتاب` → `/fa/tags/کتاب`, `کتابخوانی` → `کتاب-خوانی`
 * when «کتاب‌خوانی» was used first; server/services/content.ts tagAddress). One indexed probe, asked
 * only after a 404; undefined when no page or tag, or more than one page, answers to the key, or
 * when the address is already the one found (so it never sends a reader round in a loop).
 */
export async function foldedAddress(db: AppDeps['db'], pathname: string, search: string): Promise<string | undefined> {
  if (isFilePath(pathname)) return undefined;
  const address = legacyAddressKey(pathname, '');
  if (!address) return undefined;
  const [, locale, ...rest] = address.split('/');
  if (!isLocale(locale) || !rest.length) return undefined;
  if (rest[0] === 'tags' && rest.length === 2 && rest[1]) {
    const slug = await tagAddress(db, locale, rest[1]);
    return slug && slug !== rest[1] ? `${paths.tag(locale, slug)}${search}` : undefined;
  }
  const slug = rest.join('/');
  const found = await db
    .select({ slug: pages.slug })
    .from(pages)
    .where(and(eq(pages.locale, locale), eq(pages.slugKey, foldAddress(slug)), eq(pages.draft, false)))
    .limit(2);
  if (found.length !== 1 || found[0]!.slug === slug) return undefined;
  return `${paths.page(locale, found[0]!.slug)}${search}`;
}

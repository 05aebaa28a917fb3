import { and, eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { legacyAddressKey } from '../../common/legacy-address';
import { isLocale } from '../../common/locales';
import { isFilePath, paths } from '../../common/paths';
import { foldSlug } from '../../common/persian-fold';
import { pages, redirects } from '../db/schema';
import type { AppDeps } from '../deps';
import { routeRulesGeneration } from '../services/builds';

/**
 * The route rules of published moves (the `redirects` table, listed in `builds/meta/{id}.json`):
 * a page request for an address a page was moved away from answers 301 with the new address,
 * unless a page is published there again. The rules are read at most every 5 seconds (other
 * processes and Worker isolates see a publish within that), and at once after a publish in this
 * process.
 *
 * An address written with Arabic ي ى ك that finds no page answers 301 with its Persian spelling
 * (ی ک, `foldSlug`) when a page is published there: slugs are made with the Persian letters.
 */
export function redirectMovedPages(deps: Pick<AppDeps, 'db'>, { ttlMs = 5000 } = {}): MiddlewareHandler {
  let memo: { at: number; generation: number; rules: Promise<Map<string, string>> } | undefined;
  const rules = () => {
    const now = Date.now();
    const generation = routeRulesGeneration(deps.db);
    if (!memo || now - memo.at >= ttlMs || memo.generation !== generation) {
      const loaded = deps.db
        .select({ from: redirects.from, to: redirects.to })
        .from(redirects)
        .then((rows) => new Map(rows.map((row) => [row.from, row.to])))
        .catch(() => new Map<string, string>()); // not installed yet
      memo = { at: now, generation, rules: loaded };
    }
    return memo.rules;
  };
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const { pathname, search } = new URL(c.req.url);
    const [, locale, ...rest] = pathname.split('/');
    if (!isLocale(locale)) {
      // An imported site's old addresses (`/?p=12`, `/2024/05/hello/`, `/category/news/`): only
      // rules the importers wrote match here, and a lookup in the loaded rules costs no query.
      const key = legacyAddressKey(pathname, search);
      const to = key && (await rules()).get(key);
      if (!to) return next();
      const [, toLocale, ...toSlug] = to.split('/');
      if (!isLocale(toLocale)) return next();
      c.header('Cache-Control', 'public, max-age=3600');
      return c.redirect(paths.page(toLocale, toSlug.join('/')), 301);
    }
    if (!rest.length || isFilePath(pathname)) return next();
    let address: string;
    try {
      address = decodeURIComponent(pathname).replace(/\/+$/, '');
    } catch {
      return next();
    }
    const to = (await rules()).get(address);
    const folded = foldSlug(address);
    if (!to && folded === address) return next();
    const slug = address.split('/').slice(2).join('/');
    const published = await deps.db
      .select({ id: pages.id })
      .from(pages)
      .where(and(eq(pages.locale, locale), eq(pages.slug, slug)))
      .get();
    if (published) return next();
    if (!to) {
      const foldedSlug = folded.split('/').slice(2).join('/');
      const there = await deps.db
        .select({ id: pages.id })
        .from(pages)
        .where(and(eq(pages.locale, locale), eq(pages.slug, foldedSlug)))
        .get();
      if (!there) return next();
      c.header('Cache-Control', 'public, max-age=3600');
      return c.redirect(`${paths.page(locale, foldedSlug)}${search}`, 301);
    }
    const [, toLocale, ...toSlug] = to.split('/');
    if (!isLocale(toLocale)) return next();
    c.header('Cache-Control', 'public, max-age=3600');
    return c.redirect(`${paths.page(toLocale, toSlug.join('/'))}${search}`, 301);
  };
}

/** The query parameters of WordPress's plain addresses (`/?p=12`) that name what an address shows. */
/** Every rule in the shape of the build manifest's `matcher.static` (`builds/meta/{id}.json`). */
export async function redirectRules(db: AppDeps['db']) {
  const rows = await db.select({ from: redirects.from, to: redirects.to }).from(redirects).orderBy(redirects.from);
  return Object.fromEntries(rows.map((row) => [row.from, { redirect: { to: row.to, statusCode: 301 } }]));
}

import type { Context } from 'hono';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { endpoints } from '../../common/endpoints';
import {
  PUBLIC_TAGS_MAX,
  publicPageParamsSchema,
  publicPageSlug,
  publicPagesQuerySchema,
  publicTagsQuerySchema,
} from '../../common/public-api';
import { absoluteHtml } from '../content/absolute-html';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { listTags } from '../services/content';
import { getPublishedPage, listPublishedPages } from '../services/public-api';
import { readerOrigin } from '../site-origin';
import { endpointsOn } from './endpoint';
import { contentVersion } from './page-cache';
import { readQuery } from './validate';

/**
 * Bumped when the JSON shape of these answers changes, so validators from before a release never
 * match (the content version alone would not change with the code). 2: `html` has absolute addresses.
 */
const FORMAT = 2;

/**
 * Public content may sit in shared caches for a minute and be served stale while they revalidate;
 * a publish shows through the API within that minute (pages themselves revalidate every time).
 */
export const PUBLIC_API_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** A strong validator of one answer: the format, the content version (build + settings) and the resource. */
async function etagOf(version: string, resource: string) {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(`${FORMAT}|${version}|${resource}`));
  const hex = [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `"api${FORMAT}-${version.replace(/[^\w.-]/g, '')}-${hex}"`;
}

/** `If-None-Match` names this answer (weak comparison, RFC 9110 §13.1.2: a gzipped copy's `W/` tag counts). */
function notModified(c: Context, etag: string) {
  const header = c.req.header('if-none-match');
  return Boolean(header?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));
}

/**
 * Answers from the content version: 304 when the client holds the current answer (no page query
 * at all), else the answer `read` makes, with its validator. No version (not installed) = not cached.
 */
async function cachedJson<T>(c: Context, deps: AppDeps, resource: string, read: () => Promise<T>) {
  const version = await contentVersion(deps);
  const etag = version ? await etagOf(version, resource) : undefined;
  const headers: Record<string, string> = etag
    ? { etag, 'cache-control': PUBLIC_API_CACHE_CONTROL }
    : { 'cache-control': 'no-store' };
  if (etag && notModified(c, etag)) return c.body(null, 304, headers);
  return c.json(await read(), 200, headers);
}

/**
 * `/api/public/*`: the headless content API (docs/api.md). Read-only, open to every origin without
 * credentials; `authorize` never reads a session here (route-access.ts: PUBLIC_API_PREFIX), so an
 * answer is the same for everyone and may be cached anywhere.
 */
export function createPublicApiRoutes(deps: AppDeps) {
  const routes = new Hono();
  const on = endpointsOn(routes, '/api/public');
  routes.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'HEAD', 'OPTIONS'],
      allowHeaders: ['If-None-Match', 'Accept-Language', 'X-Locale'],
      exposeHeaders: ['ETag'],
      maxAge: 86400,
    }),
  );
  routes.use('*', async (c, next) => {
    await next();
    // Refusals are not cached: their wording follows the caller's language.
    if (c.res.status >= 400) c.res.headers.set('cache-control', 'no-store');
  });

  on(endpoints.public.pages, async (c) => {
    // An empty parameter (`?cat=`, as a form sends it) means no filter (readQuery).
    const { locale, cat, page } = readQuery(c, publicPagesQuerySchema);
    return cachedJson(c, deps, `list|${locale}|${cat ?? ''}|${page}`, () => listPublishedPages(deps.db, { locale, cat, page }));
  });

  on(endpoints.public.page, async (c) => {
    const params = publicPageParamsSchema.safeParse({ locale: c.req.param('locale'), path: c.req.param('path') });
    // A path that cannot name a page is as absent as an unpublished one: the same 404, nothing read.
    const refuse = () => new AppError(404, 'api.publicPageNotFound', undefined, { path: c.req.path });
    if (!params.success) throw refuse();
    const { locale } = params.data;
    const slug = publicPageSlug(params.data.path);
    // The HTML is shown on other sites: its addresses are absolute (server/content/absolute-html.ts),
    // so the answer also depends on the site's address.
    const origin = await readerOrigin(deps, c.req.raw);
    return cachedJson(c, deps, `page|${origin}|${locale}|${slug}`, async () => {
      const page = await getPublishedPage(deps.db, locale, slug);
      if (!page) throw refuse();
      return { ...page, html: absoluteHtml(page.html, origin, page.path) };
    });
  });

  on(endpoints.public.tags, async (c) => {
    const { locale } = readQuery(c, publicTagsQuerySchema);
    return cachedJson(c, deps, `tags|${locale}`, async () => ({ items: await listTags(deps.db, locale, PUBLIC_TAGS_MAX) }));
  });

  return routes;
}

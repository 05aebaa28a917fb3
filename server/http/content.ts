import { type Context, Hono, type Next } from 'hono';
import { CUSTOM_CSS_PATH, customCssVersion } from '../../common/appearance';
import { parseSyncRefusal } from '../../common/content-sync';
import { endpoints } from '../../common/endpoints';
import { contentSyncQuerySchema } from '../../common/endpoints/pages';
import { isLocale } from '../../common/locales';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { readAppearance } from '../services/appearance';
import { contentBuildById, syncRefusalKeys } from '../services/content-sync';
import { contentSyncState, latestContentSync } from '../services/content-sync-runner';
import { indexerOf } from '../services/indexer';
import { buildManifest, feedXml, latestBuildJson, listingFeedXml, robotsTxt, sitemapIndexXml, sitemapXml } from '../services/seo';
import { getSiteSettings } from '../services/site';
import { readerOrigin } from '../site-origin';
import { endpointsOn } from './endpoint';
import type { AuthEnv } from './guards';
import { redirectRules } from './redirects';
import { readQuery } from './validate';

/** `/api/content/*`: re-index from the repository (permission `builds.create`, route-access.ts). */
export function createContentApiRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/content');
  on(endpoints.pages.sync, async (c) => {
    if (!deps.contentRepository) throw new AppError(503, 'api.contentRepositoryMissing');
    const force = readQuery(c, contentSyncQuerySchema).force === '1';
    const indexer = indexerOf(deps);
    // Done here (200 with the result), or under way (202 with its progress): paused by GitHub's
    // rate limit until the reset, or carried on in steps after the response and by the cron.
    const outcome = await indexer.reindex(deps, { force });
    if ('result' in outcome) return c.json(outcome.result);
    const { sync } = outcome;
    // A refusal to remove pages answers 409 (the builds screen then offers "Re-index anyway").
    const refusal = sync?.status === 'failed' ? parseSyncRefusal(sync.error) : null;
    if (refusal) throw new AppError(409, syncRefusalKeys[refusal.reason], refusal, { n: refusal.removes });
    const rest = sync?.status === 'running' ? indexer.afterResponse(deps) : undefined;
    if (rest) c.executionCtx.waitUntil(rest);
    return c.json({ sync: sync ? contentSyncState(sync) : null }, 202);
  });
  // The builds screen polls this while a sync runs.
  on(endpoints.pages.syncStatus, async (c) => {
    c.header('Cache-Control', 'no-store');
    const sync = await latestContentSync(deps.db);
    return c.json({ sync: sync ? contentSyncState(sync) : null });
  });
  return routes;
}

const xml = 'application/xml; charset=utf-8';

/**
 * The server-made public files (docs/architecture.md: Hono owns them): robots.txt, sitemaps, Atom feeds and
 * the build manifest the client polls. Mounted by createApp before the page handler.
 */
export function createPublicFileRoutes(deps: AppDeps) {
  const routes = new Hono();
  // The site's address (server/site-origin.ts); on a site without one, the address the reader asked.
  const origin = (request: Request) => readerOrigin(deps, request);

  routes.get('/robots.txt', async (c) => {
    // Revalidated every time: switching indexing off in the settings must reach crawlers at once.
    c.header('Cache-Control', 'no-cache');
    return c.text(robotsTxt(await origin(c.req.raw), (await getSiteSettings(deps.db)).indexable));
  });
  // The owner's CSS (Settings → Appearance), as a stylesheet of its own: it never enters the page,
  // so no text of it can end a <style> or reach the policy. Pages name it with its version
  // (`?v=`), so that address never changes content and may be kept for good; any other is revalidated.
  routes.get(CUSTOM_CSS_PATH, async (c) => {
    const { customCss } = await readAppearance(deps.db);
    const current = c.req.query('v') === customCssVersion(customCss);
    return c.body(customCss, 200, {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': current && customCss ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
  });
  routes.get('/sitemap.xml', async (c) =>
    c.body(await sitemapIndexXml(deps.db, await origin(c.req.raw)), 200, {
      'Content-Type': xml,
      'Cache-Control': 'public, max-age=300',
    }),
  );
  // `/{locale}/sitemap.xml`, and `/{locale}/sitemap-2.xml` … once a locale has more pages than one file holds.
  routes.get('/:locale/:file{sitemap(?:-[1-9][0-9]{0,5})?\\.xml}', async (c, next) => {
    const locale = c.req.param('locale');
    if (!isLocale(locale)) return next();
    const part = Number(/-(\d+)\./.exec(c.req.param('file'))?.[1] ?? 1);
    const body =
      part === 1 && c.req.param('file') !== 'sitemap.xml'
        ? undefined
        : await sitemapXml(deps.db, await origin(c.req.raw), locale, part);
    if (body === undefined) return next();
    return c.body(body, 200, {
      'Content-Type': xml,
      'Cache-Control': 'public, max-age=300',
    });
  });
  routes.get('/:locale/feed.xml', async (c, next) => {
    const locale = c.req.param('locale');
    if (!isLocale(locale)) return next();
    return c.body(await feedXml(deps.db, await origin(c.req.raw), locale), 200, {
      'Content-Type': 'application/atom+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
    });
  });

  // One tag's, category's and author's feeds (the listing's own address, then `feed.xml`): 404 when
  // it has no public page (a category: when the settings have no such category).
  const listingFeed =
    (listing: (param: string) => { tag: string } | { user: string } | { cat: string }) => async (c: Context, next: Next) => {
      const locale = c.req.param('locale');
      if (!isLocale(locale)) return next();
      const body = await listingFeedXml(deps.db, await origin(c.req.raw), locale, listing(c.req.param('name') ?? ''));
      if (body === undefined) return next();
      return c.body(body, 200, {
        'Content-Type': 'application/atom+xml; charset=utf-8',
        'Cache-Control': 'public, max-age=300',
      });
    };
  routes.get(
    '/:locale/tags/:name/feed.xml',
    listingFeed((tag) => ({ tag })),
  );
  routes.get(
    '/:locale/cats/:name/feed.xml',
    listingFeed((cat) => ({ cat })),
  );
  routes.get(
    '/:locale/authors/:name/feed.xml',
    listingFeed((user) => ({ user })),
  );

  // Polled by every open page (docs/spec.md §4): never cached, tiny.
  routes.get('/builds/latest.json', async (c) => {
    c.header('Cache-Control', 'no-cache, no-store');
    const latest = await latestBuildJson(deps.db);
    if (!latest) throw new AppError(404, 'api.noBuildYet');
    return c.json(latest);
  });
  routes.get('/builds/meta/:file', async (c) => {
    const id = /^([\w-]+)\.json$/.exec(c.req.param('file'))?.[1];
    const build = id ? await contentBuildById(deps.db, id) : undefined;
    if (!build) throw new AppError(404, 'api.unknownBuild');
    // A build's manifest never changes.
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.json(buildManifest(build, await redirectRules(deps.db)));
  });
  return routes;
}

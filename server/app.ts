import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { detectLocale, isLocale } from '../common/locales';
import { translateMessage } from '../common/messages';
// zod's default messages in the spec's wording, before any schema parses.
import '../common/zod-messages';
import { MAX_VARIANT_BYTES, VARIANT_WIDTHS } from '../common/image-variants';
import { isFilePath } from '../common/paths';
import type { AppDeps } from './deps';
import { AppError, errorForLog } from './errors';
import { createApiRoutes } from './http/api';
import { limitRequestBodies, routeBodyLimits } from './http/body-limit';
import { createPublicFileRoutes } from './http/content';
import { contentSecurityPolicy, createNonce } from './http/csp';
import { handleError } from './http/errors';
import { httpsAware } from './http/https';
import { createMediaFileRoutes } from './http/media';
import { createNotFoundRecorder, recordNotFound } from './http/not-found-log';
import { pageCache } from './http/page-cache';
import { createPageViewRecorder, recordPageViews } from './http/page-views';
import { foldedAddress, redirectMovedPages } from './http/redirects';
import { warnOnSiteHostMismatch } from './http/site-url-check';
import { readSiteState } from './services/site';

type AppEnv = { Variables: { secureHeadersNonce?: string } };

/**
 * The whole server as one web-standard app: Hono owns `/api/*` (and later the server-made files),
 * React Router renders every page. Platform entries only build `deps` and call `app.fetch`.
 * `platform`: the platform's own middleware (node: static files, compression), run before the
 * app's; in this one app rather than around it, since Hono wraps each route of a mounted app in
 * its error handler, which a cached page would pay on every hit.
 */
export function createApp(deps: AppDeps, { platform = [] }: { platform?: MiddlewareHandler[] } = {}) {
  const app = new Hono<AppEnv>();
  const dev = deps.config.NODE_ENV === 'development';

  for (const middleware of platform) app.use(middleware);

  // HSTS exactly when the request is https (server/http/https.ts), on cached pages too.
  app.use(httpsAware(deps.config));
  // Production: say once if the site is reached on another host than SITE_URL (docs/spec.md §8).
  app.use(warnOnSiteHostMismatch(deps.config));
  // Outside the page cache, so cached and rendered pages both count; writes happen off the request path.
  app.use(recordPageViews(deps, deps.pageViews ?? createPageViewRecorder(deps.db)));
  // Before everything else that costs: a hit sends stored bytes (no nonce: docs/decisions/0006).
  if (!dev) app.use(pageCache(deps));
  // The policy with a fresh script nonce per response (server/http/csp.ts). A page that renders the
  // owner's head code sets its own, naming those scripts' origins (app/entry.server.tsx), and keeps it.
  // Vite's dev server injects inline scripts and a websocket: no policy there.
  if (!dev)
    app.use(async (c, next) => {
      const nonce = createNonce();
      c.set('secureHeadersNonce', nonce);
      await next();
      if (!c.res.headers.has('content-security-policy'))
        c.res.headers.set('content-security-policy', contentSecurityPolicy(nonce));
    });
  app.use(
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      // Sent by httpsAware, over https only.
      strictTransportSecurity: false,
      // A header a route set wins: published media answer `Cross-Origin-Resource-Policy: cross-origin`
      // (server/http/media.ts); no other route sets one of these headers.
      overwrite: false,
    }),
  );
  app.onError(handleError);
  // Every request body, pages included: 1 MB unless a route has its own limit (docs/security.md).
  // Uploads: the configured image limit plus room for the multipart envelope.
  app.use(
    limitRequestBodies({
      ...routeBodyLimits,
      '/api/media': deps.config.MEDIA_MAX_BYTES + 64 * 1024,
      // Every copy an image can have, each at most MAX_VARIANT_BYTES (services/media-variant-uploads.ts).
      '/api/media/variants': (VARIANT_WIDTHS.length + 1) * MAX_VARIANT_BYTES + 64 * 1024,
    }),
  );

  app.route('/api', createApiRoutes(deps));
  app.all('/api/*', (c) => {
    throw new AppError(404, 'api.apiRouteNotFound', undefined, { path: c.req.path });
  });
  app.route('/', createPublicFileRoutes(deps));
  app.route('/', createMediaFileRoutes(deps));
  // Addresses of pages that were moved answer 301 with the new address (route rules of builds).
  app.use(redirectMovedPages(deps));

  // Un-prefixed page paths go to the same path under the detected locale (docs/spec.md §2, §4).
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const { pathname, search } = new URL(c.req.url);
    const first = pathname.split('/')[1];
    // Files and React Router's own endpoints (/__manifest) pass through.
    if (isLocale(first) || isFilePath(pathname) || pathname.startsWith('/__')) return next();
    c.header('Cache-Control', 'private, no-store');
    // Locale prefixes are case-insensitive: /FA/logs is /fa/logs, not /fa/FA/logs.
    const lowered = first?.toLowerCase();
    if (first && isLocale(lowered)) return c.redirect(`/${lowered}${pathname.slice(first.length + 1)}${search}`, 301);
    const locale = detectLocale({
      pathname,
      cookie: c.req.header('cookie'),
      acceptLanguage: c.req.header('accept-language'),
    });
    const target = `/${locale}${pathname === '/' ? '' : pathname}${search}`;
    c.header('Vary', `Accept-Language, Cookie`);
    return c.redirect(target, 302);
  });

  // The 404 log: pages that answered 404 are counted after their response (cached pages never 404).
  const notFoundLog = deps.notFoundLog ?? createNotFoundRecorder(deps.db);
  // Pages: what every loader needs (installed? settings, locale) is read here, once per request.
  app.all('*', async (c) => {
    if (!deps.pageHandler) return c.text(`Page not found: ${c.req.path}`, 404);
    const request = c.req.raw;
    const locale = detectLocale({
      pathname: new URL(request.url).pathname,
      cookie: request.headers.get('cookie'),
      acceptLanguage: request.headers.get('accept-language'),
    });
    const site = await readSiteState(deps.db).catch((error: unknown) => {
      console.error(`Reading the site state failed:\n${errorForLog(error)}`);
      return undefined;
    });
    if (!site) return c.text(translateMessage(locale, 'api.databaseUnavailable'), 503, { 'Cache-Control': 'no-store' });
    const state = { ...site, locale };
    const response = await deps.pageHandler(request, { deps, nonce: c.get('secureHeadersNonce'), state });
    // A site set not to be indexed says so on every page, also to crawlers that read only headers.
    if (!site.site.indexable) response.headers.set('X-Robots-Tag', 'noindex');
    if (response.status === 404 && site.installed && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      // An address typed another way (no half-space, Arabic letters, other digits): 301 to the one page
      // or tag it folds to. Asked again each time (`no-cache`): a later publish may put a page at the
      // typed address itself. Never stored by the page cache, which keeps 200s only.
      const { pathname, search } = new URL(request.url);
      const target = await foldedAddress(deps.db, pathname, search).catch(() => undefined);
      if (target) return new Response(null, { status: 301, headers: { Location: target, 'Cache-Control': 'no-cache' } });
    }
    if (response.status === 404 && site.installed) recordNotFound(c, notFoundLog, response.status);
    return response;
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

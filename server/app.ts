import { Hono } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { RouterContextProvider } from 'react-router';
import { detectLocale, isLocale } from '../common/locales';
import { appContext } from './context';
import type { AppDeps } from './deps';
import { createApiRoutes } from './http/api';
import { createPublicFileRoutes } from './http/content';
import { errorJson, handleError } from './http/errors';
import { pageCache } from './http/page-cache';

type AppEnv = { Variables: { secureHeadersNonce?: string } };

/**
 * The whole server as one web-standard app: Hono owns `/api/*` (and later the server-made files),
 * React Router renders every page. Platform entries only build `deps` and call `app.fetch`.
 */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const dev = deps.config.NODE_ENV === 'development';

  // First, so a cached page goes out with the headers (and CSP nonce) it was rendered with.
  if (!dev) app.use(pageCache(deps));
  app.use(
    secureHeaders({
      // Vite's dev server injects inline scripts and a websocket; production gets the strict policy.
      contentSecurityPolicy: dev
        ? undefined
        : {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", NONCE, 'https://challenges.cloudflare.com'],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'https:'],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            frameSrc: ['https://challenges.cloudflare.com'],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
          },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.onError(handleError);

  app.route('/api', createApiRoutes(deps));
  app.all('/api/*', (c) => errorJson(c, 404, `API route not found: ${c.req.path}`));
  app.route('/', createPublicFileRoutes(deps));

  // Un-prefixed page paths go to the same path under the detected locale (spec §2, §4).
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const { pathname, search } = new URL(c.req.url);
    const first = pathname.split('/')[1];
    const lastSegment = pathname.split('/').pop() ?? '';
    // Files (a dot in the last segment) and React Router's own endpoints (/__manifest) pass through.
    if (isLocale(first) || lastSegment.includes('.') || pathname.startsWith('/__')) return next();
    const locale = detectLocale({
      pathname,
      cookie: c.req.header('cookie'),
      acceptLanguage: c.req.header('accept-language'),
    });
    const target = `/${locale}${pathname === '/' ? '' : pathname}${search}`;
    c.header('Vary', `Accept-Language, Cookie`);
    c.header('Cache-Control', 'private, no-store');
    return c.redirect(target, 302);
  });

  app.all('*', async (c) => {
    if (!deps.pageHandler) return c.text(`Page not found: ${c.req.path}`, 404);
    const context = new RouterContextProvider();
    context.set(appContext, { deps, nonce: c.get('secureHeadersNonce') });
    const response = await deps.pageHandler(c.req.raw, context);
    return response;
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

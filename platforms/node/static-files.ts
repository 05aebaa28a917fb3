import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';

/** Long-lived, content-hashed files (Vite's `/assets/*`) and the rest of build/client (favicon, images). */
export const STATIC_CACHE = { assets: 'public, max-age=31536000, immutable', other: 'public, max-age=3600' } as const;

/**
 * One folder's files with our headers. They are set on the response serveStatic returns:
 * headers set from its `onFound` callback are lost (the response already exists by then).
 */
function files(root: string, cacheControl: string): MiddlewareHandler {
  const serve = serveStatic({ root });
  return async (c, next) => {
    const response = await serve(c, next);
    if (!(response instanceof Response)) return; // not a file: the app answered through next()
    response.headers.set('Cache-Control', cacheControl);
    response.headers.set('X-Content-Type-Options', 'nosniff');
    return response;
  };
}

/**
 * Serves build/client before the app. These responses never pass through the app's headers, so
 * they carry their own: caching, and `X-Content-Type-Options: nosniff`, so a browser never runs a
 * file as a type other than the one it was sent as.
 */
export function serveClientFiles(server: Hono, clientDir: string) {
  server.use('/assets/*', files(clientDir, STATIC_CACHE.assets));
  server.use('*', files(clientDir, STATIC_CACHE.other));
}

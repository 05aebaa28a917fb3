import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../errors';

export const MEGABYTE = 1024 * 1024;

/** The request-body limit of every route (API and pages) without an entry below. */
export const DEFAULT_BODY_LIMIT = 1 * MEGABYTE;

/**
 * Routes that need another limit, by path prefix; the longest matching prefix wins. A media
 * upload route would add e.g. `'/api/media/': 20 * MEGABYTE` here.
 */
export const routeBodyLimits: Record<string, number> = {};

export function bodyLimitFor(path: string, limits: Record<string, number> = routeBodyLimits): number {
  let best: string | undefined;
  for (const prefix of Object.keys(limits)) {
    if (path.startsWith(prefix) && (!best || prefix.length > best.length)) best = prefix;
  }
  return best ? (limits[best] ?? DEFAULT_BODY_LIMIT) : DEFAULT_BODY_LIMIT;
}

/**
 * Holds a request body to `maxBytes`: past it, a 413 with the translated message and
 * `data.limitBytes`. Declared sizes (Content-Length) are refused before reading; bodies without
 * one (chunked) are counted as they stream in and refused as soon as they pass the limit.
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError(413, 'api.bodyTooLarge', { limitBytes: maxBytes });
    },
  });
}

/** The app-wide guard (server/app.ts): every request body is held to `bodyLimitFor(path)`. */
export function limitRequestBodies(limits: Record<string, number> = routeBodyLimits): MiddlewareHandler {
  const byLimit = new Map<number, MiddlewareHandler>();
  return (c, next) => {
    const maxBytes = bodyLimitFor(c.req.path, limits);
    let middleware = byLimit.get(maxBytes);
    if (!middleware) {
      middleware = limitBody(maxBytes);
      byLimit.set(maxBytes, middleware);
    }
    return middleware(c, next);
  };
}

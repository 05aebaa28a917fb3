import { Hono } from 'hono';
import { endpoints } from '../../common/endpoints';
import { redirectListQuerySchema } from '../../common/endpoints/redirects';
import { redirectImportSchema, redirectSchema } from '../../common/redirects';
import type { AppDeps } from '../deps';
import { listNotFound } from '../services/not-found-log';
import {
  createRedirect,
  deleteRedirect,
  importRedirects,
  listRedirects,
  redirectsCsv,
  updateRedirect,
} from '../services/redirects';
import { endpointsOn } from './endpoint';
import type { AuthEnv } from './guards';
import { numericId, readJson, readQuery } from './validate';

/*
 * `/api/redirects` and `/api/not-found` (settings.edit, route-access.ts): the redirects screen's
 * API (server/services/redirects.ts) and the 404 log (server/services/not-found-log.ts).
 */

/** The origins a full address of this site may be written with: SITE_URL's and the request's own. */
function ownOrigins(deps: AppDeps, requestUrl: string): string[] {
  return [deps.config.SITE_URL, new URL(requestUrl).origin].filter((origin): origin is string => Boolean(origin));
}

export function createRedirectRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/redirects');

  on(endpoints.redirects.list, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listRedirects(deps.db, readQuery(c, redirectListQuerySchema)));
  });

  on(endpoints.redirects.create, async (c) => {
    const input = await readJson(c, redirectSchema);
    return c.json(await createRedirect(deps, input, ownOrigins(deps, c.req.url)), 201);
  });

  on(endpoints.redirects.export, async (c) => {
    return c.body(await redirectsCsv(deps.db), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="redirects.csv"',
      'Cache-Control': 'private, no-store',
    });
  });

  on(endpoints.redirects.import, async (c) => {
    const { csv } = await readJson(c, redirectImportSchema);
    return c.json(await importRedirects(deps, csv, ownOrigins(deps, c.req.url)));
  });

  on(endpoints.redirects.update, async (c) => {
    const id = numericId(c.req.param('id'));
    const input = await readJson(c, redirectSchema);
    return c.json(await updateRedirect(deps, id, input, ownOrigins(deps, c.req.url)));
  });

  on(endpoints.redirects.delete, async (c) => {
    await deleteRedirect(deps, numericId(c.req.param('id')));
    return c.json({ ok: true });
  });

  return routes;
}

export function createNotFoundRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/not-found');
  on(endpoints.redirects.notFound, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listNotFound(deps.db, readQuery(c, redirectListQuerySchema)));
  });
  return routes;
}

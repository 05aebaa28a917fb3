import { type Context, Hono } from 'hono';
import { type PageRef, parsePageRef } from '../../common/authoring';
import { endpoints } from '../../common/endpoints';
import {
  bulkSchema,
  historyQuerySchema,
  moveSchema,
  pageListQuerySchema,
  pageScheduleSchema,
  previewLinkSchema,
  previewSchema,
  saveSchema,
  schedulesQuerySchema,
} from '../../common/endpoints/pages';
import { foldSlug } from '../../common/persian-fold';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { previewMarkdown } from '../services/content';
import { pageHistory, pageVersion } from '../services/page-history';
import { cancelPageSchedule, getPageSchedule, listSchedules, setPageSchedule } from '../services/page-schedules';
import { checkPagePath, deletePage, getPage, listPages, movePage, savePage, storedPagePath } from '../services/pages';
import { bulkPages } from '../services/pages-bulk';
import { createPreviewLink, listPreviewLinks, revokePreviewLink } from '../services/preview-links';
import { getSiteSettings } from '../services/site';
import { endpointsOn } from './endpoint';
import { type AuthEnv, requireApiUser } from './guards';
import { readJson, readQuery } from './validate';

const COMMIT = /^[0-9a-f]{40}$/;

/**
 * `/api/pages`: the editor's pages (permissions in route-access.ts: reading `dashboard.read`,
 * writing `commits.create`). `{path}` is the path in the content folder without `.md`; the home
 * page is `index` (common/authoring.ts).
 */
export function createPageRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/pages');

  on(endpoints.pages.list, async (c) => {
    return c.json(await listPages(deps, readQuery(c, pageListQuerySchema)));
  });

  on(endpoints.pages.bulk, async (c) => {
    const user = requireApiUser(c);
    return c.json(await bulkPages(deps, user.id, await readJson(c, bulkSchema)));
  });

  // The editor's preview: unsaved Markdown rendered by the real renderer, nothing stored.
  on(endpoints.pages.preview, async (c) => {
    const { locale, body } = await readJson(c, previewSchema);
    return c.json(await previewMarkdown(deps.db, locale, body, await getSiteSettings(deps.db)));
  });

  /**
   * `…/{path}/history`, `…/history/{commit}`, `…/preview-links`: registered before the page routes,
   * whose `{path}` would take them in. A page whose own path ends so (`notes/history`) wins.
   */
  const pageAt = async (locale: string, path: string) => {
    try {
      return await getPage(deps, checkPagePath(locale, path));
    } catch {
      return undefined;
    }
  };
  const suffixed = (locale: string, path: string, suffix: string) => pageAt(locale, `${path}/${suffix}`);
  const savePageAt = async (c: Context<AuthEnv>, locale: string, path: string) => {
    const user = requireApiUser(c);
    const ref = await storedPagePath(deps.db, checkPagePath(locale, path));
    const input = await readJson(c, saveSchema);
    const createOnly = c.req.header('if-none-match')?.trim() === '*';
    return c.json(await savePage(deps, user.id, ref, input, { createOnly }));
  };

  on(endpoints.pages.history, async (c) => {
    const { locale, path } = c.req.param();
    const own = await suffixed(locale, path, 'history');
    if (own) return c.json(own);
    const ref = checkPagePath(locale, path);
    return c.json(await pageHistory(deps, ref, readQuery(c, historyQuerySchema).page));
  });

  on(endpoints.pages.version, async (c) => {
    const { locale, path, commit } = c.req.param();
    const own = await suffixed(locale, path, `history/${commit}`);
    if (own) return c.json(own);
    const ref = checkPagePath(locale, path);
    if (!COMMIT.test(commit))
      throw new AppError(400, 'api.validationFailed', { issues: [{ path: ['commit'], message: 'validation.invalid' }] });
    return c.json(await pageVersion(deps, ref, commit));
  });

  on(endpoints.pages.previewLinks, async (c) => {
    const { locale, path } = c.req.param();
    const own = await suffixed(locale, path, 'preview-links');
    if (own) return c.json(own);
    return c.json(await listPreviewLinks(deps, checkPagePath(locale, path)));
  });

  on(endpoints.pages.createPreviewLink, async (c) => {
    const user = requireApiUser(c);
    const ref: PageRef = checkPagePath(c.req.param('locale'), c.req.param('path'));
    const body = c.req.header('content-type')?.includes('json') ? await readJson(c, previewLinkSchema) : {};
    return c.json(await createPreviewLink(deps, user.id, ref, { days: body.days }), 201);
  });

  // A page's own schedule (server/services/page-schedules.ts); a page whose own path ends in `/schedule` wins on GET.
  on(endpoints.pages.schedule, async (c) => {
    const { locale, path } = c.req.param();
    const own = await suffixed(locale, path, 'schedule');
    if (own) return c.json(own);
    return c.json(await getPageSchedule(deps, checkPagePath(locale, path)));
  });

  // A save of a page whose own path ends in `/schedule` carries its front matter: it is one.
  on(endpoints.pages.setSchedule, async (c) => {
    const user = requireApiUser(c);
    const { locale, path } = c.req.param();
    const body: unknown = await c.req.raw
      .clone()
      .json()
      .catch(() => undefined);
    if (body && typeof body === 'object' && 'frontMatter' in body) return savePageAt(c, locale, `${path}/schedule`);
    const ref = checkPagePath(locale, path);
    return c.json(await setPageSchedule(deps, user, ref, await readJson(c, pageScheduleSchema)));
  });

  // The schedule first; a page whose own path ends in `/schedule` when the shorter one has none.
  on(endpoints.pages.cancelSchedule, async (c) => {
    const user = requireApiUser(c);
    const { locale, path } = c.req.param();
    const ref = checkPagePath(locale, path);
    try {
      return c.json(await cancelPageSchedule(deps, ref));
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 404) || !(await suffixed(locale, path, 'schedule'))) throw error;
      return c.json(await deletePage(deps, user.id, checkPagePath(locale, `${path}/schedule`)));
    }
  });

  on(endpoints.pages.get, async (c) => {
    const ref = checkPagePath(c.req.param('locale'), c.req.param('path'));
    return c.json(await getPage(deps, ref));
  });

  on(endpoints.pages.save, (c) => savePageAt(c, c.req.param('locale'), c.req.param('path')));

  on(endpoints.pages.delete, async (c) => {
    const user = requireApiUser(c);
    const ref = checkPagePath(c.req.param('locale'), c.req.param('path'));
    return c.json(await deletePage(deps, user.id, ref));
  });

  on(endpoints.pages.move, async (c) => {
    const user = requireApiUser(c);
    const from = checkPagePath(c.req.param('locale'), c.req.param('path'));
    const { to } = await readJson(c, moveSchema);
    const target = parsePageRef(to.replace(/^\/+/, ''));
    if (!target) throw new AppError(400, 'api.validationFailed', { issues: [{ path: ['to'], message: 'validation.invalid' }] });
    // A new address: typed with Arabic letters, stored in the Persian spelling (storedPagePath).
    const destination = checkPagePath(target.locale, foldSlug(target.path.normalize('NFC')));
    return c.json(await movePage(deps, user.id, from, destination));
  });

  return routes;
}

/** `GET /api/schedules?from=&to=` (`dashboard.read`): the calendar's scheduled pages. */
export function createScheduleRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/schedules');
  on(endpoints.pages.schedules, async (c) => c.json(await listSchedules(deps, readQuery(c, schedulesQuerySchema))));
  return routes;
}

/** `DELETE /api/preview-links/{id}` (`commits.create`): a revoked link answers 404 from then on. */
export function createPreviewLinkRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/preview-links');
  on(endpoints.pages.revokePreviewLink, async (c) => {
    const id = c.req.param('id');
    if (!/^[A-Za-z0-9_-]{16}$/.test(id)) throw new AppError(404, 'api.previewLinkNotFound');
    await revokePreviewLink(deps, id);
    return c.body(null, 204);
  });
  return routes;
}

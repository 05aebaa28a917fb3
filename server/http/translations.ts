import { Hono } from 'hono';
import { endpoints } from '../../common/endpoints';
import type { AppDeps } from '../deps';
import { checkPagePath } from '../services/pages';
import { translationStatus } from '../services/translations';
import { endpointsOn } from './endpoint';
import type { AuthEnv } from './guards';

/**
 * `/api/translations/{locale}/{path}`: whether the published page is an out-of-date translation
 * and its source's diff since (docs/content.md "Outdated translations"; `dashboard.read`, as the
 * pages screen). `{path}` as in `/api/pages`.
 */
export function createTranslationRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/translations');
  on(endpoints.pages.translation, async (c) => {
    const ref = checkPagePath(c.req.param('locale'), c.req.param('path'));
    return c.json(await translationStatus(deps, ref));
  });
  return routes;
}

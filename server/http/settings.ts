import { Hono } from 'hono';
import { endpoints } from '../../common/endpoints';
import { headCodeInputSchema } from '../../common/head-code';
import { siteSettingsSchema } from '../../common/schemas/settings';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { readAppearance, saveAppearance } from '../services/appearance';
import { readHeadCode, saveHeadCode } from '../services/head-code';
import { readSettings, saveSettings } from '../services/settings';
import { endpointsOn } from './endpoint';
import type { AuthEnv } from './guards';
import { readJson } from './validate';

/** The settings version as an entity tag: `"1732370000123"`. */
const etag = (version: number) => `"${version}"`;

/** `If-Match: "<version>"` → the version the client edited; absent → undefined (last write wins). */
function expectedVersion(header: string | undefined): number | undefined {
  if (!header) return undefined;
  const match = /^"(\d+)"$/.exec(header.trim());
  if (!match) throw new AppError(412, 'api.settingsChanged');
  return Number(match[1]);
}

/**
 * `/api/settings` (`settings.read` / `settings.edit`, route-access.ts): the whole site settings
 * object in and out, with its version as the ETag.
 */
export function createSettingsRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/settings');
  on(endpoints.settings.get, async (c) => {
    const { settings, version } = await readSettings(deps.db);
    c.header('ETag', etag(version));
    c.header('Cache-Control', 'private, no-store');
    return c.json(settings);
  });
  on(endpoints.settings.save, async (c) => {
    const expected = expectedVersion(c.req.header('if-match'));
    const { settings, version } = await saveSettings(deps, await readJson(c, siteSettingsSchema), expected);
    c.header('ETag', etag(version));
    c.header('Cache-Control', 'private, no-store');
    return c.json(settings);
  });
  on(endpoints.settings.appearance, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await readAppearance(deps.db));
  });
  on(endpoints.settings.saveAppearance, async (c) => {
    // The schema checks the theme, its options, the accent's contrast and the CSS (both languages).
    const next = await readJson(c, endpoints.settings.saveAppearance.body);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await saveAppearance(deps, next));
  });
  on(endpoints.settings.code, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await readHeadCode(deps.db));
  });
  on(endpoints.settings.saveCode, async (c) => {
    // The schema parses the text into its tags (or refuses it with the first problem, in both languages).
    const { source: headCode } = await readJson(c, headCodeInputSchema);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await saveHeadCode(deps, headCode));
  });
  return routes;
}

import { Hono } from 'hono';
import { z } from 'zod';
import { PAGE_SOURCE_MAX, parsePageRef } from '../../common/authoring';
import { locales } from '../../common/locales';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { previewMarkdown } from '../services/content';
import { checkPagePath, deletePage, getPage, listPages, movePage, savePage } from '../services/pages';
import { getSiteSettings } from '../services/site';
import { type AuthEnv, requireUser } from './guards';
import { listSearch, queryPage, readJson, readQuery } from './validate';

/** `GET /api/pages?locale=&query=&page=`: all locales when none is given. */
export const pageListQuerySchema = z.object({
  locale: z.enum(locales, 'validation.invalid').optional(),
  query: listSearch().optional().meta({ description: 'Words in the title or path.' }),
  page: queryPage(),
});

export const saveSchema = z.object({
  frontMatter: z.record(z.string(), z.unknown()),
  body: z.string().max(PAGE_SOURCE_MAX, 'validation.invalid'),
  message: z.string().max(500, 'validation.max500').optional(),
  baseSha: z
    .string()
    .regex(/^[0-9a-f]{40}$/, 'validation.invalid')
    .nullable()
    .optional(),
});
export const previewSchema = z.object({
  locale: z.enum(locales),
  body: z.string().max(PAGE_SOURCE_MAX, 'validation.invalid'),
});
export const moveSchema = z.object({ to: z.string().min(3, 'validation.required').max(300, 'validation.invalid') });

/**
 * `/api/pages`: the editor's pages (permissions in route-access.ts: reading `dashboard.read`,
 * writing `commits.create`). `{path}` is the path in the content folder without `.md`; the home
 * page is `index` (common/authoring.ts).
 */
export function createPageRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();

  routes.get('/', async (c) => {
    return c.json(await listPages(deps, readQuery(c, pageListQuerySchema)));
  });

  // The editor's preview: unsaved Markdown rendered by the real renderer, nothing stored.
  routes.post('/preview', async (c) => {
    const { locale, body } = await readJson(c, previewSchema);
    return c.json(await previewMarkdown(deps.db, locale, body, await getSiteSettings(deps.db)));
  });

  routes.get('/:locale/:path{.+}', async (c) => {
    const ref = checkPagePath(c.req.param('locale'), c.req.param('path'));
    return c.json(await getPage(deps, ref));
  });

  routes.put('/:locale/:path{.+}', async (c) => {
    const user = requireUser(c);
    const ref = checkPagePath(c.req.param('locale'), c.req.param('path'));
    const input = await readJson(c, saveSchema);
    const createOnly = c.req.header('if-none-match')?.trim() === '*';
    return c.json(await savePage(deps, user.id, ref, input, { createOnly }));
  });

  routes.delete('/:locale/:path{.+}', async (c) => {
    const user = requireUser(c);
    const ref = checkPagePath(c.req.param('locale'), c.req.param('path'));
    return c.json(await deletePage(deps, user.id, ref));
  });

  routes.post('/:locale/:path{.+}/move', async (c) => {
    const user = requireUser(c);
    const from = checkPagePath(c.req.param('locale'), c.req.param('path'));
    const { to } = await readJson(c, moveSchema);
    const target = parsePageRef(to.replace(/^\/+/, ''));
    if (!target) throw new AppError(400, 'api.validationFailed', { issues: [{ path: ['to'], message: 'validation.invalid' }] });
    return c.json(await movePage(deps, user.id, from, checkPagePath(target.locale, target.path)));
  });

  return routes;
}

import { Hono } from 'hono';
import { z } from 'zod';
import { PAGE_SOURCE_MAX, type PageRef, pagePathProblem, parsePageRef } from '../../common/authoring';
import { locales } from '../../common/locales';
import { messageRef } from '../../common/messages';
import { PREVIEW_LINK_DAYS_MAX } from '../../common/preview-links';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { previewMarkdown } from '../services/content';
import { pageHistory, pageVersion } from '../services/page-history';
import { checkPagePath, deletePage, getPage, listPages, movePage, savePage } from '../services/pages';
import { BULK_PAGES_MAX, bulkPages } from '../services/pages-bulk';
import { createPreviewLink, listPreviewLinks, revokePreviewLink } from '../services/preview-links';
import { getSiteSettings } from '../services/site';
import { type AuthEnv, requireUser } from './guards';
import { listSearch, queryPage, readJson, readQuery } from './validate';

/** `GET /api/pages?locale=&query=&page=&status=&cat=&author=&translation=`: all locales when none is given. */
export const pageListQuerySchema = z.object({
  locale: z.enum(locales, 'validation.invalid').optional(),
  query: listSearch().optional().meta({ description: 'Words in the title or path.' }),
  page: queryPage(),
  outdated: z
    .enum(['1'], 'validation.invalid')
    .optional()
    .transform((value) => value === '1')
    .meta({ description: 'Only out-of-date translations (docs/content.md "Outdated translations").' }),
  status: z.enum(['draft', 'published', 'pending'], 'validation.invalid').optional(),
  cat: listSearch().optional().meta({ description: 'A category slug.' }),
  author: listSearch().optional().meta({ description: 'Front matter `author`, as written.' }),
  translation: z.enum(['missing', 'translated'], 'validation.invalid').optional(),
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
export const historyQuerySchema = z.object({ page: queryPage(1000) });
export const previewLinkSchema = z.object({
  days: z
    .number()
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(PREVIEW_LINK_DAYS_MAX, 'validation.invalid')
    .optional(),
});
const bulkPageRef = z.object({
  locale: z.enum(locales, 'validation.invalid'),
  path: z
    .string()
    .max(300, 'validation.invalid')
    .refine((path) => pagePathProblem(path) === undefined, 'api.pagePathInvalid'),
});
const bulkPageList = z
  .array(bulkPageRef)
  .min(1, 'validation.required')
  .max(BULK_PAGES_MAX, messageRef('validation.tooMany', { max: BULK_PAGES_MAX }))
  .superRefine((pages, ctx) => {
    const seen = new Set<string>();
    pages.forEach((page, index) => {
      const key = `${page.locale}/${page.path}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], message: 'validation.pageListedTwice' });
      seen.add(key);
    });
  });
/** `POST /api/pages/bulk`: one action on up to 100 pages of the list (server/services/pages-bulk.ts). */
export const bulkSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('delete'), pages: bulkPageList }),
  z.object({
    action: z.literal('set-category'),
    pages: bulkPageList,
    category: z.string().min(1, 'validation.required').max(100, 'validation.invalid'),
  }),
]);
const COMMIT = /^[0-9a-f]{40}$/;
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

  routes.post('/bulk', async (c) => {
    const user = requireUser(c);
    return c.json(await bulkPages(deps, user.id, await readJson(c, bulkSchema)));
  });

  // The editor's preview: unsaved Markdown rendered by the real renderer, nothing stored.
  routes.post('/preview', async (c) => {
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

  routes.get('/:locale/:path{.+}/history', async (c) => {
    const { locale, path } = c.req.param();
    const own = await suffixed(locale, path, 'history');
    if (own) return c.json(own);
    const ref = checkPagePath(locale, path);
    return c.json(await pageHistory(deps, ref, readQuery(c, historyQuerySchema).page));
  });

  routes.get('/:locale/:path{.+}/history/:commit', async (c) => {
    const { locale, path, commit } = c.req.param();
    const own = await suffixed(locale, path, `history/${commit}`);
    if (own) return c.json(own);
    const ref = checkPagePath(locale, path);
    if (!COMMIT.test(commit))
      throw new AppError(400, 'api.validationFailed', { issues: [{ path: ['commit'], message: 'validation.invalid' }] });
    return c.json(await pageVersion(deps, ref, commit));
  });

  routes.get('/:locale/:path{.+}/preview-links', async (c) => {
    const { locale, path } = c.req.param();
    const own = await suffixed(locale, path, 'preview-links');
    if (own) return c.json(own);
    return c.json(await listPreviewLinks(deps, checkPagePath(locale, path)));
  });

  routes.post('/:locale/:path{.+}/preview-link', async (c) => {
    const user = requireUser(c);
    const ref: PageRef = checkPagePath(c.req.param('locale'), c.req.param('path'));
    const body = c.req.header('content-type')?.includes('json') ? await readJson(c, previewLinkSchema) : {};
    return c.json(await createPreviewLink(deps, user.id, ref, { days: body.days }), 201);
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

/** `DELETE /api/preview-links/{id}` (`commits.create`): a revoked link answers 404 from then on. */
export function createPreviewLinkRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  routes.delete('/:id', async (c) => {
    const id = c.req.param('id');
    if (!/^[A-Za-z0-9_-]{16}$/.test(id)) throw new AppError(404, 'api.previewLinkNotFound');
    await revokePreviewLink(deps, id);
    return c.body(null, 204);
  });
  return routes;
}

import { Hono } from 'hono';
import { localeOr } from '../../common/locales';
import {
  createRoleSchema,
  createUserSchema,
  passwordResetSchema,
  updateRoleSchema,
  userListQuerySchema,
  userRolesSchema,
} from '../../common/schemas/admin';
import { createLimits, tokenGuesses, tooManyAttempts } from '../auth/rate-limit';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { createResetLink, resetPassword } from '../services/password-resets';
import { createRole, deleteRole, listRoles, updateRole } from '../services/roles';
import { siteOrigin } from '../services/seo';
import { createUserWithRoles, deleteUser, listUsers, setUserDisabled, setUserRoles } from '../services/users';
import { type AuthEnv, requireUser } from './guards';
import { requestIsHttps } from './https';
import { clientInfo } from './request';
import { readJson, readQuery } from './validate';

/** Users administration (`/api/users`); permissions come from the route access table. */
export function createUserRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();

  routes.get('/', async (c) => {
    return c.json(await listUsers(deps.db, readQuery(c, userListQuerySchema)));
  });

  routes.post('/', async (c) => {
    const input = await readJson(c, createUserSchema);
    const id = await createUserWithRoles(deps.db, requireUser(c), input, deps.passwordIterations);
    return c.json({ id }, 201);
  });

  routes.put('/:id/roles', async (c) => {
    await setUserRoles(deps.db, requireUser(c), c.req.param('id'), (await readJson(c, userRolesSchema)).roles);
    return c.json({ ok: true });
  });

  routes.post('/:id/disable', async (c) => {
    await setUserDisabled(deps.db, requireUser(c), c.req.param('id'), true);
    return c.json({ ok: true });
  });

  routes.post('/:id/enable', async (c) => {
    await setUserDisabled(deps.db, requireUser(c), c.req.param('id'), false);
    return c.json({ ok: true });
  });

  routes.delete('/:id', async (c) => {
    await deleteUser(deps.db, requireUser(c), c.req.param('id'));
    return c.json({ ok: true });
  });

  // The link opens in the administrator's language (`x-locale`); the person may switch there.
  routes.post('/:id/password-reset', async (c) => {
    // Like the mailed links, a link made here starts with SITE_URL when it is set.
    const url = new URL(c.req.url);
    const origin = deps.config.SITE_URL
      ? siteOrigin(deps.config.SITE_URL, c.req.url)
      : `${requestIsHttps(c) ? 'https:' : url.protocol}//${url.host}`;
    const locale = localeOr(c.req.header('x-locale'), 'fa');
    return c.json(await createResetLink(deps.db, requireUser(c), c.req.param('id'), { origin, locale }), 201);
  });

  return routes;
}

/** The public end of a reset link (`POST /api/auth/password-reset`): the token is the credential. */
export function createPasswordResetRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  // Wrong links are counted per address (the token is the credential): docs/security.md.
  const guesses = tokenGuesses(createLimits(deps.db), 'password-reset');
  routes.post('/', async (c) => {
    const input = await readJson(c, passwordResetSchema);
    const { ip } = clientInfo(c, deps);
    const wait = await guesses.guessWait(ip);
    if (wait > 0) throw tooManyAttempts(wait);
    try {
      await resetPassword(deps.db, input, deps.passwordIterations);
    } catch (error) {
      if (error instanceof AppError && error.messageKey === 'api.resetLinkInvalid') await guesses.wrongGuess(ip);
      throw error;
    }
    return c.json({ ok: true });
  });
  return routes;
}

/** Roles administration (`/api/roles`). */
export function createRoleRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  routes.get('/', async (c) => c.json({ items: await listRoles(deps.db) }));
  routes.post('/', async (c) => c.json(await createRole(deps.db, requireUser(c), await readJson(c, createRoleSchema)), 201));
  routes.patch('/:id', async (c) =>
    c.json(await updateRole(deps.db, requireUser(c), c.req.param('id'), await readJson(c, updateRoleSchema))),
  );
  routes.delete('/:id', async (c) => {
    await deleteRole(deps.db, requireUser(c), c.req.param('id'));
    return c.json({ ok: true });
  });
  return routes;
}

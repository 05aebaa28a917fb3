import { Hono } from 'hono';
import { endpoints } from '../../common/endpoints';
import { localeOr } from '../../common/locales';
import { emailChangeSchema } from '../../common/schemas/account';
import {
  createRoleSchema,
  createUserSchema,
  passwordResetSchema,
  updateRoleSchema,
  userListQuerySchema,
  userRolesSchema,
} from '../../common/schemas/admin';
import { createLimits, isAppError, takeEmailConfirmSend, tokenGuesses, tooManyAttempts } from '../auth/rate-limit';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { requestEmailChange, requestEmailChangeAsAdmin } from '../services/account-email';
import { inviteUser } from '../services/invitations';
import { createResetLink, resetPassword } from '../services/password-resets';
import { createRole, deleteRole, listRoles, updateRole } from '../services/roles';
import { createUserWithRoles, deleteUser, listUsers, requireEmailFree, setUserDisabled, setUserRoles } from '../services/users';
import { readerOrigin, requireMailOrigin } from '../site-origin';
import { endpointsOn } from './endpoint';
import { requestLocale } from './errors';
import { type AuthEnv, requireApiUser } from './guards';
import { afterResponse, clientInfo } from './request';
import { readJson, readQuery } from './validate';

/** Users administration (`/api/users`); permissions come from the route access table. */
export function createUserRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/users');

  on(endpoints.users.list, async (c) => {
    // Addresses are for holders of users.edit only (issue 27): the list leaves them out for the rest.
    const withEmail = requireApiUser(c).permissions.includes('users.edit');
    return c.json(await listUsers(deps.db, { ...readQuery(c, userListQuerySchema), withEmail }));
  });

  on(endpoints.users.create, async (c) => {
    const { email, password, ...input } = await readJson(c, createUserSchema);
    const actor = requireApiUser(c);
    // No password: an invitation to the address, whose link lets the person choose one (invitations.ts).
    if (password === undefined && email) {
      // The link starts with the site's own address, never the request's Host (site-origin.ts, F-41).
      const where = { origin: await requireMailOrigin(deps, 'invitation'), locale: requestLocale(c) };
      const { id, send } = await inviteUser(deps, actor, { ...input, email }, where);
      afterResponse(c, send(), 'Invitation mail');
      return c.json({ id, invited: true }, 201);
    }
    // A new account's address waits for its mailed link, as a changed one does (account-email.ts).
    if (email && !actor.permissions.includes('users.edit')) throw new AppError(403, 'api.forbidden');
    await requireEmailFree(deps.db, email);
    const origin = email && deps.mailer ? await requireMailOrigin(deps, 'e-mail confirmation') : undefined;
    const id = await createUserWithRoles(deps.db, actor, { ...input, password }, deps.passwordIterations);
    if (email) {
      const send = await requestEmailChange(deps, id, email, { origin, locale: requestLocale(c) });
      if (send) afterResponse(c, send(), 'Confirmation mail');
    }
    return c.json({ id }, 201);
  });

  // Another account's address (users.edit; the owner line applies): a new one is confirmed by its mailed link.
  on(endpoints.users.setEmail, async (c) => {
    const { email } = await readJson(c, emailChangeSchema);
    const origin = email && deps.mailer ? await requireMailOrigin(deps, 'e-mail confirmation') : undefined;
    const where = { origin, locale: requestLocale(c) };
    if (email) {
      const wait = await takeEmailConfirmSend(createLimits(deps.db), c.req.param('id'));
      if (wait > 0) throw tooManyAttempts(wait);
    }
    const send = await requestEmailChangeAsAdmin(deps, requireApiUser(c), c.req.param('id'), email, where);
    if (send) afterResponse(c, send(), 'Confirmation mail');
    return c.json({ ok: true });
  });

  on(endpoints.users.setRoles, async (c) => {
    await setUserRoles(deps.db, requireApiUser(c), c.req.param('id'), (await readJson(c, userRolesSchema)).roles);
    return c.json({ ok: true });
  });

  on(endpoints.users.disable, async (c) => {
    await setUserDisabled(deps.db, requireApiUser(c), c.req.param('id'), true);
    return c.json({ ok: true });
  });

  on(endpoints.users.enable, async (c) => {
    await setUserDisabled(deps.db, requireApiUser(c), c.req.param('id'), false);
    return c.json({ ok: true });
  });

  on(endpoints.users.delete, async (c) => {
    await deleteUser(deps.db, requireApiUser(c), c.req.param('id'));
    return c.json({ ok: true });
  });

  // The link opens in the administrator's language (`x-locale`); the person may switch there.
  on(endpoints.users.resetLink, async (c) => {
    // Shown to the administrator, not mailed: the site's address, else the one the administrator uses.
    const origin = await readerOrigin(deps, c.req.raw);
    const locale = localeOr(c.req.header('x-locale'), 'fa');
    return c.json(await createResetLink(deps.db, requireApiUser(c), c.req.param('id'), { origin, locale }), 201);
  });

  return routes;
}

/** The public end of a reset link (`POST /api/auth/password-reset`): the token is the credential. */
export function createPasswordResetRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/auth/password-reset');
  // Wrong links are counted per address (the token is the credential): docs/security.md.
  const guesses = tokenGuesses(createLimits(deps.db), 'password-reset');
  on(endpoints.auth.resetPassword, async (c) => {
    const input = await readJson(c, passwordResetSchema);
    const { ip } = clientInfo(c, deps);
    await guesses.judge(ip, () => resetPassword(deps.db, input, deps.passwordIterations), isAppError('api.resetLinkInvalid'));
    return c.json({ ok: true });
  });
  return routes;
}

/** Roles administration (`/api/roles`). */
export function createRoleRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/roles');
  on(endpoints.roles.list, async (c) => c.json({ items: await listRoles(deps.db) }));
  on(endpoints.roles.create, async (c) =>
    c.json(await createRole(deps.db, requireApiUser(c), await readJson(c, createRoleSchema)), 201),
  );
  on(endpoints.roles.update, async (c) =>
    c.json(await updateRole(deps.db, requireApiUser(c), c.req.param('id'), await readJson(c, updateRoleSchema))),
  );
  on(endpoints.roles.delete, async (c) => {
    await deleteRole(deps.db, requireApiUser(c), c.req.param('id'));
    return c.json({ ok: true });
  });
  return routes;
}

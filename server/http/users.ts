import { Hono } from 'hono';
import {
  createRoleSchema,
  createUserSchema,
  updateRoleSchema,
  userListQuerySchema,
  userRolesSchema,
} from '../../common/schemas/admin';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { createRole, deleteRole, listRoles, updateRole } from '../services/roles';
import { createUserWithRoles, listUsers, setUserDisabled, setUserRoles } from '../services/users';
import type { AuthEnv } from './guards';
import { readJson } from './validate';

/** Users administration (`/api/users`); permissions come from the route access table. */
export function createUserRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();

  routes.get('/', async (c) => {
    const parsed = userListQuerySchema.safeParse(c.req.query());
    if (!parsed.success) throw new AppError(400, 'api.validationFailed', { issues: parsed.error.issues });
    return c.json(await listUsers(deps.db, parsed.data));
  });

  routes.post('/', async (c) => {
    const id = await createUserWithRoles(deps.db, await readJson(c, createUserSchema), deps.passwordIterations);
    return c.json({ id }, 201);
  });

  routes.put('/:id/roles', async (c) => {
    await setUserRoles(deps.db, c.req.param('id'), (await readJson(c, userRolesSchema)).roles);
    return c.json({ ok: true });
  });

  routes.post('/:id/disable', async (c) => {
    await setUserDisabled(deps.db, c.req.param('id'), true);
    return c.json({ ok: true });
  });

  routes.post('/:id/enable', async (c) => {
    await setUserDisabled(deps.db, c.req.param('id'), false);
    return c.json({ ok: true });
  });

  return routes;
}

/** Roles administration (`/api/roles`). */
export function createRoleRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  routes.get('/', async (c) => c.json({ items: await listRoles(deps.db) }));
  routes.post('/', async (c) => c.json(await createRole(deps.db, await readJson(c, createRoleSchema)), 201));
  routes.patch('/:id', async (c) => c.json(await updateRole(deps.db, c.req.param('id'), await readJson(c, updateRoleSchema))));
  routes.delete('/:id', async (c) => {
    await deleteRole(deps.db, c.req.param('id'));
    return c.json({ ok: true });
  });
  return routes;
}

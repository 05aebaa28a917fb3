import { asc, eq } from 'drizzle-orm';
import { allPermissions, isPermission } from '../auth/permissions';
import type { Database } from '../db/database';
import { roles } from '../db/schema';
import { AppError } from '../errors';

const OWNER = 'owner';

function checkPermissions(permissions: string[]) {
  const unknown = permissions.filter((p) => !isPermission(p));
  if (unknown.length) {
    throw new AppError(400, 'api.validationFailed', {
      issues: unknown.map((p) => ({ path: ['permissions'], message: `Unknown permission: ${p}` })),
    });
  }
  return [...new Set(permissions)].sort();
}

export function listRoles(db: Database) {
  return db.select().from(roles).orderBy(asc(roles.name));
}

export async function createRole(db: Database, input: { name: string; description?: string; permissions: string[] }) {
  if (await db.select({ id: roles.id }).from(roles).where(eq(roles.name, input.name)).get())
    throw new AppError(409, 'api.roleNameTaken');
  const role = {
    id: input.name,
    name: input.name,
    description: input.description ?? '',
    permissions: checkPermissions(input.permissions),
  };
  await db.insert(roles).values(role);
  return role;
}

/** The owner role keeps every permission whatever is asked. */
export async function updateRole(
  db: Database,
  id: string,
  input: { name?: string; description?: string; permissions?: string[] },
) {
  const role = await db.select().from(roles).where(eq(roles.id, id)).get();
  if (!role) throw new AppError(404, 'api.notFound');
  if (id === OWNER && input.permissions && checkPermissions(input.permissions).length !== allPermissions.length)
    throw new AppError(409, 'api.ownerRoleLocked');
  if (
    input.name &&
    input.name !== role.name &&
    (await db.select({ id: roles.id }).from(roles).where(eq(roles.name, input.name)).get())
  ) {
    throw new AppError(409, 'api.roleNameTaken');
  }
  const changes = {
    ...(input.name && id !== OWNER ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.permissions ? { permissions: checkPermissions(input.permissions) } : {}),
  };
  if (Object.keys(changes).length) await db.update(roles).set(changes).where(eq(roles.id, id));
  return db.select().from(roles).where(eq(roles.id, id)).get();
}

export async function deleteRole(db: Database, id: string) {
  if (id === OWNER) throw new AppError(409, 'api.ownerRoleLocked');
  const role = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).get();
  if (!role) throw new AppError(404, 'api.notFound');
  await db.delete(roles).where(eq(roles.id, id));
}

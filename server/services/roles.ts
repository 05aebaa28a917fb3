import { asc, eq, isNull, sql } from 'drizzle-orm';
import { OWNER_ROLE } from '../../common/permissions';
import { MEMBER_ROLE } from '../../common/schemas/admin';
import { isPermission } from '../auth/permissions';
import type { Database } from '../db/database';
import { roles, userRoles, users } from '../db/schema';
import { AppError } from '../errors';
import { requireHolds } from './grants';
import type { Actor } from './users';

function checkPermissions(permissions: string[]) {
  const unknown = permissions.filter((p) => !isPermission(p));
  if (unknown.length) {
    throw new AppError(400, 'api.validationFailed', {
      issues: unknown.map((p) => ({ path: ['permissions'], message: `Unknown permission: ${p}` })),
    });
  }
  return [...new Set(permissions)].sort();
}

/** Every role with how many (not deleted) accounts hold it, by name. */
export async function listRoles(db: Database) {
  const [rows, counts] = await Promise.all([
    db.select().from(roles).orderBy(asc(roles.name)),
    db
      .select({ roleId: userRoles.roleId, users: sql<number>`count(*)` })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(isNull(users.deletedAt))
      .groupBy(userRoles.roleId),
  ]);
  const held = new Map(counts.map((c) => [c.roleId, Number(c.users)]));
  return rows.map((row) => ({ ...row, users: held.get(row.id) ?? 0 }));
}

/** A new role may grant only what its creator holds (no self-escalation). */
export async function createRole(
  db: Database,
  actor: Actor,
  input: { name: string; description?: string; permissions: string[] },
) {
  const permissions = checkPermissions(input.permissions);
  requireHolds(actor, permissions);
  if (await db.select({ id: roles.id }).from(roles).where(eq(roles.name, input.name)).get())
    throw new AppError(409, 'api.roleNameTaken');
  const role = { id: input.name, name: input.name, description: input.description ?? '', permissions };
  await db.insert(roles).values(role);
  return role;
}

async function requireRole(db: Database, id: string) {
  const role = await db.select().from(roles).where(eq(roles.id, id)).get();
  if (!role) throw new AppError(404, 'api.notFound');
  return role;
}

/**
 * Changes a role. The owner role is locked (it always holds everything). The actor must hold every
 * permission the role has and will have: nobody widens a role, their own included, beyond what
 * they hold, or narrows a role more powerful than they are.
 */
export async function updateRole(
  db: Database,
  actor: Actor,
  id: string,
  input: { name?: string; description?: string; permissions?: string[] },
) {
  const role = await requireRole(db, id);
  if (id === OWNER_ROLE) throw new AppError(409, 'api.ownerRoleLocked');
  const permissions = input.permissions ? checkPermissions(input.permissions) : undefined;
  requireHolds(actor, [...role.permissions, ...(permissions ?? [])]);
  if (
    input.name &&
    input.name !== role.name &&
    (await db.select({ id: roles.id }).from(roles).where(eq(roles.name, input.name)).get())
  ) {
    throw new AppError(409, 'api.roleNameTaken');
  }
  const changes = {
    ...(input.name ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(permissions ? { permissions } : {}),
  };
  if (Object.keys(changes).length) await db.update(roles).set(changes).where(eq(roles.id, id));
  return requireRole(db, id);
}

/**
 * Deletes a role no account holds. A role in use is refused with how many hold it (like
 * WordPress, which never leaves users without a role behind one's back): move them first.
 */
export async function deleteRole(db: Database, actor: Actor, id: string) {
  if (id === OWNER_ROLE) throw new AppError(409, 'api.ownerRoleLocked');
  if (id === MEMBER_ROLE) throw new AppError(409, 'api.memberRoleLocked');
  const role = await requireRole(db, id);
  requireHolds(actor, role.permissions);
  const [held] = await db
    .select({ count: sql<number>`count(*)` })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.roleId, id));
  const count = Number(held?.count ?? 0);
  if (count) throw new AppError(409, 'api.roleInUse', { users: count }, { count });
  await db.delete(roles).where(eq(roles.id, id));
}

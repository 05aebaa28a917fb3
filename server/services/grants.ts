import { eq, inArray } from 'drizzle-orm';
import { crossesOwnerLine, type Grantor, missingPermissions, permissionsOfRoles } from '../../common/grants';
import type { Database } from '../db/database';
import { roles, userRoles } from '../db/schema';
import { AppError } from '../errors';

/*
 * No self-escalation (security finding F-07): nobody grants a permission they do not hold. One
 * rule, used by every route that grants or that acts on a more powerful account:
 * - giving a user roles, creating or changing a role: the actor holds every permission involved;
 * - changing, disabling, deleting or resetting the password of an account: the actor holds every
 *   permission that account holds (otherwise a `users.edit` holder could take over the owner
 *   through a reset link, or lock them out).
 * Above both, the owner line (F-23, F-32; common/grants.ts): only an owner gives or takes away the
 * owner role or acts on an owner's account, whatever permissions the actor's roles hold.
 */

/** Refuses (403) when the actor lacks any of `wanted`, naming what is missing. */
export function requireHolds(actor: Grantor, wanted: Iterable<string>) {
  const missing = missingPermissions(actor, wanted);
  if (missing.length) throw new AppError(403, 'api.grantBeyondOwn', { missing }, { permissions: missing.join(', ') });
}

/** Refuses (403) giving or taking away these roles: the owner line, then every permission they grant. */
export async function requireMayGrant(db: Database, actor: Grantor, roleIds: string[]) {
  if (crossesOwnerLine(actor, roleIds)) throw new AppError(403, 'api.ownerRoleOwnersOnly');
  requireHolds(actor, await rolePermissions(db, roleIds));
}

/** The permissions a set of roles grants (the owner role: all of them). */
export async function rolePermissions(db: Database, roleIds: string[]) {
  if (!roleIds.length) return [];
  const rows = await db.select({ id: roles.id, permissions: roles.permissions }).from(roles).where(inArray(roles.id, roleIds));
  return permissionsOfRoles(rows, roleIds);
}

/** The actor may act on this account only when holding everything it holds. */
export async function requireMayManage(db: Database, actor: Grantor & { id: string }, userId: string) {
  if (actor.id === userId) return;
  const held = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  if (
    crossesOwnerLine(
      actor,
      held.map((r) => r.roleId),
    )
  )
    throw new AppError(403, 'api.ownerAccountOwnersOnly');
  const missing = missingPermissions(
    actor,
    await rolePermissions(
      db,
      held.map((r) => r.roleId),
    ),
  );
  if (missing.length) throw new AppError(403, 'api.userBeyondOwn', { missing });
}

import { allPermissions, OWNER_ROLE, type Permission } from './permissions';

/** Who is acting: their role names and the permissions those grant (a session's user). */
export type Grantor = { roles: readonly string[]; permissions: readonly string[] };

/**
 * The permissions in `wanted` the grantor does not hold (sorted, unique). The owner holds every
 * permission, including ones added to the catalogue after its role row was written. The server's
 * refusals (server/services/grants.ts) and the dashboard's disabled checkboxes both use this.
 */
export function missingPermissions(grantor: Grantor, wanted: Iterable<string>): string[] {
  const held = new Set<string>(grantor.roles.includes(OWNER_ROLE) ? allPermissions : grantor.permissions);
  return [...new Set(wanted)].filter((p) => !held.has(p)).sort();
}

/** The permissions the roles `ids` grant together (the owner role: every one), from rows of id and permissions. */
export function permissionsOfRoles(roles: readonly { id: string; permissions: readonly string[] }[], ids: Iterable<string>) {
  const wanted = new Set(ids);
  return roles
    .filter((r) => wanted.has(r.id))
    .flatMap((r) => (r.id === OWNER_ROLE ? allPermissions : r.permissions)) as Permission[];
}

/**
 * `owner` is a line above permissions (security findings F-23, F-32): holding every permission is
 * not being an owner, so only an owner grants or removes the owner role, or acts on an account that
 * holds it. True when `roleIds` name the owner role and the grantor is not one.
 */
export function crossesOwnerLine(grantor: Grantor, roleIds: Iterable<string>): boolean {
  return !grantor.roles.includes(OWNER_ROLE) && [...roleIds].includes(OWNER_ROLE);
}

/**
 * Whether the grantor may give or take away the roles `ids`, or act on an account holding them:
 * the owner line, then every permission they grant. The dashboard greys out what this refuses.
 */
export function mayGrantRoles(
  grantor: Grantor,
  roles: readonly { id: string; permissions: readonly string[] }[],
  ids: readonly string[],
): boolean {
  return !crossesOwnerLine(grantor, ids) && missingPermissions(grantor, permissionsOfRoles(roles, ids)).length === 0;
}

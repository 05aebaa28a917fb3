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

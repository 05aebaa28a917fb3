/**
 * The permission catalogue (spec §6, DESIGN.md): every permission the product checks. Roles are
 * database rows listing these names; the server check is the real gate.
 */
export const permissionCatalogue = {
  dashboard: ['read'],
  users: ['read', 'create', 'edit', 'delete'],
  roles: ['read', 'create', 'edit', 'delete'],
  devices: ['read', 'delete'],
  builds: ['read', 'create', 'edit', 'delete'],
  commits: ['read', 'create', 'edit', 'delete'],
  comments: ['read', 'create', 'edit', 'delete'],
  newsletter: ['read', 'edit', 'delete'],
  settings: ['read', 'edit'],
} as const;

type Catalogue = typeof permissionCatalogue;
export type Permission = { [Area in keyof Catalogue]: `${Area}.${Catalogue[Area][number]}` }[keyof Catalogue];

export const allPermissions = Object.entries(permissionCatalogue).flatMap(([area, actions]) =>
  actions.map((action) => `${area}.${action}`),
) as Permission[];

export function isPermission(value: string): value is Permission {
  return (allPermissions as string[]).includes(value);
}

/** The roles a fresh site starts with; the owner role always holds every permission. */
export const defaultRoles: { id: string; name: string; description: string; permissions: Permission[] }[] = [
  { id: 'owner', name: 'owner', description: 'Owns the site: every permission.', permissions: allPermissions },
  {
    id: 'editor',
    name: 'editor',
    description: 'Writes and publishes pages, moderates comments.',
    permissions: allPermissions.filter((p) => /^(dashboard|builds|commits|comments)\./.test(p)),
  },
  { id: 'member', name: 'member', description: 'A registered reader who can comment.', permissions: ['comments.create'] },
];

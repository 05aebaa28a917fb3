/**
 * The permission catalogue (docs/spec.md §6): every permission the product checks. Roles are
 * database rows listing these names; the server check is the real gate, the browser only uses
 * it to hide what a user cannot do.
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
  // API keys for integrations (Settings → Integrations, docs/api.md "API keys").
  integrations: ['manage'],
} as const;

type Catalogue = typeof permissionCatalogue;
export type Permission = { [Area in keyof Catalogue]: `${Area}.${Catalogue[Area][number]}` }[keyof Catalogue];

export const allPermissions = Object.entries(permissionCatalogue).flatMap(([area, actions]) =>
  actions.map((action) => `${area}.${action}`),
) as Permission[];

export function isPermission(value: string): value is Permission {
  return (allPermissions as string[]).includes(value);
}

/** The role that always holds every permission and cannot be left without a member. */
export const OWNER_ROLE = 'owner';

/** The signed-in user as the server resolves it and the browser receives it. */
export type SessionUser = {
  id: string;
  username: string;
  displayName: string;
  roles: string[];
  permissions: Permission[];
};

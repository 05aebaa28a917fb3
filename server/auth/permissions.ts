import { allPermissions, OWNER_ROLE, type Permission } from '../../common/permissions';
import { defaultRoleDescriptions } from '../../common/schemas/admin';
import { MEMBER_PERMISSIONS } from '../../common/two-factor';

// The catalogue itself is shared with the browser; re-exported for server code.
export { allPermissions, isPermission, type Permission, permissionCatalogue } from '../../common/permissions';

/** The roles a fresh site starts with; the owner role always holds every permission. */
export const defaultRoles: { id: string; name: string; description: string; permissions: Permission[] }[] = [
  { id: OWNER_ROLE, name: OWNER_ROLE, description: defaultRoleDescriptions.owner, permissions: allPermissions },
  {
    id: 'editor',
    name: 'editor',
    description: defaultRoleDescriptions.editor,
    permissions: allPermissions.filter((p) => /^(dashboard|builds|commits|comments)\./.test(p)),
  },
  { id: 'member', name: 'member', description: defaultRoleDescriptions.member, permissions: [...MEMBER_PERMISSIONS] },
];

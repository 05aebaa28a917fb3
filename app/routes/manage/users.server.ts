import { USERS_PAGE_SIZE } from '../../../common/schemas/admin';
import { listRoles } from '../../../server/services/roles';
import { listUsers } from '../../../server/services/users';
import { serverContext } from '../../lib/app-context.server';
import { notFound } from '../../lib/auth.server';
import type { Route } from './+types/users';
import { dashboardUser } from './layout.server';

export const USER_TABS = ['all', 'roles'] as const;

/**
 * The users screen (`/manage/users/{all|roles}`): a page of users filtered by `?query=` and
 * `?role=`, or the roles; both tabs get the roles (names for the chips, choices for the dialogs)
 * and what the signed-in user may do. The API decides every change; this only hides.
 */
export async function loadUsers({ context, request, params }: Route.LoaderArgs) {
  const user = dashboardUser(context);
  const tab = params.tab ?? 'all';
  if (!(USER_TABS as readonly string[]).includes(tab)) notFound();
  const { deps } = serverContext(context);
  const search = new URL(request.url).searchParams;
  const query = (search.get('query') ?? '').trim().slice(0, 64);
  const role = (search.get('role') ?? '').trim().slice(0, 64);
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const can = (permission: (typeof user.permissions)[number]) => user.permissions.includes(permission);
  const [roles, list] = await Promise.all([
    listRoles(deps.db),
    tab === 'all'
      ? listUsers(deps.db, {
          query: query || undefined,
          role: role || undefined,
          page,
          pageSize: USERS_PAGE_SIZE,
          // Addresses and their state are for holders of users.edit, as in the API.
          withEmail: can('users.edit'),
        })
      : undefined,
  ]);
  return {
    tab: tab as (typeof USER_TABS)[number],
    users: list?.items ?? [],
    total: list?.total ?? 0,
    query,
    role,
    page,
    pageSize: USERS_PAGE_SIZE,
    roles,
    me: { id: user.id, roles: user.roles, permissions: user.permissions },
    can: {
      createUser: can('users.create'),
      // An invitation goes by mail and sets an address (server/services/invitations.ts).
      invite: can('users.create') && can('users.edit') && Boolean(deps.mailer),
      editUser: can('users.edit'),
      deleteUser: can('users.delete'),
      readRoles: can('roles.read'),
      createRole: can('roles.create'),
      editRole: can('roles.edit'),
      deleteRole: can('roles.delete'),
    },
  };
}

import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { crossesOwnerLine, type Grantor, mayGrantRoles } from '../../../../common/grants';
import type { RoleListItem, UserListItem } from '../../../../common/schemas/admin';
import { useClock } from '../../../lib/format';
import { Badge } from '../../ui/badge';
import { type DataColumn, DataTable, type DataTableProps } from '../data-table';
import { ResetLinkDialog } from './reset-link-dialog';
import { RoleChips } from './role-picker';
import { UserEmailDialog } from './user-email-dialog';
import { UserRolesDialog } from './user-roles-dialog';
import { DeleteUserButton, DisableUserButton, ResetFactorsButton } from './user-status-actions';

export type UserPowers = { editUser: boolean; deleteUser: boolean };

/**
 * One page of users (the server pages and searches): name and user name, role chips, status,
 * join date and the actions the signed-in user may take. An account holding permissions the
 * signed-in user lacks shows a lock instead (the API refuses those changes, F-07); one's own
 * account cannot be disabled or deleted.
 */
export function UsersTable({
  items,
  roles,
  me,
  can,
  empty,
  loading,
  pagination,
}: {
  items: UserListItem[];
  roles: RoleListItem[];
  me: Grantor & { id: string };
  can: UserPowers;
} & Pick<DataTableProps<UserListItem>, 'empty' | 'loading' | 'pagination'>) {
  const { t } = useTranslation();
  const clock = useClock();

  const columns: DataColumn<UserListItem>[] = [
    {
      id: 'name',
      header: t('users.columns.name'),
      cell: (user) => (
        <div className="min-w-32">
          <span dir="auto" className="font-medium">
            {user.displayName}
          </span>
          {user.id === me.id ? (
            <span className="ms-2">
              <Badge tone="info">{t('users.you')}</Badge>
            </span>
          ) : null}
          {/* Isolated, in the name's own direction: a Persian name reads right to left, «@» first. */}
          <bdi dir="auto" className="block text-xs text-fg-muted">
            @{user.username}
          </bdi>
        </div>
      ),
    },
    // Addresses come only to holders of users.edit (the API and the loader leave them out for others).
    ...(can.editUser
      ? [
          {
            id: 'email',
            header: t('recovery.users.email'),
            cell: (user: UserListItem) => <EmailState email={user.email} pending={user.pendingEmail} />,
          },
        ]
      : []),
    { id: 'roles', header: t('users.columns.roles'), cell: (user) => <RoleChips ids={user.roles} roles={roles} /> },
    {
      id: 'status',
      header: t('users.columns.status'),
      cell: (user) =>
        user.disabledAt ? (
          <Badge tone="error">{t('users.status.disabled')}</Badge>
        ) : (
          <Badge tone="success">{t('users.status.active')}</Badge>
        ),
    },
    {
      id: 'createdAt',
      header: t('users.columns.joined'),
      // Phones leave the join date out, so the actions come closer.
      wideOnly: true,
      cell: (user) => (
        <time dateTime={new Date(user.createdAt).toISOString()} className="whitespace-nowrap">
          {clock.time(user.createdAt, 'date')}
        </time>
      ),
    },
    {
      id: 'actions',
      header: t('users.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (user) => {
        const self = user.id === me.id;
        if (!self && !mayGrantRoles(me, roles, user.roles)) {
          const why = t(crossesOwnerLine(me, user.roles) ? 'users.lockedOwner' : 'users.lockedUser');
          return (
            <span className="flex justify-end" title={why}>
              <Lock aria-hidden className="size-4 text-fg-muted" />
              <span className="sr-only">{why}</span>
            </span>
          );
        }
        return (
          <div className="flex justify-end gap-2">
            {can.editUser ? <UserRolesDialog user={user} roles={roles} me={me} /> : null}
            {can.editUser && !user.disabledAt ? <ResetLinkDialog user={user} /> : null}
            {can.editUser ? <ResetFactorsButton user={user} /> : null}
            {can.editUser ? <UserEmailDialog user={user} /> : null}
            {can.editUser && !self ? <DisableUserButton user={user} /> : null}
            {can.deleteUser && !self ? <DeleteUserButton user={user} /> : null}
          </div>
        );
      },
    },
  ];
  return (
    <DataTable
      label={t('users.tabs.all')}
      columns={columns}
      rows={items}
      rowKey={(user) => user.id}
      phone="cards"
      rowData={(user) => ({ 'data-user': user.username })}
      empty={empty}
      loading={loading}
      pagination={pagination}
    />
  );
}

/** An account's address and its state: confirmed, a new one waiting for its link (an invitation's too), or none. */
function EmailState({ email, pending }: { email?: string | null; pending?: string | null }) {
  const { t } = useTranslation();
  if (!email && !pending) return <span className="text-sm text-fg-muted">{t('recovery.users.none')}</span>;
  return (
    <div className="min-w-40 space-y-1 text-sm">
      {email ? (
        <div className="flex flex-wrap items-center gap-2" data-testid="user-email">
          <bdi dir="ltr" className="break-all">
            {email}
          </bdi>
          <Badge tone="success">{t('recovery.users.confirmed')}</Badge>
        </div>
      ) : null}
      {pending ? (
        <div className="flex flex-wrap items-center gap-2" data-testid="user-pending-email">
          <bdi dir="ltr" className="break-all text-fg-muted">
            {pending}
          </bdi>
          <Badge tone="warning">{t('recovery.users.waiting')}</Badge>
        </div>
      ) : null}
    </div>
  );
}

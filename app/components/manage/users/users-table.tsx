import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { Lock } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { crossesOwnerLine, type Grantor, mayGrantRoles } from '../../../../common/grants';
import type { RoleListItem, UserListItem } from '../../../../common/schemas/admin';
import { formatDate } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Badge } from '../../ui/badge';
import { ResetLinkDialog } from './reset-link-dialog';
import { RoleChips } from './role-picker';
import { UserEmailDialog } from './user-email-dialog';
import { UserRolesDialog } from './user-roles-dialog';
import { DeleteUserButton, DisableUserButton, ResetFactorsButton } from './user-status-actions';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, UserListItem>();

/** Phones leave the join date out, so the actions come closer. */
const narrow = (columnId: string) => (columnId === 'createdAt' ? 'hidden md:table-cell' : '');

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
}: {
  items: UserListItem[];
  roles: RoleListItem[];
  me: Grantor & { id: string };
  can: UserPowers;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('displayName', {
          header: () => t('users.columns.name'),
          cell: ({ row: { original: user } }) => (
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
              {/* Addresses come only to holders of users.edit (the API leaves them out for others). */}
              {user.email ? (
                <bdi dir="ltr" className="block text-xs text-fg-muted" data-testid="user-email">
                  {user.email}
                </bdi>
              ) : null}
              {user.pendingEmail ? (
                <span className="block text-xs text-fg-muted">
                  {t('recovery.users.pending', { email: `\u2068${user.pendingEmail}\u2069` })}
                </span>
              ) : null}
            </div>
          ),
        }),
        column.accessor('roles', {
          header: () => t('users.columns.roles'),
          cell: ({ getValue }) => <RoleChips ids={getValue()} roles={roles} />,
        }),
        column.accessor('disabledAt', {
          header: () => t('users.columns.status'),
          cell: ({ getValue }) =>
            getValue() ? (
              <Badge tone="error">{t('users.status.disabled')}</Badge>
            ) : (
              <Badge tone="success">{t('users.status.active')}</Badge>
            ),
        }),
        column.accessor('createdAt', {
          header: () => t('users.columns.joined'),
          cell: ({ getValue }) => (
            <time dateTime={new Date(getValue()).toISOString()} className="whitespace-nowrap">
              {formatDate(locale, getValue(), { dateStyle: 'medium' })}
            </time>
          ),
        }),
        column.display({
          id: 'actions',
          header: () => <span className="sr-only">{t('users.columns.actions')}</span>,
          cell: ({ row: { original: user } }) => {
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
        }),
      ]),
    [t, locale, roles, me, can],
  );
  const table = useTable({ features, columns, data: items, getRowId: (user) => user.id });

  return (
    <div className="relative overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-start text-sm">
        <thead className="bg-muted/60">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={`whitespace-nowrap px-3 py-2 text-start font-semibold ${narrow(header.column.id)}`}
                >
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-user={row.original.username} className="border-t border-border align-middle hover:bg-muted/30">
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className={`px-3 py-2 ${narrow(cell.column.id)}`}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { Lock, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Grantor, missingPermissions } from '../../../../common/grants';
import { paths } from '../../../../common/paths';
import { allPermissions, OWNER_ROLE } from '../../../../common/permissions';
import { MEMBER_ROLE, type RoleListItem } from '../../../../common/schemas/admin';
import { api } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useMutation } from '../../../lib/mutation';
import { useRootData } from '../../../lib/root-data';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog, Dialog, DialogClose, DialogContent } from '../../ui/dialog';
import { type DataColumn, DataTable } from '../data-table';
import { isolate } from './isolate';
import { OwnerRoleDialog, RoleDialog } from './role-dialog';
import { roleDescription, roleLabel } from './role-picker';

export type RolePowers = { editRole: boolean; deleteRole: boolean };

/** `/manage/users/all?role=…`: the holders of a role. */
const holdersPath = (locale: Parameters<typeof paths.manage>[0], role: string) =>
  `${paths.manage(locale, 'users/all')}?${new URLSearchParams({ role })}`;

/**
 * The roles: name and description, how many permissions, how many users hold it (a link to
 * them), and edit / delete. The owner role is locked; a role granting more than the signed-in
 * user holds shows a lock (the API refuses changing it).
 */
export function RolesTable({ roles, me, can }: { roles: RoleListItem[]; me: Grantor; can: RolePowers }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const columns: DataColumn<RoleListItem>[] = [
    {
      id: 'name',
      header: t('users.roles.columns.name'),
      className: 'min-w-48',
      cell: (role) => (
        <span>
          <span className="font-medium" dir="auto">
            {roleLabel(role, t)}
          </span>
          {role.id === OWNER_ROLE ? (
            <span className="ms-2">
              <Badge tone="success">{t('users.roles.locked')}</Badge>
            </span>
          ) : null}
          <span dir="auto" className="block text-xs text-fg-muted">
            {role.id === OWNER_ROLE ? t('users.roles.lockedHint') : roleDescription(role, t)}
          </span>
        </span>
      ),
    },
    {
      id: 'permissions',
      header: t('users.roles.columns.permissions'),
      className: 'whitespace-nowrap',
      cell: (role) =>
        t('users.roles.permissionCount', {
          count: formatNumber(locale, role.id === OWNER_ROLE ? allPermissions.length : role.permissions.length),
          total: formatNumber(locale, allPermissions.length),
        }),
    },
    {
      id: 'users',
      header: t('users.roles.columns.users'),
      className: 'whitespace-nowrap',
      cell: (role) =>
        role.users ? (
          <Link to={holdersPath(locale, role.id)} className="text-primary-strong hover:underline">
            {formatNumber(locale, role.users)}
          </Link>
        ) : (
          <span className="text-fg-muted">{t('users.roles.noHolders')}</span>
        ),
    },
    {
      id: 'actions',
      header: t('users.roles.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (role) => (
        <div className="flex justify-end gap-2">
          {role.id === OWNER_ROLE ? (
            <OwnerRoleDialog role={role} me={me} />
          ) : missingPermissions(me, role.permissions).length > 0 ? (
            <span title={t('users.beyondYou')} className="flex items-center">
              <Lock aria-hidden className="size-4 text-fg-muted" />
              <span className="sr-only">{t('users.beyondYou')}</span>
            </span>
          ) : (
            <>
              {can.editRole ? <RoleDialog role={role} me={me} /> : null}
              {can.deleteRole && role.id !== MEMBER_ROLE ? <DeleteRoleButton role={role} /> : null}
            </>
          )}
        </div>
      ),
    },
  ];
  return (
    <DataTable
      label={t('users.tabs.roles')}
      columns={columns}
      rows={roles}
      rowKey={(role) => role.id}
      phone="cards"
      rowData={(role) => ({ 'data-role': role.id })}
      empty={null}
    />
  );
}

/**
 * Delete a role: asks first; a role someone holds is not deleted (like WordPress, nobody is left
 * without a role behind their back), so the dialog says how many hold it and links to them.
 */
function DeleteRoleButton({ role }: { role: RoleListItem }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    call: () => api.roles.delete({ params: { id: role.id }, locale }),
    done: () => setOpen(false),
    success: { title: t('users.roles.delete.success'), description: role.name, color: 'success' },
    failure: { title: t('users.failed'), fallback: t('users.error') },
  });

  const trigger = (
    <Button variant="outline" size="sm" title={t('users.roles.delete.open')} onClick={() => setOpen(true)}>
      <Trash2 aria-hidden className="size-4" />
      <span className="sr-only">{t('users.roles.delete.open')}</span>
    </Button>
  );
  if (role.users)
    return (
      <>
        {trigger}
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent
            title={t('users.roles.delete.inUseTitle', { name: isolate(role.name) })}
            description={t('users.roles.delete.inUse', { count: formatNumber(locale, role.users) })}
          >
            <div className="flex flex-wrap justify-end gap-2">
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  {t('users.close')}
                </Button>
              </DialogClose>
              <Button asChild>
                <Link to={holdersPath(locale, role.id)}>{t('users.roles.delete.showHolders')}</Link>
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      </>
    );
  return (
    <>
      {trigger}
      <ConfirmDialog
        variant="danger"
        open={open}
        onOpenChange={setOpen}
        title={t('users.roles.delete.title', { name: isolate(role.name) })}
        description={t('users.roles.delete.description')}
        confirmLabel={t('users.roles.delete.confirm')}
        cancelLabel={t('users.cancel')}
        onConfirm={remove.run}
        busy={remove.busy}
      />
    </>
  );
}

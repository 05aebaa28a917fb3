import { ShieldCheck } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Grantor } from '../../../../common/grants';
import { type RoleListItem, type UserListItem, userRolesSchema } from '../../../../common/schemas/admin';
import { api } from '../../../lib/api-client';
import { useRootData } from '../../../lib/root-data';
import { isolate } from './isolate';
import { RolePicker } from './role-picker';
import { UserPartDialog } from './user-part-dialog';

type RolesForm = z.infer<typeof userRolesSchema>;

/** Assign roles: replaces the account's roles with the ticked ones (`PUT /api/users/{id}/roles`). */
export function UserRolesDialog({ user, roles, me }: { user: UserListItem; roles: RoleListItem[]; me: Grantor }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  return (
    <UserPartDialog<RolesForm>
      user={user}
      send={(body) => api.users.setRoles({ params: { id: user.id }, body, locale })}
      schema={userRolesSchema}
      values={{ roles: user.roles }}
      trigger={
        <>
          <ShieldCheck aria-hidden className="size-4" />
          <span className="sr-only sm:not-sr-only">{t('users.rolesDialog.open')}</span>
        </>
      }
      title={t('users.rolesDialog.title', { name: isolate(user.displayName) })}
      description={t('users.rolesDialog.description')}
      submitLabel={t('users.rolesDialog.submit')}
      success={t('users.rolesDialog.success')}
    >
      {(form) => (
        <Controller
          control={form.control}
          name="roles"
          render={({ field }) => (
            <RolePicker roles={roles} value={field.value} onChange={field.onChange} me={me} legend={t('users.fields.roles')} />
          )}
        />
      )}
    </UserPartDialog>
  );
}

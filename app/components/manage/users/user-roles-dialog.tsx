import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import type { Grantor } from '../../../../common/grants';
import { type RoleListItem, type UserListItem, userRolesSchema } from '../../../../common/schemas/admin';
import { api } from '../../../lib/api-client';
import { FORM_VALIDATION } from '../../../lib/form-validation';
import { useRootData } from '../../../lib/root-data';
import { FormDialog } from '../../ui/form-dialog';
import { toast } from '../../ui/toast';
import { isolate } from './isolate';
import { RolePicker } from './role-picker';

type RolesForm = z.infer<typeof userRolesSchema>;

/** Assign roles: replaces the account's roles with the ticked ones (`PUT /api/users/{id}/roles`). */
export function UserRolesDialog({ user, roles, me }: { user: UserListItem; roles: RoleListItem[]; me: Grantor }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  const values: RolesForm = { roles: user.roles };
  const form = useForm<RolesForm>({ resolver: zodResolver(userRolesSchema), ...FORM_VALIDATION, defaultValues: values });

  async function save(body: RolesForm) {
    await api.users.setRoles({ params: { id: user.id }, body, locale });
    toast({ title: t('users.rolesDialog.success'), description: user.displayName, color: 'success' });
    await revalidator.revalidate();
  }

  return (
    <FormDialog
      form={form}
      values={values}
      trigger={
        <>
          <ShieldCheck aria-hidden className="size-4" />
          <span className="sr-only sm:not-sr-only">{t('users.rolesDialog.open')}</span>
        </>
      }
      title={t('users.rolesDialog.title', { name: isolate(user.displayName) })}
      description={t('users.rolesDialog.description')}
      submitLabel={t('users.rolesDialog.submit')}
      cancelLabel={t('users.cancel')}
      failureFallback={t('users.failed')}
      onSubmit={save}
    >
      <Controller
        control={form.control}
        name="roles"
        render={({ field }) => (
          <RolePicker roles={roles} value={field.value} onChange={field.onChange} me={me} legend={t('users.fields.roles')} />
        )}
      />
    </FormDialog>
  );
}

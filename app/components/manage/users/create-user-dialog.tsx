import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { Grantor } from '../../../../common/grants';
import { type CreateUserForm, createUserFormSchema, MEMBER_ROLE, type RoleListItem } from '../../../../common/schemas/admin';
import { api } from '../../../lib/api-client';
import { FORM_VALIDATION } from '../../../lib/form-validation';
import { useRootData } from '../../../lib/root-data';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { NewPasswordFields } from '../../ui/password-field';
import { toast } from '../../ui/toast';
import { RolePicker } from './role-picker';

/** "New user": names, user name, password (typed twice, checked for strength by the server) and roles. */
export function CreateUserDialog({ roles, me }: { roles: RoleListItem[]; me: Grantor }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  const values: CreateUserForm = {
    firstName: '',
    lastName: '',
    userName: '',
    password: '',
    confirmPassword: '',
    roles: roles.some((r) => r.id === MEMBER_ROLE) ? [MEMBER_ROLE] : [],
  };
  const form = useForm<CreateUserForm>({
    resolver: zodResolver(createUserFormSchema),
    ...FORM_VALIDATION,
    defaultValues: values,
  });

  async function create({ confirmPassword: _, ...body }: CreateUserForm) {
    await api.users.create({ body, locale });
    toast({ title: t('users.create.success'), description: body.userName, color: 'success' });
    await revalidator.revalidate();
  }

  return (
    <FormDialog
      form={form}
      values={values}
      trigger={
        <>
          <UserPlus aria-hidden className="size-4" />
          {t('users.create.open')}
        </>
      }
      title={t('users.create.title')}
      description={t('users.create.description')}
      submitLabel={t('users.create.submit')}
      cancelLabel={t('users.cancel')}
      failureFallback={t('users.error')}
      onSubmit={create}
      twoColumns
    >
      <FormField form={form} name="firstName" label={t('users.fields.firstName')} dir="auto" autoComplete="off" />
      <FormField form={form} name="lastName" label={t('users.fields.lastName')} dir="auto" autoComplete="off" />
      <FormField
        form={form}
        name="userName"
        label={t('users.fields.userName')}
        dir="ltr"
        autoComplete="off"
        className="sm:col-span-2"
      />
      <NewPasswordFields form={form} label={t('users.fields.password')} confirmLabel={t('users.fields.confirmPassword')} />
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

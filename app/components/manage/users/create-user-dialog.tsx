import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
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

/**
 * "New user": names, user name and roles, then how the person gets in: an invitation mailed to
 * their address, whose link (24 hours) lets them choose their own password (server/services/
 * invitations.ts), or a password typed here twice to hand over. Inviting needs mail on the site
 * and users.edit (addresses are for its holders); otherwise only the password way is offered.
 */
export function CreateUserDialog({ roles, me, mayInvite }: { roles: RoleListItem[]; me: Grantor; mayInvite: boolean }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  const values: CreateUserForm = {
    firstName: '',
    lastName: '',
    userName: '',
    access: mayInvite ? 'invite' : 'password',
    email: '',
    password: '',
    confirmPassword: '',
    roles: roles.some((r) => r.id === MEMBER_ROLE) ? [MEMBER_ROLE] : [],
  };
  const form = useForm<CreateUserForm>({
    resolver: zodResolver(createUserFormSchema),
    ...FORM_VALIDATION,
    defaultValues: values,
  });
  const access = useWatch({ control: form.control, name: 'access' });

  async function create({ confirmPassword: _, access: how, password, email, ...rest }: CreateUserForm) {
    const invite = how === 'invite';
    const body = invite ? { ...rest, email } : { ...rest, password, ...(email ? { email } : {}) };
    await api.users.create({ body, locale });
    toast(
      invite
        ? {
            title: t('users.create.invited'),
            description: t('users.create.invitedDetail', { email: `\u2068${email}\u2069` }),
            color: 'success',
          }
        : { title: t('users.create.success'), description: rest.userName, color: 'success' },
    );
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
      description={t(mayInvite ? 'users.create.descriptionInvite' : 'users.create.description')}
      submitLabel={t(access === 'invite' ? 'users.create.submitInvite' : 'users.create.submit')}
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
      {mayInvite ? (
        <fieldset className="space-y-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium">{t('users.create.access')}</legend>
          {(['invite', 'password'] as const).map((choice) => (
            <label key={choice} className="flex items-start gap-2 text-sm">
              <input type="radio" value={choice} {...form.register('access')} className="mt-1 accent-primary" />
              <span>
                <span className="font-medium">{t(`users.create.${choice}`)}</span>
                <span className="block text-fg-muted">{t(`users.create.${choice}Hint`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {mayInvite ? (
        <FormField
          form={form}
          name="email"
          type="email"
          label={t(access === 'invite' ? 'users.fields.email' : 'users.fields.emailOptional')}
          dir="ltr"
          autoComplete="off"
          className="sm:col-span-2"
        />
      ) : null}
      {access === 'password' ? (
        <NewPasswordFields form={form} label={t('users.fields.password')} confirmLabel={t('users.fields.confirmPassword')} />
      ) : null}
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

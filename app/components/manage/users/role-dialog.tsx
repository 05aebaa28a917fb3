import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, Pencil, ShieldPlus } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import type { Grantor } from '../../../../common/grants';
import { allPermissions } from '../../../../common/permissions';
import { createRoleSchema, type RoleListItem } from '../../../../common/schemas/admin';
import { api } from '../../../lib/api-client';
import { FORM_VALIDATION } from '../../../lib/form-validation';
import { useRootData } from '../../../lib/root-data';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { toast } from '../../ui/toast';
import { isolate } from './isolate';
import { PermissionGrid } from './permission-grid';
import { roleDescription, roleLabel } from './role-picker';

type RoleForm = z.input<typeof createRoleSchema>;

/**
 * Create a role, or edit one (`role` given): name (fixed once created, it is the role's id),
 * description and permissions. The server refuses permissions the editor does not hold.
 */
export function RoleDialog({ role, me }: { role?: RoleListItem; me: Grantor }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  // A built-in role still described as installed shows its description in the page's language, and
  // keeps it as installed when saved unchanged, so it goes on reading in each language.
  const shownDescription = role ? roleDescription(role, t) : '';
  const values: RoleForm = { name: role?.name ?? '', description: shownDescription, permissions: role?.permissions ?? [] };
  const form = useForm<RoleForm>({ resolver: zodResolver(createRoleSchema), ...FORM_VALIDATION, defaultValues: values });
  const mode = role ? 'edit' : 'create';

  async function save({ name, description, permissions }: RoleForm) {
    if (role)
      await api.roles.update({
        params: { id: role.id },
        body: { description: description === shownDescription ? role.description : description, permissions },
        locale,
      });
    else await api.roles.create({ body: { name, description, permissions }, locale });
    toast({ title: t(`users.roles.${mode}.success`), description: name, color: 'success' });
    await revalidator.revalidate();
  }

  return (
    <FormDialog
      form={form}
      values={values}
      trigger={
        role ? (
          <>
            <Pencil aria-hidden className="size-4" />
            <span className="sr-only sm:not-sr-only">{t('users.roles.edit.open')}</span>
          </>
        ) : (
          <>
            <ShieldPlus aria-hidden className="size-4" />
            {t('users.roles.create.open')}
          </>
        )
      }
      title={role ? t('users.roles.edit.title', { name: isolate(roleLabel(role, t)) }) : t('users.roles.create.title')}
      description={t(`users.roles.${mode}.description`)}
      submitLabel={t(`users.roles.${mode}.submit`)}
      cancelLabel={t('users.cancel')}
      failureFallback={t('users.failed')}
      onSubmit={save}
      twoColumns
    >
      {role ? (
        <Field
          label={t('users.roles.fields.name')}
          value={roleLabel(role, t)}
          hint={roleLabel(role, t) === role.name ? undefined : t('users.roles.fields.builtInName', { id: isolate(role.name) })}
          readOnly
          disabled
          dir="auto"
          className="sm:col-span-2"
        />
      ) : (
        <FormField
          form={form}
          name="name"
          label={t('users.roles.fields.name')}
          hint={t('users.roles.fields.nameHint')}
          dir="ltr"
          autoComplete="off"
          className="sm:col-span-2"
        />
      )}
      <FormField
        form={form}
        name="description"
        label={t('users.roles.fields.description')}
        dir="auto"
        multiline
        className="sm:col-span-2"
      />
      <Controller
        control={form.control}
        name="permissions"
        render={({ field }) => (
          <PermissionGrid value={field.value} onChange={field.onChange} me={me} legend={t('users.roles.fields.permissions')} />
        )}
      />
    </FormDialog>
  );
}

/** The owner role, shown as it is: every permission, nothing to change. */
export function OwnerRoleDialog({ role, me }: { role: RoleListItem; me: Grantor }) {
  const { t } = useTranslation();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Eye aria-hidden className="size-4" />
          <span className="sr-only sm:not-sr-only">{t('users.roles.view')}</span>
        </Button>
      </DialogTrigger>
      <DialogContent title={t('users.roles.viewTitle', { name: isolate(roleLabel(role, t)) })}>
        <div className="grid gap-4">
          <Alert tone="info" title={t('users.roles.lockedHint')} />
          <PermissionGrid value={allPermissions} me={me} readOnly legend={t('users.roles.fields.permissions')} />
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('users.close')}
              </Button>
            </DialogClose>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { type EmailChange, emailChangeSchema } from '../../../../common/schemas/account';
import type { UserListItem } from '../../../../common/schemas/admin';
import { api } from '../../../lib/api-client';
import { FORM_VALIDATION } from '../../../lib/form-validation';
import { useRootData } from '../../../lib/root-data';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { toast } from '../../ui/toast';
import { isolate } from './isolate';

/**
 * An account's e-mail address (`PUT /api/users/{id}/email`, users.edit and the owner line): a new
 * address is used once its owner opens the link mailed to it; empty removes the address.
 */
export function UserEmailDialog({ user }: { user: UserListItem }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  const values: EmailChange = { email: user.pendingEmail ?? user.email ?? '' };
  const form = useForm<EmailChange>({ resolver: zodResolver(emailChangeSchema), ...FORM_VALIDATION, defaultValues: values });

  async function save(body: EmailChange) {
    await api.users.setEmail({
      params: { id: user.id },
      body: { email: body.email ?? '' },
      locale,
    });
    toast({ title: t('recovery.users.saved'), description: user.displayName, color: 'success' });
    await revalidator.revalidate();
  }

  return (
    <FormDialog
      form={form}
      values={values}
      trigger={
        <>
          <Mail aria-hidden className="size-4" />
          <span className="sr-only">{t('recovery.users.edit')}</span>
        </>
      }
      title={t('recovery.users.dialogTitle', { name: isolate(user.displayName) })}
      description={t('recovery.users.dialogIntro')}
      submitLabel={t('recovery.users.save')}
      cancelLabel={t('users.cancel')}
      failureFallback={t('users.failed')}
      onSubmit={save}
    >
      <FormField form={form} name="email" label={t('recovery.users.email')} type="email" autoComplete="off" dir="ltr" />
    </FormDialog>
  );
}

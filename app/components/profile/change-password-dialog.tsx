import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { type PasswordChange, passwordChangeSchema } from '../../../common/schemas/account';
import { api } from '../../lib/api-client';
import { FORM_VALIDATION } from '../../lib/form-validation';
import { useRootData } from '../../lib/root-data';
import { FormDialog } from '../ui/form-dialog';
import { NewPasswordFields, PasswordField } from '../ui/password-field';
import { toast } from '../ui/toast';

const empty: PasswordChange = { currentPassword: '', password: '', confirmPassword: '' };

/** "Change Password": the current password is required; the server signs out every other session. */
export function ChangePasswordDialog({ username }: { username: string }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  const form = useForm<PasswordChange>({ resolver: zodResolver(passwordChangeSchema), ...FORM_VALIDATION, defaultValues: empty });

  async function change(values: PasswordChange) {
    await api.profile.changePassword({ body: values, locale });
    form.reset(empty);
    toast({ title: t('profile.password.success'), description: t('profile.password.successDescription'), color: 'success' });
    await revalidator.revalidate();
  }

  return (
    <FormDialog
      form={form}
      values={empty}
      trigger={
        <>
          <KeyRound aria-hidden className="size-4" />
          {t('profile.password.open')}
        </>
      }
      title={t('profile.password.title')}
      description={t('profile.password.description')}
      submitLabel={t('profile.password.submit')}
      cancelLabel={t('profile.password.cancel')}
      failureFallback={t('profile.error')}
      onSubmit={change}
    >
      {/* Lets password managers match the change to the account. */}
      <input type="text" name="username" autoComplete="username" value={username} hidden readOnly />
      <PasswordField form={form} name="currentPassword" label={t('profile.password.current')} purpose="current" />
      <NewPasswordFields form={form} label={t('profile.password.new')} confirmLabel={t('profile.password.confirm')} />
    </FormDialog>
  );
}

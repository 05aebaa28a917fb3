import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { type ProfileUpdate, profileUpdateSchema } from '../../../common/schemas/account';
import { api } from '../../lib/api-client';
import { FORM_VALIDATION } from '../../lib/form-validation';
import { useRootData } from '../../lib/root-data';
import { useSession } from '../../lib/session';
import { FormDialog } from '../ui/form-dialog';
import { FormField } from '../ui/form-field';
import { toast } from '../ui/toast';

/** "Update Profile": first and last name and about, checked by the shared schema on both sides. */
export function UpdateProfileDialog({ user }: { user: ProfileUpdate }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  const { refresh } = useSession();
  const form = useForm<ProfileUpdate>({ resolver: zodResolver(profileUpdateSchema), ...FORM_VALIDATION, defaultValues: user });

  async function update(values: ProfileUpdate) {
    await api.profile.update({ body: values, locale });
    toast({ title: t('profile.update.success'), description: t('profile.update.successDescription'), color: 'success' });
    // The page and the header's session show the new name.
    await Promise.all([revalidator.revalidate(), refresh()]);
  }

  return (
    <FormDialog
      form={form}
      values={user}
      trigger={
        <>
          <Pencil aria-hidden className="size-4" />
          {t('profile.update.open')}
        </>
      }
      title={t('profile.update.title')}
      description={t('profile.update.description')}
      submitLabel={t('profile.update.submit')}
      cancelLabel={t('profile.update.cancel')}
      failureFallback={t('profile.error')}
      onSubmit={update}
      twoColumns
    >
      <FormField form={form} name="firstName" required label={t('account.firstName')} autoComplete="given-name" />
      <FormField form={form} name="lastName" required label={t('account.lastName')} autoComplete="family-name" />
      <FormField form={form} name="about" label={t('account.about')} multiline className="sm:col-span-2" />
    </FormDialog>
  );
}

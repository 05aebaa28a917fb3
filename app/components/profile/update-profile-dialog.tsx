import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { type ProfileUpdate, profileUpdateSchema } from '../../../common/schemas/account';
import { apiFetch } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import { useRootData } from '../../lib/root-data';
import { useSession } from '../../lib/session';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../ui/dialog';
import { FormField } from '../ui/form-field';
import { toast } from '../ui/toast';

/** "Update Profile": first and last name and about, checked by the shared schema on both sides. */
export function UpdateProfileDialog({ user }: { user: ProfileUpdate }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { refresh } = useSession();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  const form = useForm<ProfileUpdate>({ resolver: zodResolver(profileUpdateSchema), mode: 'onTouched', defaultValues: user });
  const { isSubmitting } = form.formState;
  // Schema messages are keys; the server's are already in the page's language.

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await apiFetch('/api/profile', { method: 'PATCH', body: values, locale });
      setOpen(false);
      toast({ title: t('profile.update.success'), description: t('profile.update.successDescription'), color: 'success' });
      // The page and the header's session show the new name.
      await Promise.all([revalidator.revalidate(), refresh()]);
    } catch (error) {
      setFailure(applyServerErrors(form, error, t('profile.error')));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          form.reset(user);
          setFailure(undefined);
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Pencil aria-hidden className="size-4" />
          {t('profile.update.open')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('profile.update.title')} description={t('profile.update.description')}>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-busy={isSubmitting}>
          {failure ? (
            <div className="sm:col-span-2">
              <Alert tone="error" title={failure} />
            </div>
          ) : null}
          <FormField form={form} name="firstName" label={t('account.firstName')} autoComplete="given-name" />
          <FormField form={form} name="lastName" label={t('account.lastName')} autoComplete="family-name" />
          <FormField form={form} name="about" label={t('account.about')} multiline className="sm:col-span-2" />
          <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('profile.update.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              {t('profile.update.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

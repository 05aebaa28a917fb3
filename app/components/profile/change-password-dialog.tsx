import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { type PasswordChange, passwordChangeSchema } from '../../../common/schemas/account';
import { apiFetch } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import { useRootData } from '../../lib/root-data';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../ui/dialog';
import { FormField } from '../ui/form-field';
import { toast } from '../ui/toast';

const empty: PasswordChange = { currentPassword: '', password: '', confirmPassword: '' };

/** "Change Password": the current password is required; the server signs out every other session. */
export function ChangePasswordDialog({ username }: { username: string }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  const form = useForm<PasswordChange>({ resolver: zodResolver(passwordChangeSchema), mode: 'onTouched', defaultValues: empty });
  const { isSubmitting } = form.formState;
  // Schema messages are keys; the server's are already in the page's language.

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await apiFetch('/api/profile/password', { method: 'POST', body: values, locale });
      setOpen(false);
      form.reset(empty);
      toast({ title: t('profile.password.success'), description: t('profile.password.successDescription'), color: 'success' });
      await revalidator.revalidate();
    } catch (error) {
      setFailure(applyServerErrors(form, error, t('profile.error')));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          form.reset(empty);
          setFailure(undefined);
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <KeyRound aria-hidden className="size-4" />
          {t('profile.password.open')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('profile.password.title')} description={t('profile.password.description')}>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-busy={isSubmitting}>
          {failure ? <Alert tone="error" title={failure} /> : null}
          {/* Lets password managers match the change to the account. */}
          <input type="text" name="username" autoComplete="username" value={username} hidden readOnly />
          <FormField
            form={form}
            name="currentPassword"
            label={t('profile.password.current')}
            type="password"
            autoComplete="current-password"
            dir="ltr"
          />
          <FormField
            form={form}
            name="password"
            label={t('profile.password.new')}
            type="password"
            autoComplete="new-password"
            dir="ltr"
          />
          <FormField
            form={form}
            name="confirmPassword"
            label={t('profile.password.confirm')}
            type="password"
            autoComplete="new-password"
            dir="ltr"
          />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('profile.password.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              {t('profile.password.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type AdminForm as AdminFormValues, adminFormSchema } from '../../../common/schemas/account';
import { ApiRequestError } from '../../lib/api';
import { Button } from '../ui/button';
import { Field } from '../ui/field';

export type AdminSubmit = (values: AdminFormValues) => Promise<void>;

/**
 * The admin form (spec §5): the shared zod schema validates on blur and, once a field was
 * touched, on every change; server-side field errors land on their fields.
 */
export function AdminForm({ onSubmit, disabled }: { onSubmit: AdminSubmit; disabled: boolean }) {
  const { t } = useTranslation();
  const form = useForm<AdminFormValues>({
    resolver: zodResolver(adminFormSchema),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', about: '', userName: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const message = (key?: string) => (key ? t(key) : undefined);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        for (const issue of error.failure.data?.issues ?? []) {
          const field = issue.path[0];
          if (typeof field === 'string' && field in values)
            form.setError(field as keyof AdminFormValues, { message: issue.message });
        }
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-busy={isSubmitting}>
      <Field
        label={t('installer.admin.firstName')}
        autoComplete="given-name"
        error={message(errors.firstName?.message)}
        {...form.register('firstName')}
      />
      <Field
        label={t('installer.admin.lastName')}
        autoComplete="family-name"
        error={message(errors.lastName?.message)}
        {...form.register('lastName')}
      />
      <Field
        label={t('installer.admin.about')}
        multiline
        className="sm:col-span-2"
        error={message(errors.about?.message)}
        {...form.register('about')}
      />
      <Field
        label={t('installer.admin.userName')}
        autoComplete="username"
        dir="ltr"
        className="sm:col-span-2"
        error={message(errors.userName?.message)}
        {...form.register('userName')}
      />
      <Field
        label={t('installer.admin.password')}
        type="password"
        autoComplete="new-password"
        dir="ltr"
        error={message(errors.password?.message)}
        {...form.register('password')}
      />
      <Field
        label={t('installer.admin.confirmPassword')}
        type="password"
        autoComplete="new-password"
        dir="ltr"
        error={message(errors.confirmPassword?.message)}
        {...form.register('confirmPassword')}
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={disabled || isSubmitting}>
          {isSubmitting ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {t('installer.buttons.createAdmin')}
        </Button>
      </div>
    </form>
  );
}

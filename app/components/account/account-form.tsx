import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type AdminForm as AdminFormValues, adminFormSchema } from '../../../common/schemas/account';
import { applyServerErrors } from '../../lib/form-errors';
import { Button } from '../ui/button';
import { Field } from '../ui/field';

export type AccountSubmit = (values: AdminFormValues) => Promise<void>;

/**
 * The account form of the installer's admin step and of registration (spec §5): the shared zod
 * schema validates on blur and, once a field was touched, on every change; server-side field
 * errors land on their fields.
 */
export function AccountForm({
  onSubmit,
  submitLabel,
  disabled = false,
  children,
}: {
  onSubmit: AccountSubmit;
  submitLabel: string;
  disabled?: boolean;
  /** Extra content above the submit button (e.g. the CAPTCHA widget). */
  children?: ReactNode;
}) {
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
      // The caller already told the user (a toast, spec §8); field issues also mark their fields.
      applyServerErrors(form, error, '');
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-busy={isSubmitting}>
      <Field
        label={t('account.firstName')}
        autoComplete="given-name"
        error={message(errors.firstName?.message)}
        {...form.register('firstName')}
      />
      <Field
        label={t('account.lastName')}
        autoComplete="family-name"
        error={message(errors.lastName?.message)}
        {...form.register('lastName')}
      />
      <Field
        label={t('account.about')}
        multiline
        className="sm:col-span-2"
        error={message(errors.about?.message)}
        {...form.register('about')}
      />
      <Field
        label={t('account.userName')}
        autoComplete="username"
        dir="ltr"
        className="sm:col-span-2"
        error={message(errors.userName?.message)}
        {...form.register('userName')}
      />
      <Field
        label={t('account.password')}
        type="password"
        autoComplete="new-password"
        dir="ltr"
        error={message(errors.password?.message)}
        {...form.register('password')}
      />
      <Field
        label={t('account.confirmPassword')}
        type="password"
        autoComplete="new-password"
        dir="ltr"
        error={message(errors.confirmPassword?.message)}
        {...form.register('confirmPassword')}
      />
      {children ? <div className="sm:col-span-2">{children}</div> : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={disabled || isSubmitting}>
          {isSubmitting ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

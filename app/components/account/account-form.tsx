import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type AccountFormValues, accountFormSchema } from '../../../common/schemas/account';
import { applyServerErrors } from '../../lib/form-errors';
import { FORM_VALIDATION } from '../../lib/form-validation';
import { useKeepTyped } from '../../lib/keep-typed';
import { Button } from '../ui/button';
import { FormField } from '../ui/form-field';
import { NewPasswordFields } from '../ui/password-field';

export type AccountSubmit = (values: AccountFormValues) => Promise<void>;

/**
 * The account form of the installer's admin step and of registration (docs/spec.md §5): the shared zod
 * schema validates on blur and, once a field was touched, on every change; server-side field
 * errors land on their fields.
 */
export function AccountForm({
  onSubmit,
  submitLabel,
  disabled = false,
  emailConfirmed = false,
  children,
}: {
  onSubmit: AccountSubmit;
  submitLabel: string;
  disabled?: boolean;
  /**
   * The address is taken as confirmed (the installer's owner: the operator's own word, and no mail
   * may be configured yet), so the hint promises no confirmation link.
   */
  emailConfirmed?: boolean;
  /** Extra content above the submit button (e.g. the CAPTCHA widget). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const form = useForm<AccountFormValues>({
    resolver: zodResolver(accountFormSchema),
    ...FORM_VALIDATION,
    defaultValues: { firstName: '', lastName: '', about: '', userName: '', email: '', password: '', confirmPassword: '' },
  });
  const kept = useKeepTyped(form);
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      // The caller already told the user (a toast, docs/spec.md §8); field issues also mark their fields.
      applyServerErrors(form, error, '');
    }
  });

  return (
    <form id={kept.id} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-busy={isSubmitting}>
      <FormField form={form} name="firstName" required label={t('account.firstName')} autoComplete="given-name" />
      <FormField form={form} name="lastName" required label={t('account.lastName')} autoComplete="family-name" />
      <FormField form={form} name="about" label={t('account.about')} multiline className="sm:col-span-2" />
      <FormField
        form={form}
        name="userName"
        required
        label={t('account.userName')}
        autoComplete="username"
        dir="ltr"
        className="sm:col-span-2"
      />
      <FormField
        form={form}
        name="email"
        label={t('recovery.email')}
        hint={t(emailConfirmed ? 'recovery.emailHintConfirmed' : 'recovery.emailHint')}
        type="email"
        autoComplete="email"
        dir="ltr"
        className="sm:col-span-2"
      />
      <NewPasswordFields form={form} required label={t('account.password')} confirmLabel={t('account.confirmPassword')} />
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

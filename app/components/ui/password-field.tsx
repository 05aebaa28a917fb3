import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from './form-field';
import { Tip } from './icon-button';

type Purpose = 'current' | 'new';

/**
 * The one password input (docs/spec.md §5): a form field written left to right, with a show/hide
 * toggle at its end, and the autocomplete password managers expect: `current-password` to sign in
 * or to prove who you are, `new-password` where a password is chosen (they then offer a strong one;
 * the server judges strength and answers with `validation.passwordWeak`).
 */
export function PasswordField<T extends FieldValues>({
  form,
  name,
  label,
  purpose,
  required,
  className,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  purpose: Purpose;
  required?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const toggle = visible ? t('common.hidePassword') : t('common.showPassword');
  return (
    <FormField
      form={form}
      name={name}
      label={label}
      required={required}
      className={className}
      type={visible ? 'text' : 'password'}
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      autoCapitalize="off"
      spellCheck={false}
      dir="ltr"
      action={
        <Tip label={toggle}>
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={toggle}
            aria-pressed={visible}
            className="absolute inset-y-0 end-0 flex items-center px-3 text-fg-muted hover:text-fg"
          >
            {visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
          </button>
        </Tip>
      }
    />
  );
}

/** A new password typed twice (fields `password` and `confirmPassword`; the schema checks they match). */
export function NewPasswordFields<T extends FieldValues & { password: string; confirmPassword: string }>({
  form,
  label,
  confirmLabel,
  required,
}: {
  form: UseFormReturn<T>;
  label: string;
  confirmLabel: string;
  required?: boolean;
}) {
  return (
    <>
      <PasswordField form={form} name={'password' as Path<T>} label={label} purpose="new" required={required} />
      <PasswordField form={form} name={'confirmPassword' as Path<T>} label={confirmLabel} purpose="new" required={required} />
    </>
  );
}

import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, type FieldProps } from './field';

/**
 * A Field bound to a react-hook-form field: registers it and shows its error. Schema messages
 * are message keys (common/messages.ts) and are translated here; server messages arrive already
 * translated and pass through unchanged.
 */
export function FormField<T extends FieldValues>({
  form,
  name,
  ...props
}: Omit<FieldProps, 'error' | 'name' | 'form'> & { form: UseFormReturn<T>; name: Path<T> }) {
  const { t, i18n } = useTranslation();
  const message = form.getFieldState(name, form.formState).error?.message;
  return <Field {...props} error={message && i18n.exists(message) ? t(message) : message} {...form.register(name)} />;
}

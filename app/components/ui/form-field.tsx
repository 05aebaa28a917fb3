import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../../../common/locales';
import { localiseValues, parseMessageRef } from '../../../common/messages';
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
  // A schema message is a key, or a key with values (`validation.tooLong?max=64`).
  const ref = message ? parseMessageRef(message) : undefined;
  const error =
    ref && i18n.exists(ref.key)
      ? t(ref.key, isLocale(i18n.language) ? localiseValues(i18n.language, ref.values) : ref.values)
      : message;
  return <Field {...props} error={error} {...form.register(name)} />;
}

import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../ui/form-field';

/** The page-path field of the create and move dialogs: its words, hint and typing rules in one place. */
export function PagePathField<T extends FieldValues & { path: string }>({
  form,
  className,
}: {
  form: UseFormReturn<T>;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      form={form}
      name={'path' as Path<T>}
      label={t('pages.fields.path')}
      hint={t('pages.fields.pathHint')}
      dir="auto"
      spellCheck={false}
      autoCapitalize="off"
      className={className}
    />
  );
}

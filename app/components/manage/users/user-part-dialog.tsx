import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import type { UserListItem } from '../../../../common/schemas/admin';
import { FORM_VALIDATION } from '../../../lib/form-validation';
import { FormDialog } from '../../ui/form-dialog';
import { toast } from '../../ui/toast';

/**
 * A dialog that changes one part of an account (the e-mail address, the roles): the form, `send`
 * (its API call), then a toast naming the account and the list reloaded.
 */
export function UserPartDialog<T extends FieldValues>({
  user,
  send,
  schema,
  values,
  trigger,
  title,
  description,
  submitLabel,
  success,
  children,
}: {
  user: UserListItem;
  /** Saves the submitted values (the API client's call). */
  send: (submitted: T) => Promise<unknown>;
  schema: z.ZodType<T, T>;
  values: T;
  trigger: ReactNode;
  title: string;
  description: string;
  submitLabel: string;
  /** The toast's title once saved. */
  success: string;
  children: (form: UseFormReturn<T>) => ReactNode;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const form = useForm<T>({
    resolver: zodResolver(schema),
    ...FORM_VALIDATION,
    defaultValues: values as DefaultValues<T>,
  });

  async function save(body: T) {
    await send(body);
    toast({ title: success, description: user.displayName, color: 'success' });
    await revalidator.revalidate();
  }

  return (
    <FormDialog
      form={form}
      values={values as DefaultValues<T>}
      trigger={trigger}
      title={title}
      description={description}
      submitLabel={submitLabel}
      cancelLabel={t('users.cancel')}
      failureFallback={t('users.failed')}
      onSubmit={save}
    >
      {children(form)}
    </FormDialog>
  );
}

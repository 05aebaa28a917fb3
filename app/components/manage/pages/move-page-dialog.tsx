import { zodResolver } from '@hookform/resolvers/zod';
import { FolderInput } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { MovePageRequest, PageListItem, SavedChange } from '../../../../common/authoring';
import { localeNames, locales } from '../../../../common/locales';
import { ApiRequestError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { FORM_VALIDATION } from '../../../lib/form-validation';
import { useRootData } from '../../../lib/root-data';
import { FormDialog } from '../../ui/form-dialog';
import { toast } from '../../ui/toast';
import { type MovePageForm, movePageSchema } from './page-form';
import { pageAddressIsolated } from './page-path';
import { PagePathField } from './page-path-field';
import { SelectField } from './select-field';

/** Move or rename a page (a pending move; once published the old address answers 301 to the new one). */
export function MovePageDialog({ page }: { page: PageListItem }) {
  const { t } = useTranslation();
  const { locale: uiLocale } = useRootData();
  const revalidator = useRevalidator();
  const values: MovePageForm = { locale: page.locale, path: page.path };
  const form = useForm<MovePageForm>({ resolver: zodResolver(movePageSchema), ...FORM_VALIDATION, defaultValues: values });

  async function move(target: MovePageForm) {
    const body: MovePageRequest = { to: `${target.locale}/${target.path}` };
    try {
      await api.pages.move<SavedChange>({
        params: page,
        body,
        locale: uiLocale,
      });
    } catch (error) {
      // The API calls the destination `to`; the form shows it on the path field.
      if (error instanceof ApiRequestError && error.failure.data?.issues)
        throw new ApiRequestError({
          ...error.failure,
          data: {
            issues: error.failure.data.issues.map((issue) => (issue.path[0] === 'to' ? { ...issue, path: ['path'] } : issue)),
          },
        });
      throw error;
    }
    toast({ title: t('pages.move.success'), description: pageAddressIsolated(target), color: 'success' });
    await revalidator.revalidate();
  }

  return (
    <FormDialog
      form={form}
      values={values}
      trigger={
        // Icon-only in the row; the name is read out, and shown on hover.
        <span title={t('pages.move.open')} className="inline-flex">
          <FolderInput aria-hidden className="size-4" />
          <span className="sr-only">{t('pages.move.open')}</span>
        </span>
      }
      title={t('pages.move.title')}
      description={t('pages.move.description', { title: page.title })}
      submitLabel={t('pages.move.submit')}
      cancelLabel={t('pages.cancel')}
      failureFallback={t('pages.error')}
      onSubmit={move}
    >
      <SelectField
        label={t('pages.fields.locale')}
        options={locales.map((value) => ({ value, label: localeNames[value] }))}
        {...form.register('locale')}
      />
      <PagePathField form={form} />
    </FormDialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { FilePlus2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SavedChange, SavePageRequest } from '../../../../common/authoring';
import { type Locale, localeNames, locales } from '../../../../common/locales';
import { api } from '../../../lib/api-client';
import { FORM_VALIDATION } from '../../../lib/form-validation';
import { useRootData } from '../../../lib/root-data';
import { useCategoryName } from '../../content/category-link';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { toast } from '../../ui/toast';
import { type CreatePageForm, createPageSchema, withFormFields } from './page-form';
import { editorPath, pageAddressIsolated } from './page-path';
import { PagePathField } from './page-path-field';
import { SelectField } from './select-field';
import { usePathFromTitle } from './use-path-from-title';

/**
 * "New page": locale, title, a path suggested from the title (until the path is edited by hand)
 * and a category. Creates the page as a pending change (`PUT` with `If-None-Match: *`, so an
 * existing page is never overwritten) and opens it in the editor.
 */
export function CreatePageDialog({ locale, cats }: { locale: Locale; cats: string[] }) {
  const { t } = useTranslation();
  const { locale: uiLocale } = useRootData();
  const navigate = useNavigate();
  const catName = useCategoryName();
  const values: CreatePageForm = { locale, title: '', path: '', cat: '' };
  const form = useForm<CreatePageForm>({ resolver: zodResolver(createPageSchema), ...FORM_VALIDATION, defaultValues: values });

  async function create({ locale: pageLocale, title, path, cat }: CreatePageForm) {
    const body: SavePageRequest = {
      frontMatter: { title, date: new Date().toISOString().slice(0, 10), ...(cat ? { cat } : {}) },
      body: '',
    };
    try {
      await api.pages.save<SavedChange>({
        params: { locale: pageLocale, path },
        body,
        locale: uiLocale,
        headers: { 'if-none-match': '*' },
      });
    } catch (error) {
      throw withFormFields(error);
    }
    toast({ title: t('pages.create.success'), description: pageAddressIsolated({ locale: pageLocale, path }), color: 'success' });
    await navigate(editorPath(uiLocale, { locale: pageLocale, path }));
  }

  usePathFromTitle(form);

  return (
    <FormDialog
      form={form}
      values={values}
      trigger={
        <>
          <FilePlus2 aria-hidden className="size-4" />
          {t('pages.create.open')}
        </>
      }
      title={t('pages.create.title')}
      description={t('pages.create.description')}
      submitLabel={t('pages.create.submit')}
      cancelLabel={t('pages.cancel')}
      failureFallback={t('pages.error')}
      onSubmit={create}
      twoColumns
    >
      <SelectField
        label={t('pages.fields.locale')}
        options={locales.map((value) => ({ value, label: localeNames[value] }))}
        {...form.register('locale')}
      />
      <SelectField
        label={t('pages.fields.category')}
        options={[
          { value: '', label: t('pages.fields.noCategory') },
          ...cats.map((cat) => ({ value: cat, label: catName(cat) })),
        ]}
        {...form.register('cat')}
      />
      <FormField form={form} name="title" label={t('pages.fields.title')} dir="auto" className="sm:col-span-2" />
      <PagePathField form={form} className="sm:col-span-2" />
    </FormDialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  newTranslation,
  type PageDocument,
  type PageListItem,
  type SavedChange,
  type SavePageRequest,
} from '../../../../common/authoring';
import { otherLocale } from '../../../../common/locales';
import { api } from '../../../lib/api-client';
import { FORM_VALIDATION } from '../../../lib/form-validation';
import { useRootData } from '../../../lib/root-data';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { toast } from '../../ui/toast';
import { type CreatePageForm, createPageSchema, withFormFields } from './page-form';
import { editorPath, pageAddressIsolated, suggestTranslationPath } from './page-path';
import { PagePathField } from './page-path-field';
import { usePathFromTitle } from './use-path-from-title';

/**
 * "Translate into …" (docs/content.md "Translations"): the translation's own title and address
 * (suggested from its title in the source's section, until edited by hand). Creates it as a pending page with the source's
 * details but not its words (`newTranslation`: no description, tags or meta title) and `translationKey` — the source's key,
 * or its address — so the two are paired whatever their addresses, then opens it in the editor beside the source (`?from=`).
 */
export function TranslatePageDialog({ page }: { page: PageListItem }) {
  const { t } = useTranslation();
  const { locale: uiLocale } = useRootData();
  const navigate = useNavigate();
  const other = otherLocale(page.locale);
  const values: CreatePageForm = { locale: other, title: '', path: '', cat: page.cat ?? '' };
  const form = useForm<CreatePageForm>({ resolver: zodResolver(createPageSchema), ...FORM_VALIDATION, defaultValues: values });

  async function create({ title, path }: CreatePageForm) {
    try {
      const source = await api.pages.get<PageDocument>({ params: page, locale: uiLocale });
      // Paired by key; a translation at the same address needs none (its address is the key).
      const body: SavePageRequest = {
        frontMatter: newTranslation({ page, frontMatter: source.frontMatter }, path, title),
        body: '',
      };
      await api.pages.save<SavedChange>({
        params: { locale: other, path },
        body,
        locale: uiLocale,
        headers: { 'if-none-match': '*' },
      });
    } catch (error) {
      throw withFormFields(error);
    }
    toast({ title: t('pages.translation.success'), description: pageAddressIsolated({ locale: other, path }), color: 'success' });
    await navigate(editorPath(uiLocale, { locale: other, path }, page));
  }

  // Its own title's slug, in the source's section (`/en/logs/…` for `/fa/logs/…`, D9).
  const suggest = useCallback((title: string) => suggestTranslationPath(title, page.path), [page.path]);
  usePathFromTitle(form, suggest);

  return (
    <FormDialog
      form={form}
      values={values}
      trigger={
        // The short label shows (one line, even beside the row's actions); the whole one is the name.
        <span className="whitespace-nowrap">
          <span aria-hidden>{t('pages.translateShort', { language: t(`overview.languages.${other}`) })}</span>
          <span className="sr-only">{t('pages.translate', { language: t(`overview.languages.${other}`) })}</span>
        </span>
      }
      title={t('pages.translation.title', { language: t(`overview.languages.${other}`) })}
      description={t('pages.translation.description', { language: t(`overview.languages.${other}`), title: page.title })}
      submitLabel={t('pages.translation.submit')}
      cancelLabel={t('pages.cancel')}
      failureFallback={t('pages.error')}
      onSubmit={create}
    >
      <FormField form={form} name="title" label={t('pages.fields.title')} dir={other === 'fa' ? 'rtl' : 'ltr'} lang={other} />
      <PagePathField form={form} />
    </FormDialog>
  );
}

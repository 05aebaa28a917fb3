import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { type RedirectItem, redirectSchema } from '../../../../common/redirects';
import { api } from '../../../lib/api-client';
import { FORM_VALIDATION } from '../../../lib/form-validation';
import { useRootData } from '../../../lib/root-data';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { toast } from '../../ui/toast';

type RedirectForm = { from: string; to: string; status: string };

/**
 * Add a redirect, edit one (`redirect` given), or add one from a path of the 404 log (`from`
 * given). The form checks what one redirect can be checked for (common/redirects.ts); the server
 * adds chains, loops and published pages, and its refusals land on their fields.
 */
export function RedirectDialog({ redirect, from }: { redirect?: RedirectItem; from?: string }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  const values: RedirectForm = {
    from: redirect?.from ?? from ?? '',
    to: redirect?.to ?? '',
    status: String(redirect?.status ?? 301),
  };
  const form = useForm<RedirectForm>({
    // The form holds text; the schema's output (canonical paths, a number) is what is sent.
    resolver: zodResolver(redirectSchema) as never,
    ...FORM_VALIDATION,
    defaultValues: values,
  });
  const mode = redirect ? 'edit' : from ? 'fromLog' : 'create';

  async function save(input: RedirectForm) {
    const body = { from: input.from, to: input.to, status: Number(input.status) };
    if (redirect) await api.redirects.update({ params: { id: redirect.id }, body, locale });
    else await api.redirects.create({ body, locale });
    toast({ title: t(`redirects.${mode}.success`), description: `${input.from} → ${input.to}`, color: 'success' });
    await revalidator.revalidate();
  }

  const trigger =
    mode === 'edit' ? (
      <>
        <Pencil aria-hidden className="size-4" />
        <span>
          {t('redirects.edit.open')}
          <span className="sr-only"> {redirect?.from}</span>
        </span>
      </>
    ) : mode === 'fromLog' ? (
      <>
        <Plus aria-hidden className="size-4" />
        <span>
          {t('redirects.fromLog.open')}
          <span className="sr-only"> {from}</span>
        </span>
      </>
    ) : (
      <>
        <Plus aria-hidden className="size-4" />
        {t('redirects.add')}
      </>
    );

  return (
    <FormDialog
      form={form}
      values={values}
      trigger={trigger}
      title={t(`redirects.${mode}.title`)}
      description={t(`redirects.${mode}.description`)}
      submitLabel={t(`redirects.${mode}.submit`)}
      cancelLabel={t('redirects.cancel')}
      failureFallback={t('redirects.failed')}
      onSubmit={save}
    >
      <FormField
        form={form}
        name="from"
        label={t('redirects.fields.from')}
        hint={t('redirects.fields.fromHint')}
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        placeholder="/fa/old-page"
        required
      />
      <FormField
        form={form}
        name="to"
        label={t('redirects.fields.to')}
        hint={t('redirects.fields.toHint')}
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        placeholder="/fa/new-page"
        required
      />
      <div>
        <label htmlFor="redirect-status" className="mb-1 block text-sm font-medium">
          {t('redirects.fields.status')}
        </label>
        <select
          id="redirect-status"
          aria-describedby="redirect-status-hint"
          {...form.register('status')}
          className="block h-10 w-full rounded-md border border-border bg-surface px-3 text-sm focus:border-secondary focus:outline-none"
        >
          <option value="301">{t('redirects.status.301')}</option>
          <option value="302">{t('redirects.status.302')}</option>
        </select>
        <p id="redirect-status-hint" className="mt-1 text-xs text-fg-muted">
          {t('redirects.fields.statusHint')}
        </p>
      </div>
    </FormDialog>
  );
}

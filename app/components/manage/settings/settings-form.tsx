import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Save, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { siteSettingsSchema } from '../../../../common/schemas/settings';
import type { SiteSettings } from '../../../../common/site-settings';
import { ApiRequestError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { FORM_VALIDATION } from '../../../lib/form-validation';
import { useKeepTyped } from '../../../lib/keep-typed';
import { useRootData } from '../../../lib/root-data';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TimeZonePicker } from '../../ui/time-zone-picker';
import { toast } from '../../ui/toast';
import { LeaveDialog, useLeaveGuard } from '../leave-guard';
import { CategoriesEditor } from './categories-editor';
import { ImageField } from './image-field';
import { MenuEditor } from './menu-editor';
import { applyServerIssues, BilingualField, SettingsSection, useIssueText } from './shared';

type Problem = { message: string; stale?: boolean };

/**
 * The settings form: one `PUT /api/settings` of the whole object, validated first in the browser
 * by the schema the server uses. Saving is possible only once something changed; leaving with
 * unsaved changes asks first. `If-Match` carries the version the form started from, so a save
 * never silently overwrites someone else's.
 */
export function SettingsForm({
  settings,
  version,
  usage,
  canEdit,
  canUpload,
}: {
  settings: SiteSettings;
  version: number;
  usage: Record<string, number>;
  canEdit: boolean;
  canUpload: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  const form = useForm<SiteSettings>({ resolver: zodResolver(siteSettingsSchema), ...FORM_VALIDATION, defaultValues: settings });
  // Text typed before the page's script took over stays (typed «دفتر» was merged into «دفتر سارا»).
  const kept = useKeepTyped(form);
  const { isDirty, isSubmitting } = form.formState;
  const indexable = useWatch({ control: form.control, name: 'indexable' });
  const persianDigits = useWatch({ control: form.control, name: 'persianDigits' });
  const issueText = useIssueText();
  const [problem, setProblem] = useState<Problem | undefined>();
  const dirty = canEdit && isDirty;

  // Leaving: the browser asks on reload or close, the router asks on a link inside the site.
  const blocker = useLeaveGuard(dirty);

  async function save(values: SiteSettings) {
    setProblem(undefined);
    try {
      await api.settings.save<SiteSettings>({
        body: values,
        locale,
        headers: { 'if-match': `"${version}"` },
      });
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      const placed = applyServerIssues(form, error);
      const { statusCode, message } = error.failure;
      setProblem({ message: placed ? t('settings.fixFields') : message || t('settings.failed'), stale: statusCode === 412 });
      toast({ title: t('settings.failed'), description: placed ? t('settings.fixFields') : message, color: 'error' });
      return;
    }
    form.reset(values);
    toast({ title: t('settings.saved'), description: t('settings.savedDetail'), color: 'success' });
    // The site's shell (name, menu, footer) and the new version come from the loaders.
    await revalidator.revalidate();
  }

  return (
    <form
      id={kept.id}
      noValidate
      onSubmit={form.handleSubmit(save, () => setProblem({ message: t('settings.fixFields') }))}
      aria-busy={isSubmitting}
    >
      <div className="space-y-6">
        {canEdit ? null : <Alert tone="info" title={t('settings.readOnly')} />}
        {problem ? (
          <Alert tone="error" title={t('settings.failed')}>
            <p>{problem.message}</p>
            {problem.stale ? (
              <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => window.location.reload()}>
                {t('settings.reload')}
              </Button>
            ) : null}
          </Alert>
        ) : null}

        {/* A disabled fieldset makes every control read-only for readers without settings.edit. */}
        <fieldset disabled={!canEdit} className="min-w-0 space-y-6">
          <SettingsSection
            id="settings-identity"
            title={t('settings.sections.identity')}
            hint={t('settings.sections.identityHint')}
          >
            <div className="space-y-5">
              <BilingualField form={form} name="siteName" label={t('settings.fields.siteName')} />
              <BilingualField form={form} name="title" label={t('settings.fields.title')} />
              <BilingualField form={form} name="description" label={t('settings.fields.description')} multiline />
              <BilingualField form={form} name="footer" label={t('settings.fields.footer')} multiline />
            </div>
          </SettingsSection>

          <SettingsSection id="settings-images" title={t('settings.sections.images')} hint={t('settings.sections.imagesHint')}>
            <div className="space-y-6">
              <ImageField
                form={form}
                name="defaultBanner"
                label={t('settings.images.banner')}
                shape="banner"
                canUpload={canUpload}
                disabled={!canEdit}
              />
              <ImageField
                form={form}
                name="defaultAvatar"
                label={t('settings.images.avatar')}
                shape="avatar"
                canUpload={canUpload}
                disabled={!canEdit}
              />
            </div>
          </SettingsSection>

          <SettingsSection id="settings-menu" title={t('settings.sections.menu')} hint={t('settings.sections.menuHint')}>
            <MenuEditor form={form} disabled={!canEdit} />
          </SettingsSection>

          <SettingsSection
            id="settings-categories"
            title={t('settings.sections.categories')}
            hint={t('settings.sections.categoriesHint')}
          >
            <CategoriesEditor form={form} usage={usage} disabled={!canEdit} />
          </SettingsSection>

          <SettingsSection id="settings-time-zone" title={t('settings.timeZone.title')} hint={t('settings.timeZone.hint')}>
            <Controller
              control={form.control}
              name="timeZone"
              render={({ field, fieldState }) => (
                <div>
                  <label htmlFor="settings-time-zone-field" className="mb-1 block text-sm font-medium">
                    {t('settings.timeZone.label')}
                  </label>
                  <TimeZonePicker
                    id="settings-time-zone-field"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    invalid={Boolean(fieldState.error)}
                    describedBy={fieldState.error ? 'settings-time-zone-error' : undefined}
                    disabled={!canEdit}
                  />
                  {fieldState.error ? (
                    <p id="settings-time-zone-error" role="alert" className="mt-1 text-sm text-error-strong">
                      {issueText(fieldState.error.message)}
                    </p>
                  ) : null}
                </div>
              )}
            />
          </SettingsSection>

          <SettingsSection id="settings-indexing" title={t('settings.sections.indexing')}>
            <SettingsSwitch
              checked={indexable}
              input={form.register('indexable')}
              label={t('settings.indexing.label')}
              hint={indexable ? t('settings.indexing.on') : t('settings.indexing.off')}
            />
          </SettingsSection>

          <SettingsSection id="settings-persian-digits" title={t('settings.sections.persianDigits')}>
            <SettingsSwitch
              checked={persianDigits}
              input={form.register('persianDigits')}
              label={t('settings.persianDigits.label')}
              hint={persianDigits ? t('settings.persianDigits.on') : t('settings.persianDigits.off')}
            />
          </SettingsSection>
        </fieldset>
      </div>

      {canEdit ? (
        <div className="sticky bottom-0 z-10 -mx-1 mt-6 flex flex-wrap items-center justify-end gap-3 border-t border-border bg-surface/95 px-1 py-3 backdrop-blur">
          <p aria-live="polite" className="me-auto text-sm text-fg-muted">
            {isDirty ? t('settings.unsaved') : t('settings.upToDate')}
          </p>
          {isDirty ? (
            <Button
              type="button"
              variant="outline"
              disabled={isSubmitting}
              onClick={() => {
                form.reset();
                setProblem(undefined);
              }}
            >
              <Undo2 aria-hidden className="size-4" />
              {t('settings.discard')}
            </Button>
          ) : null}
          <Button type="submit" disabled={!isDirty || isSubmitting || revalidator.state === 'loading'}>
            {isSubmitting ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Save aria-hidden className="size-4" />}
            {isSubmitting ? t('settings.saving') : t('settings.save')}
          </Button>
        </div>
      ) : null}

      <LeaveDialog
        variant="danger"
        blocker={blocker}
        title={t('settings.leave.title')}
        description={t('settings.leave.detail')}
        confirmLabel={t('settings.leave.confirm')}
        cancelLabel={t('settings.leave.stay')}
      />
    </form>
  );
}

/** An on/off setting: a checkbox shown as a switch, its label and what the current state means. */
function SettingsSwitch({
  checked,
  input,
  label,
  hint,
}: {
  checked: boolean;
  input: UseFormRegisterReturn;
  label: string;
  hint: string;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3">
      <input type="checkbox" role="switch" aria-checked={checked} className="peer sr-only" {...input} />
      <span
        aria-hidden
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 rounded-full bg-neutral-300 transition-colors peer-checked:bg-primary-strong peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-secondary peer-disabled:opacity-50 dark:bg-neutral-600 after:absolute after:top-0.5 after:start-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5 rtl:peer-checked:after:-translate-x-5"
      />
      <span>
        <span className="block font-medium">{label}</span>
        <span className="mt-1 block text-sm text-fg-muted">{hint}</span>
      </span>
    </label>
  );
}

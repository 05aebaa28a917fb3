import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { z } from 'zod';
import { type ApiKeyItem, type ApiKeyScope, apiKeyCreateSchema, apiKeyScopes } from '../../../../common/api-keys';
import { zonedParts, zonedToIso } from '../../../../common/format';
import type { Grantor } from '../../../../common/grants';
import { api } from '../../../lib/api-client';
import { FORM_VALIDATION } from '../../../lib/form-validation';
import { useClock } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { CopyField } from '../../ui/copy-field';
import { Dialog, DialogContent } from '../../ui/dialog';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { JalaliDatePicker } from '../../ui/jalali-date-picker';
import { toast } from '../../ui/toast';
import { PermissionGrid } from '../users/permission-grid';

/** A key just made: its name and the key itself, shown this once. */
export type ShownKey = { name: string; key: string };

type KeyForm = { name: string; scopes: ApiKeyScope[]; expiry: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day after an ISO date (`2026-12-31` → `2027-01-01`). */
function nextDay(date: string) {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The instant a key chosen to expire on `date` stops: the end of that day on the site's clock (the
 * next day's midnight in `zone`), so a key "until 10 Dey" works all of 10 Dey wherever its user is.
 */
export function expiryInstant(date: string, zone: string): string | undefined {
  return DAY.test(date) ? zonedToIso(nextDay(date), '00:00', zone) : undefined;
}

/**
 * Make a key: a name, its scopes (the permissions the signed-in user holds, as checkboxes; the
 * server refuses any other) and an optional last day, picked on the site's clock (Jalali in
 * Persian). The key comes back once and is handed to `onCreated` to show.
 */
export function CreateKeyDialog({ me, onCreated }: { me: Grantor; onCreated: (shown: ShownKey) => void }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const revalidator = useRevalidator();
  const scopesId = useId();
  const expiryId = useId();
  const schema = useMemo(
    () =>
      z.object({
        name: apiKeyCreateSchema.shape.name,
        scopes: apiKeyCreateSchema.shape.scopes,
        expiry: z
          .string()
          .refine((value) => value === '' || DAY.test(value), 'validation.date')
          // The last day may be today on the site's clock (the key then works until its midnight).
          .refine((value) => !DAY.test(value) || value >= zonedParts(Date.now(), clock.zone).date, 'api.apiKeyExpiryPast'),
      }),
    [clock.zone],
  );
  const values: KeyForm = { name: '', scopes: [], expiry: '' };
  const form = useForm<KeyForm>({ resolver: zodResolver(schema), ...FORM_VALIDATION, defaultValues: values });

  async function save({ name, scopes, expiry }: KeyForm) {
    const expiresAt = expiry ? expiryInstant(expiry, clock.zone) : undefined;
    const created = await api.apiKeys.create<{ id: number; key: string; item: ApiKeyItem }>({
      body: { name, scopes, ...(expiresAt ? { expiresAt } : {}) },
      locale,
    });
    onCreated({ name, key: created.key });
    toast({ title: t('integrations.create.success'), description: name, color: 'success' });
    await revalidator.revalidate();
  }

  return (
    <FormDialog
      form={form}
      values={values}
      trigger={
        <>
          <KeyRound aria-hidden className="size-4" />
          {t('integrations.create.open')}
        </>
      }
      title={t('integrations.create.title')}
      description={t('integrations.create.description')}
      submitLabel={t('integrations.create.submit')}
      cancelLabel={t('integrations.cancel')}
      failureFallback={t('integrations.failed')}
      onSubmit={save}
      twoColumns
    >
      <FormField
        form={form}
        name="name"
        label={t('integrations.fields.name')}
        hint={t('integrations.fields.nameHint')}
        dir="auto"
        autoComplete="off"
        required
        className="sm:col-span-2"
      />
      <Controller
        control={form.control}
        name="scopes"
        render={({ field, fieldState }) => (
          <div className="sm:col-span-2" aria-describedby={fieldState.error ? `${scopesId}-error` : undefined}>
            <PermissionGrid
              value={field.value}
              onChange={(next) => field.onChange(next as ApiKeyScope[])}
              me={me}
              only={apiKeyScopes}
              legend={t('integrations.fields.scopes')}
            />
            <p className="mt-1 text-xs text-fg-muted">{t('integrations.fields.scopesHint')}</p>
            {fieldState.error ? (
              <p id={`${scopesId}-error`} role="alert" className="mt-1 text-sm text-error-strong">
                {t(fieldState.error.message ?? 'integrations.failed')}
              </p>
            ) : null}
          </div>
        )}
      />
      <Controller
        control={form.control}
        name="expiry"
        render={({ field, fieldState }) => (
          <div className="sm:col-span-2">
            <label id={`${expiryId}-label`} htmlFor={expiryId} className="mb-1 block text-sm font-medium">
              {t('integrations.fields.expiry')}
            </label>
            <div className="flex flex-wrap items-center gap-2">
              {locale === 'fa' ? (
                <JalaliDatePicker
                  id={expiryId}
                  value={field.value}
                  onChange={(next) => field.onChange(next ?? '')}
                  aria-labelledby={`${expiryId}-label`}
                  aria-describedby={`${expiryId}-hint`}
                  aria-invalid={fieldState.error ? true : undefined}
                />
              ) : (
                <input
                  id={expiryId}
                  type="date"
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  aria-describedby={`${expiryId}-hint`}
                  aria-invalid={fieldState.error ? true : undefined}
                  className="block h-10 rounded-md border border-border bg-surface px-3 focus:border-secondary focus:outline-none aria-[invalid=true]:border-error"
                />
              )}
              {/* The Jalali picker has its own way to clear; the native field does not in every browser. */}
              {field.value && locale !== 'fa' ? (
                <Button type="button" variant="ghost" size="sm" onClick={() => field.onChange('')}>
                  {t('integrations.fields.noExpiry')}
                </Button>
              ) : null}
            </div>
            <p id={`${expiryId}-hint`} className="mt-1 text-xs text-fg-muted">
              {t('integrations.fields.expiryHint', { zone: clock.label })}
            </p>
            {fieldState.error ? (
              <p role="alert" className="mt-1 text-sm text-error-strong">
                {t(fieldState.error.message ?? 'integrations.failed')}
              </p>
            ) : null}
          </div>
        )}
      />
    </FormDialog>
  );
}

/** The key just made, shown once with a copy button. */
export function KeyShownDialog({ shown, onClose }: { shown?: ShownKey; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={Boolean(shown)}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title={t('integrations.shown.title', { name: shown?.name ?? '' })}
        description={t('integrations.shown.description')}
      >
        <div className="space-y-4">
          <CopyField
            label={t('integrations.shown.label')}
            value={shown?.key ?? ''}
            copyLabel={t('integrations.shown.copy')}
            copied={t('integrations.shown.copied')}
            failed={t('integrations.shown.copyFailed')}
            testId="api-key-value"
          />
          <p className="text-xs text-fg-muted">{t('integrations.shown.use')}</p>
          <pre dir="ltr" className="overflow-x-auto rounded-md bg-muted p-3 text-start font-mono text-xs">
            {'Authorization: Bearer dftr_…'}
          </pre>
          <div className="flex justify-end">
            <Button type="button" onClick={onClose}>
              {t('integrations.shown.done')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import {
  eventLabelKey,
  type OutgoingWebhookItem,
  outgoingWebhookEvents,
  outgoingWebhookSchema,
} from '../../../../common/outgoing-webhooks';
import { api } from '../../../lib/api-client';
import { FORM_VALIDATION } from '../../../lib/form-validation';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { CopyField } from '../../ui/copy-field';
import { Dialog, DialogContent } from '../../ui/dialog';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { toast } from '../../ui/toast';

type EndpointForm = z.input<typeof outgoingWebhookSchema>;

/**
 * Add an endpoint, or edit one (`endpoint` given): its address, description, events and whether it
 * is on. A new endpoint's secret comes back once and is handed to `onSecret` to show.
 */
export function EndpointDialog({
  endpoint,
  onSecret,
}: {
  endpoint?: OutgoingWebhookItem;
  onSecret?: (shown: { url: string; secret: string }) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  const values: EndpointForm = {
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    events: endpoint?.events ?? ['page.published'],
    enabled: endpoint?.enabled ?? true,
  };
  const form = useForm<EndpointForm>({ resolver: zodResolver(outgoingWebhookSchema), ...FORM_VALIDATION, defaultValues: values });
  const mode = endpoint ? 'edit' : 'create';
  const legendId = useId();

  async function save(input: EndpointForm) {
    if (endpoint) {
      await api.outgoingWebhooks.update({ params: { id: endpoint.id }, body: input, locale });
    } else {
      const created = await api.outgoingWebhooks.create<{ url: string; secret: string }>({
        body: input,
        locale,
      });
      onSecret?.({ url: created.url, secret: created.secret });
    }
    toast({ title: t(`webhooks.${mode}.success`), description: input.url, color: 'success' });
    await revalidator.revalidate();
  }

  return (
    <FormDialog
      form={form}
      values={values}
      trigger={
        endpoint ? (
          <>
            <Pencil aria-hidden className="size-4" />
            {t('webhooks.edit.open')}
          </>
        ) : (
          <>
            <Plus aria-hidden className="size-4" />
            {t('webhooks.add')}
          </>
        )
      }
      title={t(`webhooks.${mode}.title`)}
      description={t(`webhooks.${mode}.description`)}
      submitLabel={t(`webhooks.${mode}.submit`)}
      cancelLabel={t('webhooks.cancel')}
      failureFallback={t('webhooks.failed')}
      onSubmit={save}
    >
      <FormField
        form={form}
        name="url"
        label={t('webhooks.fields.url')}
        hint={t('webhooks.fields.urlHint')}
        type="url"
        dir="ltr"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com/hooks/daftar"
        required
      />
      <FormField
        form={form}
        name="description"
        label={t('webhooks.fields.description')}
        hint={t('webhooks.fields.descriptionHint')}
        dir="auto"
      />
      <Controller
        control={form.control}
        name="events"
        render={({ field, fieldState }) => (
          <fieldset aria-describedby={fieldState.error ? `${legendId}-error` : undefined}>
            <legend className="mb-1 text-sm font-medium">{t('webhooks.fields.events')}</legend>
            <div className="grid gap-1">
              {outgoingWebhookEvents.map((event) => (
                <label key={event} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={field.value.includes(event)}
                    onChange={(change) =>
                      field.onChange(
                        change.target.checked ? [...field.value, event] : field.value.filter((value) => value !== event),
                      )
                    }
                  />
                  {t(eventLabelKey(event))}
                  <code dir="ltr" className="font-mono text-xs text-fg-muted">
                    {event}
                  </code>
                </label>
              ))}
            </div>
            {fieldState.error ? (
              <p id={`${legendId}-error`} className="mt-1 text-sm text-error-strong">
                {t(fieldState.error.message ?? 'webhooks.failed')}
              </p>
            ) : null}
          </fieldset>
        )}
      />
      {endpoint ? (
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={field.value ?? true}
                onChange={(change) => field.onChange(change.target.checked)}
              />
              {t('webhooks.fields.enabled')}
            </label>
          )}
        />
      ) : null}
    </FormDialog>
  );
}

/** A secret shown once (after adding an endpoint, or making a new secret), with a copy button. */
export function SecretDialog({ shown, onClose }: { shown?: { url: string; secret: string }; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={Boolean(shown)}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent title={t('webhooks.secret.title')} description={t('webhooks.secret.description')}>
        <div className="space-y-4">
          <bdi dir="ltr" className="block break-all text-sm text-fg-muted">
            {shown?.url}
          </bdi>
          <CopyField
            label={t('webhooks.secret.label')}
            value={shown?.secret ?? ''}
            copyLabel={t('webhooks.secret.copy')}
            copied={t('webhooks.secret.copied')}
            failed={t('webhooks.secret.copyFailed')}
            testId="webhook-secret"
          />
          <div className="flex justify-end">
            <Button type="button" onClick={onClose}>
              {t('webhooks.secret.done')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

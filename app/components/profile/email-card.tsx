import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { type EmailChange, emailChangeSchema, type NotificationPrefs } from '../../../common/schemas/account';
import { ApiRequestError } from '../../lib/api';
import { api } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { FORM_VALIDATION } from '../../lib/form-validation';
import { useRootData } from '../../lib/root-data';
import { useConfirmFirst } from '../two-factor/confirm-first';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { FormField } from '../ui/form-field';
import { toast } from '../ui/toast';

type Props = { email: string | null; pendingEmail: string | null; notifications: NotificationPrefs };

/**
 * The account's e-mail address and notification mails (issue 27): a new address waits for its
 * mailed link (the confirmed one stays until then), and notifications go to a confirmed address only.
 */
export function EmailCard({ email, pendingEmail, notifications }: Props) {
  const { t } = useTranslation();
  const { locale, mail } = useRootData();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<'resend' | 'remove' | 'notify'>();
  const form = useForm<EmailChange>({
    resolver: zodResolver(emailChangeSchema),
    ...FORM_VALIDATION,
    defaultValues: { email: '' },
  });
  const { isSubmitting } = form.formState;

  // The address recovery mails go to: the password or a code first when the sign-in is not recent (F-46).
  const confirmFirst = useConfirmFirst();
  const failed = (error: unknown) =>
    toast({ title: error instanceof ApiRequestError ? error.message : t('users.error'), color: 'error' });

  const save = form.handleSubmit(async (values) => {
    try {
      await confirmFirst(() => api.profile.setEmail({ locale, body: { email: values.email ?? '' } }));
      form.reset({ email: '' });
      toast({ title: t('recovery.profile.saved'), color: 'success' });
      revalidator.revalidate();
    } catch (error) {
      applyServerErrors(form, error, '');
      failed(error);
    }
  });

  async function act(kind: 'resend' | 'remove' | 'notify', run: () => Promise<unknown>, done: string) {
    setBusy(kind);
    try {
      await run();
      toast({ title: done, color: 'success' });
      revalidator.revalidate();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(undefined);
    }
  }

  const setNotify = (next: NotificationPrefs) =>
    act('notify', () => api.profile.setNotifications({ locale, body: next }), t('recovery.profile.notificationsSaved'));

  return (
    <section
      aria-labelledby="email-card"
      className="mt-6 rounded-lg border border-border bg-surface p-5"
      data-testid="email-card"
    >
      <h2 id="email-card" className="flex items-center gap-2 text-lg font-semibold">
        <Mail aria-hidden className="size-5 text-primary-strong" />
        {t('recovery.profile.title')}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t('recovery.profile.intro')}</p>
      <div className="mt-4 text-sm">
        <div className="font-medium">{t('recovery.profile.current')}</div>
        <p data-testid="email-current" className="mt-1">
          {email ? (
            <bdi dir="ltr" className="break-all">
              {email}
            </bdi>
          ) : (
            <span className="text-fg-muted">{t('recovery.profile.none')}</span>
          )}
        </p>
      </div>
      {pendingEmail ? (
        <div className="mt-4 space-y-2" data-testid="email-pending">
          <Alert tone="info" title={t('recovery.profile.pending')}>
            <bdi dir="ltr" className="block break-all font-medium">
              {pendingEmail}
            </bdi>
            {t('recovery.profile.pendingHint')}
          </Alert>
          {mail ? (
            <Button
              type="button"
              variant="outline"
              disabled={busy === 'resend'}
              onClick={() => act('resend', () => api.profile.resendEmail({ locale }), t('recovery.profile.resent'))}
            >
              {busy === 'resend' ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              {t('recovery.profile.resend')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {mail ? null : <p className="mt-4 text-sm text-fg-muted">{t('recovery.profile.noMail')}</p>}
      <form onSubmit={save} noValidate className="mt-4 space-y-3" aria-busy={isSubmitting}>
        <FormField form={form} name="email" label={t('recovery.profile.field')} type="email" autoComplete="email" dir="ltr" />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
            {t('recovery.profile.save')}
          </Button>
          {email || pendingEmail ? (
            <Button
              type="button"
              variant="outline"
              disabled={busy === 'remove'}
              onClick={() =>
                act(
                  'remove',
                  () => confirmFirst(() => api.profile.setEmail({ locale, body: { email: '' } })),
                  t('recovery.profile.removed'),
                )
              }
            >
              {t('recovery.profile.remove')}
            </Button>
          ) : null}
        </div>
      </form>
      <fieldset className="mt-5 space-y-2" disabled={busy === 'notify'}>
        <legend className="text-sm font-medium">{t('recovery.profile.notifications')}</legend>
        {(['replies', 'moderation', 'digest'] as const).map((kind) =>
          // The weekly digest is offered to owners only (the others' profile has no `digest`).
          notifications[kind] === undefined ? null : (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={notifications[kind]}
                onChange={(event) => setNotify({ ...notifications, [kind]: event.target.checked })}
              />
              {t(`recovery.profile.${kind}`)}
            </label>
          ),
        )}
        <p className="text-xs text-fg-muted">{t('recovery.profile.needsEmail')}</p>
      </fieldset>
    </section>
  );
}

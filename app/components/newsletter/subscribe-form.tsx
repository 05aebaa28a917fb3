import { Loader2, Mail } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { type Locale, localeNames, locales } from '../../../common/locales';
import { ApiRequestError } from '../../lib/api';
import { api } from '../../lib/api-client';
import { useRootData } from '../../lib/root-data';
import { Island } from '../../reading/island';
import { Captcha } from '../account/captcha';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';

/**
 * The newsletter's subscribe form (`POST /api/newsletter/subscribe`): an email address and the
 * newsletter's language. The answer is the same whether the address was known or not, so the
 * form only ever says "check your inbox". Hidden when the site cannot send mail. `variant`:
 * a card on pages with `newsletter: true`, a compact row in the footer.
 */
export function SubscribeForm({ variant }: { variant: 'card' | 'footer' }) {
  const { t } = useTranslation();
  const { locale, newsletter, turnstileSiteKey } = useRootData();
  const id = useId();
  const [email, setEmail] = useState('');
  const [language, setLanguage] = useState<Locale>(locale);
  const [captcha, setCaptcha] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string; message: string }>();
  const [sentTo, setSentTo] = useState<string>();
  if (!newsletter) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await api.newsletter.subscribe({
        locale,
        body: { email: email.trim(), locale: language, ...(captcha ? { turnstileToken: captcha } : {}) },
      });
      setSentTo(email.trim());
      setEmail('');
    } catch (failure) {
      const issue = failure instanceof ApiRequestError ? failure.failure.data?.issues?.[0] : undefined;
      setError(
        issue
          ? { field: String(issue.path[0]), message: issue.message }
          : { message: failure instanceof ApiRequestError ? failure.failure.message : t('newsletter.form.failed') },
      );
    } finally {
      setBusy(false);
    }
  }

  const card = variant === 'card';
  const shell = card
    ? 'mt-12 max-w-3xl rounded-xl border border-border bg-muted/40 p-5 sm:p-6'
    : 'mx-auto mb-6 max-w-xl px-4 text-start';
  const heading = (
    <h2 id={`${id}-title`} className={`flex items-center gap-2 font-semibold text-fg ${card ? 'text-lg' : 'text-base'}`}>
      <Mail aria-hidden className="size-5 shrink-0 text-primary-strong" />
      {t('newsletter.form.title')}
    </h2>
  );

  if (sentTo)
    return (
      <section aria-labelledby={`${id}-title`} className={shell} data-testid={`subscribe-${variant}`}>
        {heading}
        <div className="mt-3">
          <Alert tone="success" title={t('newsletter.form.sentTitle')}>
            <p>{t('newsletter.form.sent', { email: sentTo })}</p>
          </Alert>
          <Button variant="link" size="sm" className="mt-2 px-0" onClick={() => setSentTo(undefined)}>
            {t('newsletter.form.again')}
          </Button>
        </div>
      </section>
    );

  const emailError = error?.field === 'email' ? error.message : undefined;
  const otherError = error && error.field !== 'email' ? error.message : undefined;
  return (
    <section aria-labelledby={`${id}-title`} className={shell} data-testid={`subscribe-${variant}`}>
      {heading}
      <p id={`${id}-hint`} className="mt-1 text-sm text-fg-muted">
        {t('newsletter.form.hint')}
      </p>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-wrap items-end gap-3" aria-busy={busy}>
        <div className="min-w-0 flex-[1_1_14rem]">
          <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium">
            {t('newsletter.form.email')}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            dir="ltr"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder={t('newsletter.form.emailPlaceholder')}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-error` : `${id}-hint`}
            className="block h-10 w-full rounded-md border border-border bg-surface px-3 text-start text-fg placeholder:text-fg-muted focus:border-secondary focus:outline-none aria-[invalid=true]:border-error"
          />
        </div>
        <div className="flex-[0_1_9rem]">
          <label htmlFor={`${id}-locale`} className="mb-1 block text-sm font-medium">
            {t('newsletter.form.locale')}
          </label>
          <select
            id={`${id}-locale`}
            name="locale"
            value={language}
            onChange={(event) => setLanguage(event.target.value as Locale)}
            className="block h-10 w-full rounded-md border border-border bg-surface px-3 text-fg focus:border-secondary focus:outline-none"
          >
            {locales.map((value) => (
              <option key={value} value={value} lang={value}>
                {localeNames[value]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={busy || !email.trim() || Boolean(turnstileSiteKey && !captcha)}>
          {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {busy ? t('newsletter.form.sending') : t('newsletter.form.submit')}
        </Button>
        {turnstileSiteKey ? (
          <div className="basis-full">
            <Captcha onToken={setCaptcha} />
          </div>
        ) : null}
      </form>
      {emailError ? (
        <p id={`${id}-error`} className="mt-2 text-sm text-error-strong">
          {emailError}
        </p>
      ) : null}
      {otherError ? (
        <div className="mt-3">
          <Alert tone="error" title={t('newsletter.form.failed')}>
            {otherError}
          </Alert>
        </div>
      ) : null}
    </section>
  );
}

/** The footer's form, left out on a page that shows its own (`newsletter: true`, one form per page) and in the dashboard. */
export function FooterSubscribe() {
  const matches = useMatches();
  const skip = matches.some(
    (match) =>
      // The dashboard is for work, not for reading.
      match.id.startsWith('routes/manage/') ||
      (match.loaderData as { page?: { newsletter?: boolean } } | undefined)?.page?.newsletter === true,
  );
  return skip ? null : (
    <Island name="subscribe" data-variant="footer">
      <SubscribeForm variant="footer" />
    </Island>
  );
}

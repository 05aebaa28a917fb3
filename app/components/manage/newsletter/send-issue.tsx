import { Loader2, Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Locale, localeNames, locales } from '../../../../common/locales';
import type { SendablePage } from '../../../../common/newsletter';
import { api } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useMutation } from '../../../lib/mutation';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';

/** Sends a published page as an issue (`POST /api/newsletter/issues`) after a confirmation naming the recipients. */
export function SendIssue({
  pages,
  confirmed,
  initialLocale,
}: {
  pages: SendablePage[];
  confirmed: Partial<Record<Locale, number>>;
  initialLocale: Locale;
}) {
  const { t } = useTranslation();
  const { locale: uiLocale } = useRootData();
  const id = useId();
  const [locale, setLocale] = useState<Locale>(initialLocale);
  const [slug, setSlug] = useState('');
  const [open, setOpen] = useState(false);
  const choices = pages.filter((page) => page.locale === locale);
  // Option values are `/slug` (the home page's slug is empty), so '' means nothing chosen.
  const chosen = slug ? choices.find((page) => `/${page.slug}` === slug) : undefined;
  const recipients = confirmed[locale] ?? 0;

  const sending = useMutation({
    call: (page: { slug: string; title: string }) =>
      api.newsletter.sendIssue<{ id: number }>({ locale: uiLocale, body: { locale, path: page.slug } }),
    done: () => {
      setOpen(false);
      setSlug('');
    },
    success: (_result, page) => ({ title: t('newsletter.manage.send.queued'), description: page.title, color: 'success' }),
    failure: { title: t('newsletter.manage.send.failed'), fallback: t('newsletter.form.failed') },
  });
  const busy = sending.busy;
  function send() {
    if (chosen) return sending.run(chosen);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen) setOpen(true);
  }

  const selectClass =
    'block h-10 w-full min-w-0 rounded-md border border-border bg-surface px-3 text-fg focus:border-secondary focus:outline-none';
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-border p-4 sm:p-5" data-testid="send-issue">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('newsletter.manage.send.title')}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t('newsletter.manage.send.hint')}</p>
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
        <div className="flex-[0_1_9rem]">
          <label htmlFor={`${id}-locale`} className="mb-1 block text-sm font-medium">
            {t('newsletter.manage.send.locale')}
          </label>
          <select
            id={`${id}-locale`}
            value={locale}
            onChange={(event) => {
              setLocale(event.target.value as Locale);
              setSlug('');
            }}
            className={selectClass}
          >
            {locales.map((value) => (
              <option key={value} value={value} lang={value}>
                {localeNames[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 flex-[1_1_16rem]">
          <label htmlFor={`${id}-page`} className="mb-1 block text-sm font-medium">
            {t('newsletter.manage.send.page')}
          </label>
          <select
            id={`${id}-page`}
            value={slug}
            onChange={(event) => setSlug(event.target.value)}
            disabled={!choices.length}
            className={selectClass}
            dir="auto"
          >
            <option value="">{choices.length ? t('newsletter.manage.send.choose') : t('newsletter.manage.send.noPages')}</option>
            {choices.map((page) => (
              <option key={page.slug} value={`/${page.slug}`} lang={page.locale}>
                {page.title} — /{page.locale}
                {page.slug ? `/${page.slug}` : ''}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={!chosen || !recipients || busy}>
          {busy ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <Send aria-hidden className="size-4 rtl:-scale-x-100" />
          )}
          {t('newsletter.manage.send.button')}
        </Button>
      </form>
      <p className="mt-2 text-sm text-fg-muted" aria-live="polite">
        {t('newsletter.manage.send.recipients', { number: formatNumber(uiLocale, recipients) })}
      </p>
      <ConfirmDialog
        variant="neutral"
        open={open}
        onOpenChange={setOpen}
        title={t('newsletter.manage.send.confirmTitle', { title: chosen?.title ?? '' })}
        description={t('newsletter.manage.send.confirmBody', { number: formatNumber(uiLocale, recipients) })}
        confirmLabel={t('newsletter.manage.send.confirm')}
        cancelLabel={t('newsletter.manage.send.cancel')}
        onConfirm={send}
        busy={busy}
      />
    </section>
  );
}

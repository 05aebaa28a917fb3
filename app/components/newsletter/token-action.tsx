import { Loader2, MailCheck, MailX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Locale } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { ApiRequestError } from '../../lib/api';
import { api } from '../../lib/api-client';
import { useRootData } from '../../lib/root-data';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';

/**
 * The confirmation and unsubscribe pages: the token from the mail's link is in `?token=`, and
 * nothing happens until the reader presses the button (a POST), so a mail scanner that follows
 * links neither subscribes nor unsubscribes anyone.
 */
export function TokenAction({
  kind,
  call = kind === 'confirm' ? api.newsletter.confirm : api.newsletter.unsubscribe,
  words = `newsletter.${kind}`,
  home,
}: {
  kind: 'confirm' | 'unsubscribe';
  /** The endpoint that spends the token (the account mails' pages pass theirs). */
  call?: (options: { body: { token: string }; locale: Locale }) => Promise<unknown>;
  /** The i18n group of the page's words. */
  words?: string;
  /** Where the done state's button leads (the home page unless said). */
  home?: string;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [state, setState] = useState<{ phase: 'idle' | 'busy' | 'done' } | { phase: 'failed'; message: string }>({
    phase: 'idle',
  });

  async function act() {
    setState({ phase: 'busy' });
    try {
      await call({ locale, body: { token } });
      setState({ phase: 'done' });
    } catch (error) {
      setState({
        phase: 'failed',
        message: error instanceof ApiRequestError ? error.failure.message : t('newsletter.form.failed'),
      });
    }
  }

  const key = words;
  return (
    <section aria-labelledby="newsletter-action-title" className="mx-auto max-w-xl py-6" data-testid={words.replace('.', '-')}>
      <h1 id="newsletter-action-title" className="text-2xl font-bold">
        {state.phase === 'done' ? t(`${key}.doneTitle`) : t(`${key}.title`)}
      </h1>
      {state.phase === 'done' ? (
        <div className="mt-6">
          <Alert tone="success" title={t(`${key}.doneTitle`)}>
            {t(`${key}.done`)}
          </Alert>
          <Button asChild variant="outline" className="mt-6">
            <Link to={home ?? paths.home(locale)}>{t(`${key}.home`)}</Link>
          </Button>
        </div>
      ) : !token ? (
        <div className="mt-6">
          <Alert tone="error" title={t(`${key}.failedTitle`)}>
            {t(`${key}.missing`)}
          </Alert>
        </div>
      ) : (
        <>
          <p className="mt-3 text-fg-muted">{t(`${key}.intro`)}</p>
          {state.phase === 'failed' ? (
            <div className="mt-6">
              <Alert tone="error" title={t(`${key}.failedTitle`)}>
                {state.message}
              </Alert>
            </div>
          ) : null}
          <Button
            type="button"
            className="mt-6"
            variant={kind === 'unsubscribe' ? 'danger' : 'solid'}
            onClick={act}
            disabled={state.phase === 'busy'}
          >
            {state.phase === 'busy' ? (
              <Loader2 aria-hidden className="size-4 animate-spin" />
            ) : kind === 'confirm' ? (
              <MailCheck aria-hidden className="size-4" />
            ) : (
              <MailX aria-hidden className="size-4" />
            )}
            {state.phase === 'busy' ? t(`${key}.busy`) : t(`${key}.button`)}
          </Button>
        </>
      )}
    </section>
  );
}

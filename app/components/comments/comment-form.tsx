import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX } from '../../../common/comment-limits';
import { localeDirection } from '../../../common/locales';
import { ApiRequestError } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { useRootData } from '../../lib/root-data';
import { Captcha } from '../account/captcha';
import { Button } from '../ui/button';

/**
 * The text box of a new comment, a reply or an edit: counts characters against the limit, shows
 * the server's refusal under the box, and asks for a CAPTCHA answer when Turnstile is on (a fresh
 * widget after each attempt, since an answer is single-use).
 */
export function CommentForm({
  initial = '',
  label,
  submitLabel,
  busyLabel,
  captcha = false,
  autoFocus = false,
  onSubmit,
  onCancel,
}: {
  initial?: string;
  label: string;
  submitLabel: string;
  busyLabel: string;
  captcha?: boolean;
  autoFocus?: boolean;
  /** Resolves when saved (the form empties); throws ApiRequestError to show the refusal. */
  onSubmit: (body: string, turnstileToken: string | undefined) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { locale, turnstileSiteKey } = useRootData();
  const id = useId();
  const [body, setBody] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [token, setToken] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const needsCaptcha = captcha && Boolean(turnstileSiteKey);
  const length = body.trim().length;
  const tooLong = length > COMMENT_MAX;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (length === 0) {
      setError(t('validation.required'));
      return;
    }
    if (needsCaptcha && !token) {
      setError(t('auth.captcha'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(body.trim(), token);
      setBody('');
    } catch (failure) {
      const issue = failure instanceof ApiRequestError ? failure.failure.data?.issues?.[0]?.message : undefined;
      setError(issue ?? (failure instanceof ApiRequestError ? failure.message : t('comments.postFailed')));
    } finally {
      setBusy(false);
      if (needsCaptcha) {
        setToken(undefined);
        setAttempt((n) => n + 1);
      }
    }
  }

  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <label htmlFor={`${id}-body`} className="sr-only">
        {label}
      </label>
      <textarea
        id={`${id}-body`}
        name="body"
        // The reader's text decides its direction; empty, the placeholder follows the page.
        dir={body.trim() ? 'auto' : localeDirection[locale]}
        rows={4}
        value={body}
        // biome-ignore lint/a11y/noAutofocus: opened on purpose by the reader's Reply or Edit click.
        autoFocus={autoFocus}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && onCancel) onCancel();
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) event.currentTarget.form?.requestSubmit();
        }}
        placeholder={t('comments.placeholder')}
        aria-invalid={Boolean(error) || tooLong}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className="block w-full resize-y rounded-md border border-border bg-surface px-3 py-2 text-base placeholder:text-fg-muted focus:border-secondary focus:outline-none aria-invalid:border-red-500"
      />
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 text-xs text-fg-muted">
        <p id={`${id}-hint`}>{t('comments.syntax')}</p>
        <p className={tooLong ? 'font-semibold text-red-700 dark:text-red-300' : ''} aria-live="polite">
          {t('comments.characters', { count: formatNumber(locale, length), max: formatNumber(locale, COMMENT_MAX) })}
        </p>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {needsCaptcha ? <Captcha key={attempt} onToken={setToken} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy || tooLong}>
          {busy ? busyLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            {t('comments.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

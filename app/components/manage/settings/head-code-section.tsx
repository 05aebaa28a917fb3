import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type HeadCode, type HeadTag, headCodeOrigins, parseHeadCode } from '../../../../common/head-code';
import { ApiRequestError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { SettingsSection, useIssueText } from './shared';

const inputClass =
  'block w-full rounded-md border border-border bg-surface px-3 py-2 font-mono text-sm text-fg placeholder:text-fg-muted focus:border-secondary focus:outline-none aria-[invalid=true]:border-error';

/**
 * Settings → Code (owners only, `api.settings.code`; common/head-code.ts): verification tags and
 * analytics scripts pasted as the services give them. The same parser as the server's says what is
 * wrong before saving; after saving, the screen lists what every public page now carries and the
 * origins the policy (CSP) admits for it.
 */
export function HeadCodeSection() {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const { locale } = useRootData();
  const id = useId();
  const [saved, setSaved] = useState<HeadCode>();
  const [source, setSource] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.settings
      .code<HeadCode>({ locale })
      .then((value) => {
        setSaved(value);
        setSource(value.source);
      })
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)));
  }, [locale]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = parseHeadCode(source);
    if (!checked.ok) {
      setError(issueText(checked.message));
      return;
    }
    setBusy(true);
    try {
      const next = await api.settings.saveCode<HeadCode>({ body: { source }, locale });
      setSaved(next);
      setSource(next.source);
      setError(undefined);
      toast({ title: t('settings.code.saved'), color: 'success' });
    } catch (failure) {
      const issue = failure instanceof ApiRequestError ? failure.failure.data?.issues?.[0]?.message : undefined;
      setError(issue ?? (failure instanceof Error ? failure.message : String(failure)));
    } finally {
      setBusy(false);
    }
  };

  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const changed = saved !== undefined && source.trim() !== saved.source;
  return (
    <SettingsSection id="code" title={t('settings.code.title')} hint={t('settings.code.hint')}>
      <form onSubmit={save} noValidate>
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {t('settings.code.label')}
        </label>
        <textarea
          id={id}
          dir="ltr"
          rows={8}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          className={inputClass}
          value={source}
          disabled={saved === undefined || busy}
          placeholder={
            '<meta name="google-site-verification" content="…">\n<script defer data-domain="example.org" src="https://plausible.io/js/script.js"></script>'
          }
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setSource(event.target.value);
            setError(undefined);
          }}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-fg-muted">
          {t('settings.code.rules')}
        </p>
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-error-strong">
            {error}
          </p>
        ) : null}
        <div className="mt-4 flex items-center gap-3">
          <Button type="submit" disabled={saved === undefined || busy || !changed}>
            {t('settings.code.save')}
          </Button>
        </div>
      </form>
      {saved ? <HeadCodeSummary tags={saved.tags} /> : null}
    </SettingsSection>
  );
}

/** What the saved code adds to every public page, and what the policy now admits. */
function HeadCodeSummary({ tags }: { tags: readonly HeadTag[] }) {
  const { t } = useTranslation();
  if (!tags.length) return <p className="mt-4 text-sm text-fg-muted">{t('settings.code.none')}</p>;
  const origins = headCodeOrigins(tags);
  return (
    <div className="mt-4 text-sm">
      <h3 className="font-medium">{t('settings.code.added')}</h3>
      <ul className="mt-1 list-disc space-y-1 ps-5">
        {tags.map((tag, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the saved list, shown as it is; two tags may be equal.
          <li key={index}>
            {tag.kind === 'meta' ? (
              <>
                {t('settings.code.meta')}{' '}
                <code dir="ltr" className="font-mono">
                  {tag.name}
                </code>
              </>
            ) : tag.kind === 'link' ? (
              <>
                {t('settings.code.link')}{' '}
                <code dir="ltr" className="font-mono">
                  rel={tag.rel} {tag.href}
                </code>
              </>
            ) : (
              <>
                {t('settings.code.script')}{' '}
                <code dir="ltr" className="font-mono break-all">
                  {tag.src}
                </code>
              </>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-3">
        {origins.length ? t('settings.code.policy') : t('settings.code.policyNone')}{' '}
        {origins.map((origin, index) => (
          <span key={origin}>
            {index ? t('settings.code.separator') : null}
            <code dir="ltr" className="font-mono">
              {origin}
            </code>
          </span>
        ))}
      </p>
    </div>
  );
}

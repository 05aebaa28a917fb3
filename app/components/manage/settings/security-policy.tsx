import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { failureMessage, useMutation } from '../../../lib/mutation';
import { useRootData } from '../../../lib/root-data';
import { SettingsSection } from './shared';

/**
 * The owner's switch: require two-factor sign-in of every account whose roles open the dashboard
 * (`api.settings.security`, owners only; docs/security.md "Two-factor sign-in"). Saved at once.
 */
export function SecurityPolicySection() {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const id = useId();
  const [required, setRequired] = useState<boolean>();

  useEffect(() => {
    api.settings
      .security<{ requireTwoFactor: boolean }>({ locale })
      .then((value) => setRequired(value.requireTwoFactor))
      .catch(() => undefined);
  }, [locale]);

  const change = useMutation({
    call: (next: boolean) =>
      api.settings.saveSecurity<{ requireTwoFactor: boolean }>({ body: { requireTwoFactor: next }, locale }),
    done: (saved) => setRequired(saved.requireTwoFactor),
    success: { title: t('twoFactor.policy.saved'), color: 'success' },
    failure: (error) => ({ title: failureMessage(error, String(error)), color: 'error' }),
    revalidate: false,
  });

  return (
    <SettingsSection id="security-policy" title={t('twoFactor.title')}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-1 size-4 accent-primary-strong"
          checked={required ?? false}
          disabled={required === undefined || change.busy}
          onChange={(event) => change.run(event.target.checked)}
          aria-describedby={`${id}-hint`}
        />
        <div>
          <label htmlFor={id} className="font-medium">
            {t('twoFactor.policy.label')}
          </label>
          <p id={`${id}-hint`} className="text-sm text-fg-muted">
            {t('twoFactor.policy.hint')}
          </p>
        </div>
      </div>
    </SettingsSection>
  );
}

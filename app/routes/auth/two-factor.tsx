import { startAuthentication } from '@simplewebauthn/browser';
import { KeyRound, Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../common/paths';
import { type SecondStepState, webauthnInput } from '../../../common/two-factor';
import { AuthCard } from '../../components/account/auth-card';
import { CodeField, PasskeyRegister, RecoveryCodes, TotpSetup } from '../../components/two-factor/factor-setup';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api';
import { api } from '../../lib/api-client';
import { requireAnonymous } from '../../lib/auth.server';
import { pageMetaFor } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import { useAfterSignIn } from '../../lib/use-after-sign-in';
import type { Route } from './+types/two-factor';

/** The second step of signing in; signed-in visitors are sent on like the login page sends them. */
export async function loader(args: Route.LoaderArgs) {
  return requireAnonymous(args);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'twoFactor.step.title');

/**
 * After a correct password (docs/security.md "Two-factor sign-in"): a code from the authenticator
 * app or a recovery code, or a passkey; or, when the site requires two factors of this account
 * and it has none, their set-up. The half-signed cookie is the only thing this page's calls carry.
 */
export default function TwoFactorStep() {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [params] = useSearchParams();
  const after = useAfterSignIn();
  const [state, setState] = useState<SecondStepState | 'expired'>();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [codes, setCodes] = useState<string[]>();

  useEffect(() => {
    api.auth
      .twoFactor<SecondStepState>({ locale })
      .then(setState)
      .catch(() => setState('expired'));
  }, [locale]);

  const refused = (error: unknown) => {
    if (error instanceof ApiRequestError && error.failure.statusCode === 401) return setState('expired');
    setFailure(error instanceof ApiRequestError ? error.message : String(error));
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setFailure(t('validation.required'));
    setBusy(true);
    setFailure(undefined);
    try {
      await api.auth.twoFactorVerify({ body: { code }, locale });
      await after.done();
    } catch (error) {
      refused(error);
      setBusy(false);
    }
  };

  const passkey = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const optionsJSON = await api.auth.twoFactorPasskeyOptions<Parameters<typeof startAuthentication>[0]['optionsJSON']>({
        body: {},
        locale,
      });
      const response = await startAuthentication({ optionsJSON });
      await api.auth.twoFactorPasskey({ body: { response: webauthnInput(response) }, locale });
      await after.done();
    } catch (error) {
      if (error instanceof Error && error.name === 'NotAllowedError') setFailure(t('twoFactor.passkey.cancelled'));
      else refused(error);
      setBusy(false);
    }
  };

  /** Set-up finished: the session exists; the recovery codes are shown once before going on. */
  const setUp = (recoveryCodes: string[] | null) => {
    if (recoveryCodes?.length) setCodes(recoveryCodes);
    else void after.done();
  };

  const loginLink = (
    <Link to={paths.login(locale, params.get('redirectTo'))} className="font-medium text-primary-strong hover:underline">
      {t('twoFactor.step.backToLogin')}
    </Link>
  );

  if (codes)
    return (
      <AuthCard title={t('twoFactor.step.setupTitle')} intro={t('twoFactor.step.done')} footer={null}>
        <RecoveryCodes codes={codes} onDone={() => void after.done()} />
      </AuthCard>
    );

  if (state === 'expired')
    return (
      <AuthCard title={t('twoFactor.step.title')} intro={t('twoFactor.step.intro')} footer={loginLink}>
        <Alert tone="error" title={t('twoFactor.step.expired')} />
      </AuthCard>
    );

  if (!state)
    return (
      <AuthCard title={t('twoFactor.step.title')} intro={t('twoFactor.step.intro')} footer={loginLink}>
        <Loader2 aria-hidden className="mx-auto size-6 animate-spin text-fg-muted" />
      </AuthCard>
    );

  if (state.setupRequired)
    return (
      <AuthCard title={t('twoFactor.step.setupTitle')} intro={t('twoFactor.step.setupIntro')} footer={loginLink}>
        <div className="space-y-6">
          <section className="space-y-3">
            <h2 className="font-semibold">{t('twoFactor.totp.title')}</h2>
            <TotpSetup family="signIn" onEnabled={setUp} />
          </section>
          <section className="space-y-3 border-t border-border pt-6">
            <h2 className="font-semibold">{t('twoFactor.passkey.title')}</h2>
            <PasskeyRegister family="signIn" onRegistered={setUp} />
          </section>
        </div>
      </AuthCard>
    );

  const typed = state.totp || state.recoveryCodes;
  return (
    <AuthCard title={t('twoFactor.step.title')} intro={t('twoFactor.step.intro')} footer={loginLink}>
      <div className="space-y-4">
        {typed ? (
          <form onSubmit={verify} noValidate className="space-y-4" aria-busy={busy}>
            <CodeField
              value={code}
              onChange={setCode}
              label={t('twoFactor.code.label')}
              hint={t('twoFactor.code.hint')}
              error={failure}
              allowRecovery
            />
            <Button type="submit" disabled={busy} className="w-full justify-center">
              {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              {t('twoFactor.step.verify')}
            </Button>
          </form>
        ) : failure ? (
          <Alert tone="error" title={failure} />
        ) : null}
        {state.passkeys ? (
          <>
            {typed ? <p className="text-center text-sm text-fg-muted">{t('twoFactor.step.or')}</p> : null}
            <Button type="button" variant="outline" onClick={passkey} disabled={busy} className="w-full justify-center">
              <KeyRound aria-hidden className="size-4" />
              {t('twoFactor.passkey.use')}
            </Button>
          </>
        ) : null}
      </div>
    </AuthCard>
  );
}

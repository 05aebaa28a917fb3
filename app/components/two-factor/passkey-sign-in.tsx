import { startAuthentication } from '@simplewebauthn/browser';
import { KeyRound, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { webauthnInput } from '../../../common/two-factor';
import { ApiRequestError } from '../../lib/api';
import { api } from '../../lib/api-client';
import { useRootData } from '../../lib/root-data';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';

/**
 * "Sign in with a passkey" on the login page: no user name, no password. The browser offers the
 * passkeys it holds for this site; the server finds the account by the one chosen.
 */
export function PasskeySignIn({
  deviceFields,
  onSignedIn,
}: {
  deviceFields: () => { pub?: string; deviceName?: string };
  onSignedIn: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const signIn = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const optionsJSON = await api.auth.passkeyOptions<Parameters<typeof startAuthentication>[0]['optionsJSON']>({
        body: {},
        locale,
      });
      const response = await startAuthentication({ optionsJSON });
      await api.auth.passkey({ body: { response: webauthnInput(response), ...deviceFields() }, locale });
      await onSignedIn();
    } catch (error) {
      if (error instanceof ApiRequestError) setFailure(error.message);
      else setFailure(t('twoFactor.passkey.cancelled'));
      setBusy(false);
    }
  };

  return (
    <div className="mt-4 space-y-3 border-t border-border pt-4">
      {failure ? <Alert tone="error" title={failure} /> : null}
      <Button type="button" variant="outline" onClick={signIn} disabled={busy} className="w-full justify-center">
        {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <KeyRound aria-hidden className="size-4" />}
        {t('twoFactor.passkey.signIn')}
      </Button>
    </div>
  );
}

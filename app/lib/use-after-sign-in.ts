import { useNavigate, useSearchParams } from 'react-router';
import { homeForUser, safeReturnPath } from '../../common/page-access';
import { ensureDevicePublicKey, readDevice } from './device';
import { useRootData } from './root-data';
import { announceSessionChange, useSession } from './session';

/**
 * What login and registration do once the server accepted: refresh the session here and in
 * other tabs, then go back where the visitor came from (a checked local path) or home.
 */
export function useAfterSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { locale } = useRootData();
  const session = useSession();
  return {
    /** This browser's key and local name, so the account's device list can tell browsers apart. */
    deviceFields: () => {
      const pub = ensureDevicePublicKey();
      const { profile } = readDevice();
      return { pub, deviceName: profile?.pub === pub ? profile.names[locale].deviceName : undefined };
    },
    async done() {
      const user = await session.refresh();
      announceSessionChange();
      const back = params.get('redirectTo');
      navigate(back ? safeReturnPath(back, locale) : homeForUser(user?.permissions ?? [], locale), { replace: true });
    },
  };
}

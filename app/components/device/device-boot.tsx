import { useEffect } from 'react';
import { clearDevice, initDevice } from '../../lib/device';
import { openInbox, resetInbox } from '../../lib/inbox';
import { useRootData } from '../../lib/root-data';
import { onLogout, useSession } from '../../lib/session';

/**
 * Mounted once in the root: opens the local inbox, gives a signed-out visitor a device identity
 * once the session is known (spec §4 initDevice), and forgets identity and inbox on logout.
 * Renders nothing.
 */
export function DeviceBoot() {
  const { locale } = useRootData();
  const { authReady, loggedIn } = useSession();

  useEffect(() => {
    void openInbox();
    const forget = onLogout(async () => {
      clearDevice();
      await resetInbox();
    });
    return () => {
      forget();
    };
  }, []);

  useEffect(() => {
    if (!authReady || loggedIn) return;
    initDevice({ locale }).catch((error) => console.error('[device] could not create the device identity', error));
  }, [authReady, loggedIn, locale]);

  return null;
}

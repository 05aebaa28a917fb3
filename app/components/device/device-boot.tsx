import { useEffect } from 'react';
import { onLogout, useSession } from '../../lib/session';

// Key generation (secp256k1) and the IndexedDB inbox load after the page is interactive, so
// public pages do not carry them in their first download.
const loadDevice = () => import('../../lib/device');
const loadInbox = () => import('../../lib/inbox');
const loadDrafts = () => import('../manage/editor/drafts');

/**
 * Mounted once in the root: opens the local inbox, gives a signed-out visitor a device identity
 * once the session is known (docs/spec.md §4 initDevice), and forgets identity, inbox and the
 * account's editor drafts on logout.
 * Renders nothing.
 */
export function DeviceBoot() {
  const { authReady, loggedIn } = useSession();

  useEffect(() => {
    loadInbox()
      .then(({ openInbox }) => openInbox())
      .catch((error) => console.error('[inbox] could not open the local inbox', error));
    const forget = onLogout(async (user) => {
      (await loadDevice()).clearDevice();
      await (await loadInbox()).resetInbox();
      // The account's unsaved editor drafts leave a shared browser with it (security review F-54).
      await (await loadDrafts()).forgetDrafts(user?.id);
    });
    return () => {
      forget();
    };
  }, []);

  useEffect(() => {
    if (!authReady || loggedIn) return;
    loadDevice()
      .then(({ initDevice }) => initDevice())
      .catch((error) => console.error('[device] could not create the device identity', error));
  }, [authReady, loggedIn]);

  return null;
}

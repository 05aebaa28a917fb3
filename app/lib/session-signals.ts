/*
 * What hydrated pages (./session.tsx) and reading pages (app/reading/compat/session.ts) share about
 * the session: the cross-tab signal and the logout hooks (forgetting the device identity, the inbox).
 */
export const SESSION_SIGNAL = 'daftar.session-changed';

const logoutHooks = new Set<() => Promise<void> | void>();
/** Run on logout, e.g. forgetting the device identity; registered by the device module. */
export function onLogout(hook: () => Promise<void> | void) {
  logoutHooks.add(hook);
  return () => logoutHooks.delete(hook);
}

/** Runs every logout hook; one failing does not stop the others. */
export async function runLogoutHooks() {
  for (const hook of logoutHooks) await Promise.resolve(hook()).catch((error) => console.error(error));
}

/** Tells the other tabs the session changed (they listen for SESSION_SIGNAL's storage event). */
export function announceSessionChange() {
  localStorage.setItem(SESSION_SIGNAL, String(Date.now()));
}

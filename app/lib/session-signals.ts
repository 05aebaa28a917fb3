import type { SessionUser } from '../../common/permissions';

/*
 * What hydrated pages (./session.tsx) and reading pages (app/reading/compat/session.ts) share about
 * the session: the cross-tab signal and the logout hooks (forgetting the device identity, the inbox).
 */
export const SESSION_SIGNAL = 'daftar.session-changed';

/** A logout hook gets the account that signed out (null when the page never knew it). */
type LogoutHook = (user: SessionUser | null) => Promise<void> | void;

const logoutHooks = new Set<LogoutHook>();
/** Run on logout, e.g. forgetting the device identity and the account's editor drafts; registered by the device module. */
export function onLogout(hook: LogoutHook) {
  logoutHooks.add(hook);
  return () => logoutHooks.delete(hook);
}

/** Runs every logout hook; one failing does not stop the others. */
export async function runLogoutHooks(user: SessionUser | null) {
  for (const hook of logoutHooks) await Promise.resolve(hook(user)).catch((error) => console.error(error));
}

/** Tells the other tabs the session changed (they listen for SESSION_SIGNAL's storage event). */
export function announceSessionChange() {
  localStorage.setItem(SESSION_SIGNAL, String(Date.now()));
}

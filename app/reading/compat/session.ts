/*
 * app/lib/session.tsx for the reading islands (decision 0007): the same exports, but the state is
 * one store per page instead of a React context, because each island (header, comments) is its
 * own small render root. The session is fetched once, after the page has loaded (spec §4), and
 * again when another tab signs in or out.
 */
import { type ReactNode, useSyncExternalStore } from 'react';
import type { SessionUser } from '../../../common/permissions';
import { api } from '../../lib/api-client';
import type { SessionState } from '../../lib/session';
import { announceSessionChange, onLogout, runLogoutHooks, SESSION_SIGNAL } from '../../lib/session-signals';

export type { SessionState };
export { announceSessionChange, onLogout, SESSION_SIGNAL };

const listeners = new Set<() => void>();
let state: SessionState;
function set(authReady: boolean, user: SessionUser | null) {
  state = { authReady, loggedIn: Boolean(user), user, refresh, logout };
  for (const listener of listeners) listener();
}

async function refresh() {
  try {
    const response = await fetch(api.auth.session.url(), { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    const body = response.ok ? ((await response.json()) as { user: SessionUser | null }) : { user: null };
    set(true, body.user ?? null);
  } catch {
    set(true, null);
  }
  return state.user;
}

async function logout() {
  await fetch(api.auth.signOut.url(), { method: api.auth.signOut.method, credentials: 'same-origin' }).catch(() => undefined);
  await runLogoutHooks(state.user);
  set(true, null);
  announceSessionChange();
}

state = { authReady: false, loggedIn: false, user: null, refresh, logout };

let started = false;
/** Fetches the session once per page and follows other tabs' sign-in and sign-out. */
export function startSession() {
  if (started) return;
  started = true;
  void refresh();
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_SIGNAL) void refresh();
  });
}

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current state, outside components. */
export const sessionState = () => state;

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, () => state);
}

/** Kept for the shared components' imports; the store needs no provider. */
export function SessionProvider({ children }: { children: ReactNode }) {
  return children;
}

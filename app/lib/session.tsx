import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { SessionUser } from '../../common/permissions';
import { api } from './api-client';
import { announceSessionChange, onLogout, runLogoutHooks, SESSION_SIGNAL } from './session-signals';

/**
 * The browser's view of the session (docs/spec.md §4). Public pages are cacheable and identical for
 * everyone, so the session is fetched after hydration; `authReady` turns true after the first
 * answer, and a failed fetch counts as logged out. Other tabs announce sign-in/out through
 * localStorage (`daftar.session-changed`), and this tab refreshes.
 */
export type SessionState = {
  authReady: boolean;
  loggedIn: boolean;
  user: SessionUser | null;
  /** Re-reads the session and returns the signed-in user (or null). */
  refresh: () => Promise<SessionUser | null>;
  logout: () => Promise<void>;
};

export { announceSessionChange, onLogout, SESSION_SIGNAL };

const SessionContext = createContext<SessionState | null>(null);

/**
 * `known`: the user a private page's server loader already checked (the dashboard's), so its
 * header is rendered on the server with the signed-in links instead of after hydration (issue 30,
 * D26). Public pages pass nothing and stay the same for everyone.
 */
export function SessionProvider({ children, known }: { children: ReactNode; known?: SessionUser }) {
  const [state, setState] = useState<{ authReady: boolean; user: SessionUser | null }>(() =>
    known ? { authReady: true, user: known } : { authReady: false, user: null },
  );

  const refresh = useCallback(async () => {
    try {
      const response = await fetch(api.auth.session.url(), {
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
      });
      const body = response.ok ? ((await response.json()) as { user: SessionUser | null }) : { user: null };
      setState({ authReady: true, user: body.user ?? null });
      return body.user ?? null;
    } catch {
      setState({ authReady: true, user: null });
      return null;
    }
  }, []);

  const signedIn = useRef(state.user);
  signedIn.current = state.user;
  const logout = useCallback(async () => {
    await fetch(api.auth.signOut.url(), { method: api.auth.signOut.method, credentials: 'same-origin' }).catch(() => undefined);
    await runLogoutHooks(signedIn.current);
    setState({ authReady: true, user: null });
    announceSessionChange();
  }, []);

  useEffect(() => {
    refresh();
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_SIGNAL) refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refresh]);

  const value = useMemo(() => ({ ...state, loggedIn: Boolean(state.user), refresh, logout }), [state, refresh, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

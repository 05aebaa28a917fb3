import { Hono } from 'hono';
import { endpoints } from '../../common/endpoints';
import { revokeSession } from '../auth/sessions';
import type { AppDeps } from '../deps';
import { endpointsOn } from './endpoint';
import type { AuthEnv } from './guards';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './request';

/** `/api/_auth/session` (docs/spec.md §7): who is signed in; DELETE signs out and revokes server-side. */
export function createSessionRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/_auth/session');

  on(endpoints.auth.session, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const token = readSessionCookie(c);
    const session = c.get('session'); // read once, by `authorize`
    if (!session) {
      if (token) clearSessionCookie(c);
      return c.json({ loggedIn: false, user: null });
    }
    if (session.refreshed && token) writeSessionCookie(c, token, session.expiresAt);
    return c.json({ loggedIn: true, user: session.user });
  });

  on(endpoints.auth.signOut, async (c) => {
    await revokeSession(deps.db, readSessionCookie(c));
    clearSessionCookie(c);
    return c.json({ loggedIn: false, user: null });
  });

  return routes;
}

import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { OWNER_ROLE, type Permission } from '../../common/permissions';
import { PUBLIC_API_PREFIX } from '../../common/public-api';
import { RECENT_CONFIRMATION_MS } from '../../common/two-factor';
import { invalidApiKey, readApiKeyUser, readBearer } from '../auth/api-keys';
import { readRequestSession, type Session, type SessionUser } from '../auth/sessions';
import { isMissingTableError } from '../db/errors';
import type { AppDeps } from '../deps';
import { AppError, errorForLog } from '../errors';
import { requireInstallerAccess } from '../services/installer';
import { type HalfSigned, readHalfSigned } from '../services/two-factor';
import { clientInfo, readHalfSignedCookie, readSessionCookie } from './request';
import { accessFor } from './route-access';

/** What `authorize` leaves for the handlers: the session, read once per request. */
export type AuthEnv = { Variables: { session?: Session | null; user?: SessionUser; halfSigned?: HalfSigned } };

/**
 * The signed-in user of an API request (after `authorize`), or a 401. (The page guard that sends an
 * anonymous reader to sign in is `requireUser`, app/lib/auth.server.ts.)
 */
export function requireApiUser(c: Context<AuthEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw new AppError(401, 'api.signInRequired');
  return user;
}

/**
 * The one authorisation gate of the API: finds the matched route in the access table
 * (route-access.ts), loads the session, and refuses with 401 (not signed in) or 403 (missing
 * permission). A route without a table entry is refused.
 */
export function authorize(deps: AppDeps): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const route = matchedRoutes(c)
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.endsWith('*'))
      .at(-1);
    if (!route) return next(); // no handler matched: the API's 404 answers
    const access = accessFor(c.req.method === 'HEAD' ? 'GET' : c.req.method, route.path);
    if (!access) {
      console.error(`No access rule for ${c.req.method} ${route.path}; refusing.`);
      throw new AppError(403, 'api.forbidden');
    }
    // The headless API answers everyone alike (cacheable anywhere): a session is never read there.
    if (access === 'public' && route.path.startsWith(PUBLIC_API_PREFIX)) return next();
    // The second step of signing in: the half-signed cookie alone, never a session (and nothing else takes it).
    if (access === 'half-signed') {
      const state = await readHalfSigned(deps.db, readHalfSignedCookie(c));
      if (!state) throw new AppError(401, 'api.twoFactorExpired');
      c.set('halfSigned', state);
      return next();
    }
    // An API key (`Authorization: Bearer`): the request acts as the key alone, never its cookie (so
    // no CSRF rule applies, request.ts), and only through the key's permissions.
    const bearer = readBearer(c.req.header('authorization'));
    if (bearer !== undefined) {
      if (access === 'setup') throw new AppError(403, 'api.apiKeyRefused');
      if (!bearer) throw invalidApiKey();
      const user = await readRequestApiKey(deps.db, bearer, clientInfo(c, deps).ip);
      c.set('session', null);
      c.set('user', user);
      if (access === 'public') return next();
      // Not a permission, so no scope grants it: a key never acts as its owner or on its account's own settings.
      if (access === 'user' || access === 'owner') throw new AppError(403, 'api.apiKeyRefused');
      if (!allows(user, access)) throw new AppError(403, 'api.forbidden');
      return next();
    }
    const session = await readRequestSession(deps.db, readSessionCookie(c));
    c.set('session', session);
    if (session) c.set('user', session.user);
    if (access === 'setup') {
      // Installer steps: every non-GET/HEAD one needs the setup token, and is 403 once installed.
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
        await requireInstallerAccess(deps, c.req.header('x-setup-token'), clientInfo(c, deps).ip);
      return next();
    }
    if (access === 'public') return next();
    if (!session) throw new AppError(401, 'api.signInRequired');
    if (!allows(session.user, access)) {
      // A staff session without the second factor the site requires holds a member's rights (F-42).
      if (session.secondFactorNeeded) throw new AppError(403, 'api.secondFactorNeeded', { secondFactorNeeded: true });
      throw new AppError(403, 'api.forbidden');
    }
    return next();
  };
}

/**
 * The user of an API key (server/auth/api-keys.ts), as `readRequestSession` reads a session: before
 * installation no key exists (401 like any wrong key); any other database failure is a 503.
 */
async function readRequestApiKey(db: AppDeps['db'], key: string, ip: string): Promise<SessionUser> {
  try {
    return await readApiKeyUser(db, key, ip);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isMissingTableError(error)) throw invalidApiKey();
    console.error(`Reading the API key failed:\n${errorForLog(error)}`);
    throw new AppError(503, 'api.databaseUnavailable');
  }
}

/** The session of a signed-in API request (after `authorize`), or a 401. */
export function sessionOf(c: Context<AuthEnv>): Session {
  const session = c.get('session');
  if (!session) throw new AppError(401, 'api.signInRequired');
  return session;
}

/**
 * For a change to the account's own recovery (its factors, recovery codes, address): the session
 * proved its password or a second factor within `RECENT_CONFIRMATION_MS` (at sign-in, or through
 * `POST /api/profile/security/confirm`), so a stolen cookie alone cannot make the takeover last
 * (F-46). Else 403 with `data.confirmIdentity`, which the profile answers with its dialog.
 */
export function requireRecentConfirmation(c: Context<AuthEnv>, now = Date.now()) {
  const at = sessionOf(c).confirmedAt?.getTime();
  if (at === undefined || now - at > RECENT_CONFIRMATION_MS || at > now)
    throw new AppError(403, 'api.confirmIdentityFirst', { confirmIdentity: true });
}

/** Whether a signed-in user passes an access rule: `user`, `owner` or a permission of their roles. */
export function allows(user: SessionUser | undefined, access: 'user' | 'owner' | Permission): boolean {
  if (!user) return false;
  if (access === 'owner') return user.roles.includes(OWNER_ROLE);
  return access === 'user' || user.permissions.includes(access);
}

/**
 * The one check outside `/api`: media uploaded but not published yet (`/media/…`,
 * server/http/media.ts) is for those who may edit pages or read the dashboard. The session is read
 * as `authorize` reads it (readRequestSession: an outage is a 503, never "signed out").
 */
export async function mayReadPendingMedia(deps: AppDeps, c: Context): Promise<boolean> {
  const session = await readRequestSession(deps.db, readSessionCookie(c));
  return allows(session?.user, 'commits.create') || allows(session?.user, 'dashboard.read');
}

import { Hono } from 'hono';
import { loginSchema, passwordChangeSchema, profileUpdateSchema, registerRequestSchema } from '../../common/schemas/account';
import { createLimits, createLoginThrottle } from '../auth/rate-limit';
import type { AppDeps } from '../deps';
import { changePassword, getProfile, login, register, revokeDevice, updateProfile } from '../services/accounts';
import { type AuthEnv, requireUser } from './guards';
import { clientInfo, readSessionCookie, writeHalfSignedCookie, writeSessionCookie } from './request';
import { readJson } from './validate';

/** Registration and login (`/api/auth/*`). */
export function createAuthRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const limits = createLimits(deps.db);
  const loginThrottle = createLoginThrottle(limits);

  routes.post('/register', async (c) => {
    const input = await readJson(c, registerRequestSchema);
    const { userId, session } = await register(deps, limits, input, clientInfo(c, deps));
    writeSessionCookie(c, session.token, session.expiresAt);
    return c.json({ user: { id: userId, username: input.userName } }, 201);
  });

  routes.post('/login', async (c) => {
    const input = await readJson(c, loginSchema);
    const result = await login(deps, loginThrottle, input, clientInfo(c, deps));
    if (result.halfSigned) {
      // No session yet: the second step (server/http/two-factor.ts) finishes signing in.
      writeHalfSignedCookie(c, result.halfSigned.token, result.halfSigned.expiresAt);
      return c.json({ user: { id: result.userId }, twoFactor: { setupRequired: result.setupRequired } });
    }
    writeSessionCookie(c, result.session.token, result.session.expiresAt);
    return c.json({ user: { id: result.userId } });
  });

  return routes;
}

/** The signed-in user's own account (`/api/profile`). */
export function createProfileRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  routes.use('*', async (c, next) => {
    c.header('Cache-Control', 'private, no-store');
    return next();
  });

  routes.get('/', async (c) => c.json(await getProfile(deps, requireUser(c).id)));

  routes.patch('/', async (c) => c.json(await updateProfile(deps, requireUser(c).id, await readJson(c, profileUpdateSchema))));

  routes.post('/password', async (c) => {
    await changePassword(deps, requireUser(c).id, await readJson(c, passwordChangeSchema), readSessionCookie(c));
    return c.json({ ok: true });
  });

  routes.delete('/devices/:id', async (c) => {
    await revokeDevice(deps, requireUser(c).id, c.req.param('id'));
    return c.json({ ok: true });
  });

  return routes;
}

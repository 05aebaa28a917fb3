import { Hono } from 'hono';
import {
  emailChangeSchema,
  emailConfirmSchema,
  forgotPasswordSchema,
  loginSchema,
  notificationPrefsSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  registerRequestSchema,
} from '../../common/schemas/account';
import { createLimits, createLoginThrottle, takeEmailConfirmSend, tokenGuesses, tooManyAttempts } from '../auth/rate-limit';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { confirmEmail, requestEmailChange, resendEmailConfirmation } from '../services/account-email';
import { changePassword, getProfile, login, register, revokeDevice, updateProfile } from '../services/accounts';
import { forgotPassword } from '../services/forgot-password';
import { setNotificationPrefs, unsubscribeNotifications } from '../services/notifications';
import { requestLocale } from './errors';
import { type AuthEnv, requireUser } from './guards';
import { tokenSchema, unsubscribeQuerySchema } from './newsletter';
import { afterResponse, clientInfo, linkOrigin, readSessionCookie, writeHalfSignedCookie, writeSessionCookie } from './request';
import { readJson, readQuery } from './validate';

/** Registration and login (`/api/auth/*`). */
export function createAuthRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const limits = createLimits(deps.db);
  const loginThrottle = createLoginThrottle(limits);

  routes.post('/register', async (c) => {
    const input = await readJson(c, registerRequestSchema);
    const where = { origin: linkOrigin(c, deps), locale: requestLocale(c) };
    const { userId, session, sendConfirmation } = await register(deps, limits, input, clientInfo(c, deps), where);
    if (sendConfirmation) afterResponse(c, sendConfirmation(), 'Confirmation mail');
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

  // Always the same 202 and body, whether anything matched (server/services/forgot-password.ts).
  routes.post('/forgot-password', async (c) => {
    const input = await readJson(c, forgotPasswordSchema);
    const where = { origin: linkOrigin(c, deps), locale: input.locale ?? requestLocale(c) };
    const send = await forgotPassword(deps, limits, input, clientInfo(c, deps), where);
    if (send) afterResponse(c, send(), 'Password reset mail');
    return c.json({ status: 'accepted' }, 202);
  });

  // The mailed link's page posts its token here; wrong tokens are counted per address.
  const confirmGuesses = tokenGuesses(limits, 'email-confirm');
  routes.post('/confirm-email', async (c) => {
    const { token } = await readJson(c, emailConfirmSchema);
    const { ip } = clientInfo(c, deps);
    const wait = await confirmGuesses.guessWait(ip);
    if (wait > 0) throw tooManyAttempts(wait);
    try {
      return c.json(await confirmEmail(deps.db, token));
    } catch (error) {
      if (error instanceof AppError && error.messageKey === 'api.emailLinkInvalid') await confirmGuesses.wrongGuess(ip);
      throw error;
    }
  });

  return routes;
}

/** The signed-in user's own account (`/api/profile`). */
export function createProfileRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const limits = createLimits(deps.db);
  // Each confirmation mail counts for the account: nobody mails an address over and over from here.
  const requireSendAllowed = async (userId: string) => {
    const wait = await takeEmailConfirmSend(limits, userId);
    if (wait > 0) throw tooManyAttempts(wait);
  };
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

  // A new address waits for its mailed link; '' removes the address at once.
  routes.put('/email', async (c) => {
    const { email } = await readJson(c, emailChangeSchema);
    const userId = requireUser(c).id;
    if (email) await requireSendAllowed(userId);
    const send = await requestEmailChange(deps, userId, email, { origin: linkOrigin(c, deps), locale: requestLocale(c) });
    if (send) afterResponse(c, send(), 'Confirmation mail');
    return c.json(await getProfile(deps, userId));
  });

  routes.post('/email/resend', async (c) => {
    const userId = requireUser(c).id;
    await requireSendAllowed(userId);
    const send = await resendEmailConfirmation(deps, userId, { origin: linkOrigin(c, deps), locale: requestLocale(c) });
    if (send) afterResponse(c, send(), 'Confirmation mail');
    return c.json(await getProfile(deps, userId));
  });

  routes.put('/notifications', async (c) => {
    const userId = requireUser(c).id;
    await setNotificationPrefs(deps.db, userId, await readJson(c, notificationPrefsSchema));
    return c.json(await getProfile(deps, userId));
  });

  routes.delete('/devices/:id', async (c) => {
    await revokeDevice(deps, requireUser(c).id, c.req.param('id'));
    return c.json({ ok: true });
  });

  return routes;
}

/** `/api/notifications/unsubscribe`: a notification mail's one-click link (RFC 8058: token in the query) or its page (JSON). */
export function createNotificationRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  routes.post('/unsubscribe', async (c) => {
    const token = readQuery(c, unsubscribeQuerySchema).token ?? (await readJson(c, tokenSchema)).token;
    return c.json(await unsubscribeNotifications(deps.db, token));
  });
  return routes;
}

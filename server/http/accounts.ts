import { Hono } from 'hono';
import { endpoints } from '../../common/endpoints';
import { tokenSchema, unsubscribeQuerySchema } from '../../common/endpoints/newsletter';
import { OWNER_ROLE } from '../../common/permissions';
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
import {
  createLimits,
  createLoginThrottle,
  isAppError,
  takeEmailConfirmSend,
  tokenGuesses,
  tooManyAttempts,
} from '../auth/rate-limit';
import type { AppDeps } from '../deps';
import { confirmEmail, requestEmailChange, resendEmailConfirmation } from '../services/account-email';
import { changePassword, getProfile, login, register, revokeDevice, updateProfile } from '../services/accounts';
import { forgotPassword } from '../services/forgot-password';
import { setNotificationPrefs, unsubscribeNotifications } from '../services/notifications';
import { mailOrigin, requireMailOrigin } from '../site-origin';
import { endpointsOn } from './endpoint';
import { requestLocale } from './errors';
import { type AuthEnv, requireApiUser, requireRecentConfirmation } from './guards';
import { afterResponse, clientInfo, readSessionCookie, writeHalfSignedCookie, writeSessionCookie } from './request';
import { readJson, readQuery } from './validate';

/** Registration and login (`/api/auth/*`). */
export function createAuthRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/auth');
  const limits = createLimits(deps.db);
  const loginThrottle = createLoginThrottle(limits);

  on(endpoints.auth.register, async (c) => {
    const input = await readJson(c, registerRequestSchema);
    // No address (server/site-origin.ts): the account is made, its confirmation mail is not sent.
    const where = { origin: await mailOrigin(deps, 'registration confirmation'), locale: requestLocale(c) };
    const { userId, session, sendConfirmation } = await register(deps, limits, input, clientInfo(c, deps), where);
    if (sendConfirmation) afterResponse(c, sendConfirmation(), 'Confirmation mail');
    writeSessionCookie(c, session.token, session.expiresAt);
    return c.json({ user: { id: userId, username: input.userName } }, 201);
  });

  on(endpoints.auth.login, async (c) => {
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
  on(endpoints.auth.forgotPassword, async (c) => {
    const input = await readJson(c, forgotPasswordSchema);
    // Never the request's Host: a forged one would carry the victim's token to another site (F-41).
    const where = { origin: await mailOrigin(deps, 'password reset'), locale: input.locale ?? requestLocale(c) };
    const send = await forgotPassword(deps, limits, input, clientInfo(c, deps), where);
    if (send) afterResponse(c, send(), 'Password reset mail');
    return c.json({ status: 'accepted' }, 202);
  });

  // The mailed link's page posts its token here; wrong tokens are counted per address.
  const confirmGuesses = tokenGuesses(limits, 'email-confirm');
  on(endpoints.auth.confirmEmail, async (c) => {
    const { token } = await readJson(c, emailConfirmSchema);
    const { ip } = clientInfo(c, deps);
    return c.json(await confirmGuesses.judge(ip, () => confirmEmail(deps.db, token), isAppError('api.emailLinkInvalid')));
  });

  return routes;
}

/** The signed-in user's own account (`/api/profile`). */
export function createProfileRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/profile');
  const limits = createLimits(deps.db);
  // The current password is counted like a sign-in (F-45).
  const throttle = createLoginThrottle(limits);
  // Each confirmation mail counts for the account: nobody mails an address over and over from here.
  const requireSendAllowed = async (userId: string) => {
    const wait = await takeEmailConfirmSend(limits, userId);
    if (wait > 0) throw tooManyAttempts(wait);
  };
  routes.use('*', async (c, next) => {
    c.header('Cache-Control', 'private, no-store');
    return next();
  });

  on(endpoints.profile.get, async (c) => c.json(await getProfile(deps, requireApiUser(c).id)));

  on(endpoints.profile.update, async (c) =>
    c.json(await updateProfile(deps, requireApiUser(c).id, await readJson(c, profileUpdateSchema))),
  );

  on(endpoints.profile.changePassword, async (c) => {
    const input = await readJson(c, passwordChangeSchema);
    await changePassword(deps, throttle, requireApiUser(c).id, input, readSessionCookie(c), clientInfo(c, deps).ip);
    return c.json({ ok: true });
  });

  // A new address waits for its mailed link; '' removes the address at once.
  // The address that recovery mails go to: a recent sign-in or confirmation first (F-46).
  on(endpoints.profile.setEmail, async (c) => {
    requireRecentConfirmation(c);
    const { email } = await readJson(c, emailChangeSchema);
    const userId = requireApiUser(c).id;
    const origin = email && deps.mailer ? await requireMailOrigin(deps, 'e-mail confirmation') : undefined;
    if (email) await requireSendAllowed(userId);
    const send = await requestEmailChange(deps, userId, email, { origin, locale: requestLocale(c) });
    if (send) afterResponse(c, send(), 'Confirmation mail');
    return c.json(await getProfile(deps, userId));
  });

  on(endpoints.profile.resendEmail, async (c) => {
    const userId = requireApiUser(c).id;
    const origin = deps.mailer ? await requireMailOrigin(deps, 'e-mail confirmation') : undefined;
    await requireSendAllowed(userId);
    const send = await resendEmailConfirmation(deps, userId, { origin, locale: requestLocale(c) });
    if (send) afterResponse(c, send(), 'Confirmation mail');
    return c.json(await getProfile(deps, userId));
  });

  on(endpoints.profile.setNotifications, async (c) => {
    const user = requireApiUser(c);
    const { digest, ...prefs } = await readJson(c, notificationPrefsSchema);
    // The weekly digest is the owners' alone: another account's choice of it is left out (F-53).
    await setNotificationPrefs(deps.db, user.id, user.roles.includes(OWNER_ROLE) ? { ...prefs, digest } : prefs);
    return c.json(await getProfile(deps, user.id));
  });

  on(endpoints.profile.revokeDevice, async (c) => {
    await revokeDevice(deps, requireApiUser(c).id, c.req.param('id'));
    return c.json({ ok: true });
  });

  return routes;
}

/** `/api/notifications/unsubscribe`: a notification mail's one-click link (RFC 8058: token in the query) or its page (JSON). */
export function createNotificationRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/notifications');
  on(endpoints.profile.unsubscribeNotifications, async (c) => {
    const token = readQuery(c, unsubscribeQuerySchema).token ?? (await readJson(c, tokenSchema)).token;
    return c.json(await unsubscribeNotifications(deps.db, token));
  });
  return routes;
}

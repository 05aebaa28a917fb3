import type { Context } from 'hono';
import { Hono } from 'hono';
import { endpoints } from '../../common/endpoints';
import {
  confirmIdentitySchema,
  passkeyProofSchema,
  passkeyRegisterSchema,
  securitySettingsSchema,
  twoFactorCodeSchema,
} from '../../common/two-factor';
import {
  createLimits,
  createLoginThrottle,
  isAppError,
  passkeyOptionsRule,
  tokenGuesses,
  tooManyAttempts,
} from '../auth/rate-limit';
import { createSession, markSessionConfirmed, recordDevice } from '../auth/sessions';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { checkOwnPassword } from '../services/accounts';
import {
  beginTotp,
  completeSignIn,
  confirmWithCode,
  deletePasskey,
  disableTotp,
  enableTotp,
  endHalfSigned,
  type HalfSigned,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  readSecuritySettings,
  regenerateRecoveryCodes,
  registerPasskey,
  relyingParty,
  resetFactors,
  saveSecuritySettings,
  secondStepState,
  securityOverview,
  verifyPasskey,
  verifySecondStepCode,
} from '../services/two-factor';
import { requestOrigin } from '../site-origin';
import { endpointsOn } from './endpoint';
import { type AuthEnv, requireApiUser, requireRecentConfirmation, sessionOf } from './guards';
import { clearHalfSignedCookie, clientInfo, writeSessionCookie } from './request';
import { readJson } from './validate';

/**
 * The relying party of WebAuthn: SITE_URL when set (behind a proxy), else the origin the browser
 * used (server/site-origin.ts requestOrigin). Not a link sent away: the browser itself checks that
 * a passkey's origin is the page's, so a forged Host only makes the ceremony fail.
 */
function rpOf(c: Context, deps: AppDeps) {
  const origin = deps.config.SITE_URL ? deps.config.SITE_URL.replace(/\/+$/, '') : requestOrigin(c.req.raw, deps.config);
  return relyingParty(deps.db, origin);
}

/** The state `authorize` read for a `half-signed` route. */
function requireHalfSigned(c: Context<AuthEnv>): HalfSigned {
  const state = c.get('halfSigned');
  if (!state) throw new AppError(401, 'api.twoFactorExpired');
  return state;
}

/**
 * The second step of signing in (`/api/auth/two-factor`, access `half-signed`): reached only with
 * the half-signed cookie a correct password gave; each route that succeeds ends that state and
 * starts the session. Set-up routes serve the accounts the site requires two factors of.
 */
export function createSecondStepRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/auth/two-factor');
  const limits = createLimits(deps.db);
  routes.use('*', async (c, next) => {
    c.header('Cache-Control', 'private, no-store');
    return next();
  });

  const finish = async (c: Context<AuthEnv>, state: HalfSigned, recoveryCodes: string[] | null = null) => {
    const session = await completeSignIn(deps.db, state, clientInfo(c, deps));
    clearHalfSignedCookie(c);
    writeSessionCookie(c, session.token, session.expiresAt);
    return c.json({ user: { id: state.userId }, recoveryCodes });
  };

  on(endpoints.auth.twoFactor, async (c) => c.json(await secondStepState(deps.db, requireHalfSigned(c))));

  on(endpoints.auth.twoFactorAbandon, async (c) => {
    await endHalfSigned(deps.db, requireHalfSigned(c).id);
    clearHalfSignedCookie(c);
    return c.json({ ok: true });
  });

  on(endpoints.auth.twoFactorVerify, async (c) => {
    const state = requireHalfSigned(c);
    const { code } = await readJson(c, twoFactorCodeSchema);
    // Five wrong codes end the state (401): the stale cookie is then refused like an expired one.
    await verifySecondStepCode(deps.db, limits, state, code);
    return finish(c, state);
  });

  on(endpoints.auth.twoFactorPasskeyOptions, async (c) => {
    const state = requireHalfSigned(c);
    return c.json(await passkeyAuthenticationOptions(deps.db, await rpOf(c, deps), state.userId));
  });

  on(endpoints.auth.twoFactorPasskey, async (c) => {
    const state = requireHalfSigned(c);
    const { response } = await readJson(c, passkeyProofSchema);
    await verifyPasskey(deps.db, await rpOf(c, deps), response, state.userId);
    return finish(c, state);
  });

  // Set-up while signing in, for an account the site requires two factors of and which has none.
  const requireSetup = (c: Context<AuthEnv>) => {
    const state = requireHalfSigned(c);
    if (!state.setupRequired) throw new AppError(403, 'api.forbidden');
    return state;
  };

  on(endpoints.auth.twoFactorTotp, async (c) => c.json(await beginTotp(deps.db, requireSetup(c).userId)));

  on(endpoints.auth.twoFactorTotpEnable, async (c) => {
    const state = requireSetup(c);
    const { code } = await readJson(c, twoFactorCodeSchema);
    return finish(c, state, await enableTotp(deps.db, state.userId, code));
  });

  on(endpoints.auth.twoFactorPasskeysOptions, async (c) =>
    c.json(await passkeyRegistrationOptions(deps.db, await rpOf(c, deps), requireSetup(c).userId)),
  );

  on(endpoints.auth.twoFactorPasskeys, async (c) => {
    const state = requireSetup(c);
    const { name, response } = await readJson(c, passkeyRegisterSchema);
    return finish(c, state, await registerPasskey(deps.db, await rpOf(c, deps), state.userId, response, name));
  });

  return routes;
}

/** Password-less sign-in with a passkey (`/api/auth/passkey`, public): wrong proofs are counted per address. */
export function createPasskeySignInRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/auth/passkey');
  const limits = createLimits(deps.db);
  const guesses = tokenGuesses(limits, 'passkey');

  // Each call stores a challenge, so calls are counted per address (F-49), like the proofs.
  on(endpoints.auth.passkeyOptions, async (c) => {
    const { wait } = await limits.take([passkeyOptionsRule(clientInfo(c, deps).ip)]);
    if (wait > 0) throw tooManyAttempts(wait);
    return c.json(await passkeyAuthenticationOptions(deps.db, await rpOf(c, deps), null));
  });

  on(endpoints.auth.passkey, async (c) => {
    const client = clientInfo(c, deps);
    const input = await readJson(c, passkeyProofSchema);
    const rp = await rpOf(c, deps);
    const userId = await guesses.judge(
      client.ip,
      () => verifyPasskey(deps.db, rp, input.response, null),
      isAppError('api.passkeyRefused'),
    );
    const deviceId = input.pub ? await recordDevice(deps.db, userId, input.pub, client, input.deviceName) : undefined;
    const session = await createSession(deps.db, userId, client, deviceId, { twoFactor: true });
    writeSessionCookie(c, session.token, session.expiresAt);
    return c.json({ user: { id: userId } });
  });

  return routes;
}

/** The profile's security section (`/api/profile/security`): the signed-in user's own factors. */
export function createProfileSecurityRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/profile/security');
  routes.use('*', async (c, next) => {
    c.header('Cache-Control', 'private, no-store');
    return next();
  });

  const limits = createLimits(deps.db);
  const throttle = createLoginThrottle(limits);
  /** The signed-in account, after its session proved the password or a factor lately (F-46). */
  const confirmedUser = (c: Context<AuthEnv>) => {
    const user = requireApiUser(c);
    requireRecentConfirmation(c);
    return user;
  };
  /** A factor turned on in this session: the session now has its second factor (F-42). */
  const sessionHasFactor = (c: Context<AuthEnv>) => markSessionConfirmed(deps.db, sessionOf(c).id, { twoFactor: true });

  on(endpoints.profile.security, async (c) =>
    c.json(await securityOverview(deps.db, requireApiUser(c), sessionOf(c).secondFactorNeeded)),
  );

  // The password (counted like a sign-in) or a code (counted like the second step) opens the window.
  on(endpoints.profile.securityConfirm, async (c) => {
    const user = requireApiUser(c);
    const input = await readJson(c, confirmIdentitySchema);
    if (input.code) await confirmWithCode(deps.db, limits, user.id, input.code);
    else await checkOwnPassword(deps, throttle, user.id, input.password ?? '', clientInfo(c, deps).ip, 'password');
    await markSessionConfirmed(deps.db, sessionOf(c).id, { twoFactor: Boolean(input.code) });
    return c.json({ ok: true });
  });

  on(endpoints.profile.securityTotp, async (c) => c.json(await beginTotp(deps.db, confirmedUser(c).id)));

  on(endpoints.profile.securityTotpEnable, async (c) => {
    const { code } = await readJson(c, twoFactorCodeSchema);
    const recoveryCodes = await enableTotp(deps.db, requireApiUser(c).id, code);
    await sessionHasFactor(c);
    return c.json({ recoveryCodes });
  });

  on(endpoints.profile.securityTotpOff, async (c) => {
    await disableTotp(deps.db, confirmedUser(c).id);
    return c.json({ ok: true });
  });

  on(endpoints.profile.securityRecoveryCodes, async (c) =>
    c.json({ recoveryCodes: await regenerateRecoveryCodes(deps.db, confirmedUser(c).id) }),
  );

  on(endpoints.profile.securityPasskeysOptions, async (c) =>
    c.json(await passkeyRegistrationOptions(deps.db, await rpOf(c, deps), confirmedUser(c).id)),
  );

  on(endpoints.profile.securityPasskeys, async (c) => {
    const user = confirmedUser(c);
    const { name, response } = await readJson(c, passkeyRegisterSchema);
    const recoveryCodes = await registerPasskey(deps.db, await rpOf(c, deps), user.id, response, name);
    await sessionHasFactor(c);
    return c.json({ recoveryCodes }, 201);
  });

  on(endpoints.profile.securityPasskeyDelete, async (c) => {
    await deletePasskey(deps.db, confirmedUser(c).id, c.req.param('id'));
    return c.json({ ok: true });
  });

  return routes;
}

/** `POST /api/users/:id/two-factor-reset`: an administrator turns off an account's factors. */
export function createFactorResetRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/users');
  on(endpoints.users.resetTwoFactor, async (c) => {
    await resetFactors(deps.db, requireApiUser(c), c.req.param('id'));
    return c.json({ ok: true });
  });
  return routes;
}

/** `/api/settings/security` (owners): whether staff must use two factors. */
export function createSecuritySettingsRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/settings/security');
  on(endpoints.settings.security, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await readSecuritySettings(deps.db));
  });
  on(endpoints.settings.saveSecurity, async (c) =>
    c.json(await saveSecuritySettings(deps.db, await readJson(c, securitySettingsSchema))),
  );
  return routes;
}

import type { Context } from 'hono';
import { Hono } from 'hono';
import { endpoints } from '../../common/endpoints';
import { passkeyProofSchema, passkeyRegisterSchema, securitySettingsSchema, twoFactorCodeSchema } from '../../common/two-factor';
import { createLimits, isAppError, passkeyOptionsRule, tokenGuesses, tooManyAttempts } from '../auth/rate-limit';
import { createSession, recordDevice } from '../auth/sessions';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import {
  beginTotp,
  completeSignIn,
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
import { type AuthEnv, requireApiUser } from './guards';
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
    const session = await createSession(deps.db, userId, client, deviceId);
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

  on(endpoints.profile.security, async (c) => c.json(await securityOverview(deps.db, requireApiUser(c))));

  on(endpoints.profile.securityTotp, async (c) => c.json(await beginTotp(deps.db, requireApiUser(c).id)));

  on(endpoints.profile.securityTotpEnable, async (c) => {
    const { code } = await readJson(c, twoFactorCodeSchema);
    return c.json({ recoveryCodes: await enableTotp(deps.db, requireApiUser(c).id, code) });
  });

  on(endpoints.profile.securityTotpOff, async (c) => {
    await disableTotp(deps.db, requireApiUser(c).id);
    return c.json({ ok: true });
  });

  on(endpoints.profile.securityRecoveryCodes, async (c) =>
    c.json({ recoveryCodes: await regenerateRecoveryCodes(deps.db, requireApiUser(c).id) }),
  );

  on(endpoints.profile.securityPasskeysOptions, async (c) =>
    c.json(await passkeyRegistrationOptions(deps.db, await rpOf(c, deps), requireApiUser(c).id)),
  );

  on(endpoints.profile.securityPasskeys, async (c) => {
    const { name, response } = await readJson(c, passkeyRegisterSchema);
    const recoveryCodes = await registerPasskey(deps.db, await rpOf(c, deps), requireApiUser(c).id, response, name);
    return c.json({ recoveryCodes }, 201);
  });

  on(endpoints.profile.securityPasskeyDelete, async (c) => {
    await deletePasskey(deps.db, requireApiUser(c).id, c.req.param('id'));
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

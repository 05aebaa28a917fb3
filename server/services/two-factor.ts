import { and, count, desc, eq, gt, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Grantor } from '../../common/grants';
import {
  HALF_SIGNED_TTL_MS,
  isStaff,
  isTotpCode,
  normalizeCode,
  type PasskeySummary,
  RECOVERY_CODE_COUNT,
  type SecondStepState,
  type SecurityOverview,
} from '../../common/two-factor';
import type { Limits } from '../auth/rate-limit';
import { tooManyAttempts } from '../auth/rate-limit';
import { type ClientInfo, createSession, recordDevice, userPermissions } from '../auth/sessions';
import { randomToken, sha256Hex } from '../auth/tokens';
import { matchTotp, newTotpSecret, otpauthUri } from '../auth/totp';
import {
  authenticationOptions,
  base64url,
  fromBase64url,
  type RegisteredPasskey,
  registrationOptions,
  verifyAuthentication,
  verifyRegistration,
  WebauthnError,
} from '../auth/webauthn';
import type { Database } from '../db/database';
import { isMissingTableError } from '../db/errors';
import { halfSignedStates, passkeys, recoveryCodes, settings, totpFactors, users, webauthnChallenges } from '../db/schema';
import { AppError } from '../errors';
import { requireMayManage } from './grants';
import { getSiteSettings } from './site';

/*
 * Two-factor sign-in (docs/security.md "Two-factor sign-in"): an authenticator app (TOTP) with
 * single-use recovery codes, and passkeys (WebAuthn), which also sign in on their own.
 */

import { readSecuritySettings, SECURITY_SETTINGS_KEY, type SecuritySettings } from '../auth/two-factor-policy';

export { readSecuritySettings, SECURITY_SETTINGS_KEY, type SecuritySettings };

/** Wrong codes one half-signed state may take before it ends (sign in with the password again). */
export const HALF_SIGNED_ATTEMPTS = 5;
/** Wrong second-step codes for one account, from any number of half-signed states, per window. */
export const SECOND_STEP_USER_LIMIT = 10;
export const SECOND_STEP_WINDOW_MS = 15 * 60 * 1000;
/** A WebAuthn ceremony's time to finish. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60 * 1000;

// ── policy ───────────────────────────────────────────────────────────────────────────────────────

export async function saveSecuritySettings(db: Database, next: SecuritySettings): Promise<SecuritySettings> {
  await db
    .insert(settings)
    .values({ key: SECURITY_SETTINGS_KEY, value: next })
    .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
  return next;
}

/** Whether the site requires two factors of an account with these permissions and roles (staff). */
async function requiredFor(db: Database, user: { permissions: readonly string[]; roles?: readonly string[] }) {
  return isStaff(user) && (await readSecuritySettings(db)).requireTwoFactor;
}

// ── factors ──────────────────────────────────────────────────────────────────────────────────────

/** Which factors an account has turned on. */
export async function enabledFactors(db: Database, userId: string) {
  const [totp, keys, codes] = await Promise.all([
    db
      .select({ userId: totpFactors.userId })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)))
      .get(),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)).get(),
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      .get(),
  ]);
  const passkeyCount = keys?.n ?? 0;
  return { totp: Boolean(totp), passkeys: passkeyCount, recoveryCodes: codes?.n ?? 0, any: Boolean(totp) || passkeyCount > 0 };
}

export async function securityOverview(
  db: Database,
  user: { id: string },
  secondFactorNeeded = false,
): Promise<SecurityOverview> {
  const [factors, keys, required] = await Promise.all([
    enabledFactors(db, user.id),
    db
      .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, user.id))
      .orderBy(passkeys.createdAt),
    // The account's own roles: a session that lacks its second factor sees a member's (sessions.ts).
    userPermissions(db, user.id).then((held) => requiredFor(db, held)),
  ]);
  const list: PasskeySummary[] = keys.map((k) => ({
    id: k.id,
    name: k.name,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  }));
  return { totp: factors.totp, passkeys: list, recoveryCodesLeft: factors.recoveryCodes, required, secondFactorNeeded };
}

/** The otpauth:// account label and issuer: the site's name in the account's sign-in locale. */
async function issuerName(db: Database) {
  const site = await getSiteSettings(db);
  return site.siteName.en || site.siteName.fa || 'Daftar';
}

/**
 * Begins (or begins again) the authenticator set-up: a new secret, not yet asked for at sign-in.
 * Refused while one is on: turn it off first.
 */
export async function beginTotp(db: Database, userId: string) {
  const current = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).get();
  if (current?.enabledAt) throw new AppError(409, 'api.totpAlreadyOn');
  const user = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).get();
  if (!user) throw new AppError(404, 'api.notFound');
  const secret = newTotpSecret();
  await db
    .insert(totpFactors)
    .values({ userId, secret })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secret, enabledAt: null, lastStep: 0 } });
  return { secret, uri: otpauthUri(secret, await issuerName(db), user.username) };
}

/**
 * Turns the authenticator on when the code matches the secret being set up. Answers the new
 * recovery codes when the account had none left (shown once), else null.
 */
export async function enableTotp(db: Database, userId: string, typed: string, now = Date.now()) {
  const pending = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).get();
  if (!pending || pending.enabledAt) throw new AppError(409, 'api.totpNotBegun');
  const step = await matchTotp(pending.secret, normalizeCode(typed), now, pending.lastStep);
  if (step === null) throw codeWrong();
  const done = await db
    .update(totpFactors)
    .set({ enabledAt: new Date(now), lastStep: step })
    .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.enabledAt), lt(totpFactors.lastStep, step)))
    .returning({ userId: totpFactors.userId });
  if (!done.length) throw codeWrong();
  return ensureRecoveryCodes(db, userId);
}

export async function disableTotp(db: Database, userId: string) {
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
}

function codeWrong() {
  return new AppError(400, 'api.twoFactorCodeWrong', { issues: [{ path: ['code'], message: 'api.twoFactorCodeWrong' }] });
}

/** Accepts a TOTP code once: the step is recorded in the same statement that checks it was not used. */
async function spendTotp(db: Database, userId: string, code: string, now: number) {
  const factor = await db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)))
    .get();
  if (!factor) return false;
  const step = await matchTotp(factor.secret, code, now, factor.lastStep);
  if (step === null) return false;
  const used = await db
    .update(totpFactors)
    .set({ lastStep: step })
    .where(and(eq(totpFactors.userId, userId), lt(totpFactors.lastStep, step)))
    .returning({ userId: totpFactors.userId });
  return used.length > 0;
}

// ── recovery codes ───────────────────────────────────────────────────────────────────────────────

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i

function newRecoveryCode() {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces the account's recovery codes with ten new ones; answers them (the only time they are seen). */
export async function regenerateRecoveryCodes(db: Database, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const rows = await Promise.all(
    codes.map(async (code) => ({ id: crypto.randomUUID(), userId, codeHash: await sha256Hex(normalizeCode(code)) })),
  );
  await db.batch([db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)), db.insert(recoveryCodes).values(rows)]);
  return codes;
}

/** New codes when the account has none left (its first factor), else null. */
async function ensureRecoveryCodes(db: Database, userId: string) {
  const left = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .get();
  return left?.n ? null : regenerateRecoveryCodes(db, userId);
}

/** Spends a recovery code: one statement marks it used only if it was not, so it works once. */
async function spendRecoveryCode(db: Database, userId: string, code: string) {
  if (!/^[a-z0-9]{10}$/.test(code)) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, await sha256Hex(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

// ── the half-signed state ────────────────────────────────────────────────────────────────────────

export type HalfSigned = typeof halfSignedStates.$inferSelect;

/** Whether signing in this account needs a second step, and if so why. */
export async function secondStepNeeded(db: Database, userId: string): Promise<{ setupRequired: boolean } | null> {
  const factors = await enabledFactors(db, userId);
  if (factors.any) return { setupRequired: false };
  return (await requiredFor(db, await userPermissions(db, userId))) ? { setupRequired: true } : null;
}

/** Starts the half-signed state; the token goes to its own cookie, only its hash here. */
export async function startHalfSigned(
  db: Database,
  userId: string,
  setupRequired: boolean,
  device: { pub?: string; deviceName?: string },
  now = Date.now(),
) {
  const token = randomToken(32);
  const expiresAt = new Date(now + HALF_SIGNED_TTL_MS);
  await db.insert(halfSignedStates).values({
    id: await sha256Hex(token),
    userId,
    setupRequired,
    devicePub: device.pub ?? null,
    deviceName: device.deviceName ?? '',
    expiresAt,
  });
  return { token, expiresAt };
}

/** The live half-signed state of a token (an enabled account's, not expired), or null. */
export async function readHalfSigned(db: Database, token: string | undefined, now = Date.now()): Promise<HalfSigned | null> {
  if (!token || token.length > 200) return null;
  try {
    const row = await db
      .select({ state: halfSignedStates })
      .from(halfSignedStates)
      .innerJoin(users, eq(users.id, halfSignedStates.userId))
      .where(
        and(
          eq(halfSignedStates.id, await sha256Hex(token)),
          gt(halfSignedStates.expiresAt, new Date(now)),
          isNull(users.disabledAt),
        ),
      )
      .get();
    return row?.state ?? null;
  } catch (error) {
    if (isMissingTableError(error)) return null;
    throw error;
  }
}

export async function endHalfSigned(db: Database, id: string) {
  await db.delete(halfSignedStates).where(eq(halfSignedStates.id, id));
}

/** What the second-step page offers. */
export async function secondStepState(db: Database, state: HalfSigned): Promise<SecondStepState> {
  const factors = await enabledFactors(db, state.userId);
  return {
    setupRequired: state.setupRequired && !factors.any,
    totp: factors.totp,
    passkeys: factors.passkeys > 0,
    recoveryCodes: factors.recoveryCodes > 0,
    expiresAt: state.expiresAt.toISOString(),
  };
}

/** Ends the half-signed state and starts the session it was waiting for. */
export async function completeSignIn(db: Database, state: HalfSigned, client: ClientInfo) {
  const gone = await db.delete(halfSignedStates).where(eq(halfSignedStates.id, state.id)).returning({ id: halfSignedStates.id });
  // Two requests finishing one state: only the first gets a session.
  if (!gone.length) throw new AppError(401, 'api.twoFactorExpired');
  const deviceId = state.devicePub ? await recordDevice(db, state.userId, state.devicePub, client, state.deviceName) : undefined;
  return createSession(db, state.userId, client, deviceId, { twoFactor: true });
}

/**
 * The second step with a typed code (authenticator or recovery). Each try counts for the state
 * (five wrong ones end it) and for the account (ten per 15 minutes from all its states).
 */
export async function verifySecondStepCode(db: Database, limits: Limits, state: HalfSigned, typed: string, now = Date.now()) {
  if (state.setupRequired && !(await enabledFactors(db, state.userId)).any) throw new AppError(403, 'api.twoFactorSetupFirst');
  const userKey = `second-step-user:${state.userId}`;
  const taken = await limits.take([
    { key: userKey, limit: SECOND_STEP_USER_LIMIT, windowMs: SECOND_STEP_WINDOW_MS },
    { key: `second-step:${state.id}`, limit: HALF_SIGNED_ATTEMPTS, windowMs: HALF_SIGNED_TTL_MS },
  ]);
  if (taken.wait) {
    if ((taken.counts[1] ?? 0) >= HALF_SIGNED_ATTEMPTS) {
      await endHalfSigned(db, state.id);
      throw new AppError(401, 'api.twoFactorExpired');
    }
    throw tooManyAttempts(taken.wait);
  }
  const code = normalizeCode(typed);
  const ok = isTotpCode(code) ? await spendTotp(db, state.userId, code, now) : await spendRecoveryCode(db, state.userId, code);
  if (!ok) throw codeWrong();
  await limits.forgive({ clear: [userKey], refund: [] });
}

/**
 * A signed-in account confirms who it is with a code (authenticator or recovery; F-46), counted for
 * the account like the second step (ten wrong per 15 minutes, then 429).
 */
export async function confirmWithCode(db: Database, limits: Limits, userId: string, typed: string, now = Date.now()) {
  const userKey = `second-step-user:${userId}`;
  const taken = await limits.take([{ key: userKey, limit: SECOND_STEP_USER_LIMIT, windowMs: SECOND_STEP_WINDOW_MS }]);
  if (taken.wait) throw tooManyAttempts(taken.wait);
  const code = normalizeCode(typed);
  const ok = isTotpCode(code) ? await spendTotp(db, userId, code, now) : await spendRecoveryCode(db, userId, code);
  if (!ok) throw codeWrong();
  await limits.forgive({ clear: [userKey], refund: [] });
}

// ── passkeys (WebAuthn) ──────────────────────────────────────────────────────────────────────────

/** The relying party: the site's own address (SITE_URL when set, else the request's origin). */
export type RelyingParty = { origin: string; rpID: string; name: string };

export async function relyingParty(db: Database, origin: string): Promise<RelyingParty> {
  return { origin, rpID: new URL(origin).hostname, name: await issuerName(db) };
}

/**
 * Password-less sign-in challenges open at once on the whole site (F-49). Each address may ask for
 * a few (rate-limit.ts `passkeyOptionsRule`); past this, the oldest open ones go first.
 */
export const OPEN_SIGN_IN_CHALLENGES_MAX = 1000;

/**
 * Stores a challenge. A password-less one (no account) also drops expired challenges and the
 * oldest password-less ones past `OPEN_SIGN_IN_CHALLENGES_MAX`, in the same transaction, so anonymous
 * option calls never grow the table beyond that between two purges.
 */
async function storeChallenge(
  db: Database,
  challenge: string,
  purpose: 'register' | 'authenticate',
  userId: string | null,
  now = Date.now(),
) {
  const insert = db
    .insert(webauthnChallenges)
    .values({ challenge, purpose, userId, expiresAt: new Date(now + WEBAUTHN_CHALLENGE_TTL_MS) });
  if (userId) {
    await insert;
    return;
  }
  // The expiry of the newest password-less challenge past the cap (none: nothing goes).
  const cutoff = db
    .select({ at: webauthnChallenges.expiresAt })
    .from(webauthnChallenges)
    .where(isNull(webauthnChallenges.userId))
    .orderBy(desc(webauthnChallenges.expiresAt))
    .limit(1)
    .offset(OPEN_SIGN_IN_CHALLENGES_MAX);
  await db.batch([
    db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, new Date(now))),
    insert,
    db
      .delete(webauthnChallenges)
      .where(and(isNull(webauthnChallenges.userId), sql`${webauthnChallenges.expiresAt} <= (${cutoff})`)),
  ]);
}

/** Spends a stored challenge: true once, for its purpose and account, before it expires. */
function challengeTaker(db: Database, purpose: 'register' | 'authenticate', userId: string | null) {
  return async (challenge: string) => {
    const gone = await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          userId ? eq(webauthnChallenges.userId, userId) : isNull(webauthnChallenges.userId),
          gt(webauthnChallenges.expiresAt, new Date()),
        ),
      )
      .returning({ challenge: webauthnChallenges.challenge });
    return gone.length > 0;
  };
}

export async function passkeyRegistrationOptions(db: Database, rp: RelyingParty, userId: string) {
  const user = await db
    .select({ username: users.username, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!user) throw new AppError(404, 'api.notFound');
  const existing = await db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  const options = registrationOptions({
    rpName: rp.name,
    rpID: rp.rpID,
    user: { id: new TextEncoder().encode(userId), name: user.username, displayName: user.displayName },
    exclude: existing,
  });
  await storeChallenge(db, options.challenge, 'register', userId);
  return options;
}

/** Registers a passkey from the browser's answer; answers the recovery codes when it is the first factor. */
export async function registerPasskey(db: Database, rp: RelyingParty, userId: string, response: unknown, name: string) {
  let credential: RegisteredPasskey;
  try {
    credential = await verifyRegistration(response, {
      challenge: challengeTaker(db, 'register', userId),
      origin: rp.origin,
      rpID: rp.rpID,
    });
  } catch (error) {
    if (error instanceof WebauthnError || error instanceof DOMException) throw new AppError(400, 'api.passkeyRefused');
    throw error;
  }
  const hadFactor = (await enabledFactors(db, userId)).any;
  const inserted = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId,
      name,
      publicKey: base64url(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports,
      backedUp: credential.backedUp,
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  if (!inserted.length) throw new AppError(409, 'api.passkeyExists');
  return hadFactor ? null : ensureRecoveryCodes(db, userId);
}

/** Options for proving a passkey: the account's own at the second step, any discoverable one to sign in. */
export async function passkeyAuthenticationOptions(db: Database, rp: RelyingParty, userId: string | null) {
  const allow = userId
    ? (
        await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId))
      ).map((k) => ({ id: k.id, transports: k.transports }))
    : undefined;
  if (userId && !allow?.length) throw new AppError(409, 'api.passkeyNone');
  const options = authenticationOptions({ rpID: rp.rpID, allow });
  await storeChallenge(db, options.challenge, 'authenticate', userId);
  return options;
}

/**
 * Verifies a passkey assertion; answers the account it belongs to. `userId`: the account of a
 * second step (the passkey must be its own); null for a password-less sign-in.
 */
export async function verifyPasskey(db: Database, rp: RelyingParty, response: unknown, userId: string | null): Promise<string> {
  const id = typeof (response as { id?: unknown })?.id === 'string' ? (response as { id: string }).id : '';
  if (!id || id.length > 1400) throw new AppError(400, 'api.passkeyRefused');
  const key = await db
    .select({ passkey: passkeys })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(and(eq(passkeys.id, id), isNull(users.disabledAt)))
    .get();
  if (!key || (userId && key.passkey.userId !== userId)) throw new AppError(400, 'api.passkeyRefused');
  let proven: { counter: number };
  try {
    proven = await verifyAuthentication(response, {
      challenge: challengeTaker(db, 'authenticate', userId),
      origin: rp.origin,
      rpID: rp.rpID,
      credential: { id: key.passkey.id, publicKey: fromBase64url(key.passkey.publicKey), counter: key.passkey.counter },
    });
  } catch (error) {
    if (error instanceof WebauthnError || error instanceof DOMException) throw new AppError(400, 'api.passkeyRefused');
    throw error;
  }
  await db.update(passkeys).set({ counter: proven.counter, lastUsedAt: new Date() }).where(eq(passkeys.id, key.passkey.id));
  return key.passkey.userId;
}

export async function deletePasskey(db: Database, userId: string, id: string) {
  const gone = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (!gone.length) throw new AppError(404, 'api.notFound');
}

// ── administration and upkeep ────────────────────────────────────────────────────────────────────

/**
 * An administrator turns off every factor of an account (a lost phone): its authenticator,
 * passkeys and recovery codes go. The grant rule applies (only an owner resets an owner).
 */
export async function resetFactors(db: Database, actor: Grantor & { id: string }, userId: string) {
  await requireMayManage(db, actor, userId);
  const user = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get();
  if (!user) throw new AppError(404, 'api.notFound');
  await db.batch([
    db.delete(totpFactors).where(eq(totpFactors.userId, userId)),
    db.delete(passkeys).where(eq(passkeys.userId, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId)),
    db.delete(halfSignedStates).where(eq(halfSignedStates.userId, userId)),
  ]);
}

/** Drops expired half-signed states and challenges (the `expired-rows` job). */
export async function purgeExpiredSignInSteps(db: Database, now = new Date()) {
  try {
    await db.batch([
      db.delete(halfSignedStates).where(lte(halfSignedStates.expiresAt, now)),
      db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now)),
    ]);
  } catch (error) {
    if (!isMissingTableError(error)) throw error;
  }
}

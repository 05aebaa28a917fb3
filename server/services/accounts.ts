import { and, desc, eq } from 'drizzle-orm';
import type { Locale } from '../../common/locales';
import { OWNER_ROLE } from '../../common/permissions';
import type { LoginRequest, PasswordChange, ProfileUpdate, RegisterRequest } from '../../common/schemas/account';
import { hashPassword, verifyPassword } from '../auth/password';
import { requireStrongPassword } from '../auth/password-strength';
import { type Limits, type LoginThrottle, takeRegistration, tooManyAttempts } from '../auth/rate-limit';
import { type ClientInfo, createSession, recordDevice, revokeDeviceSessions, revokeUserSessions } from '../auth/sessions';
import { requireTurnstile } from '../auth/turnstile';
import { comments, devices, pages, userRoles, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { requestEmailChange } from './account-email';
import { isInstalled } from './site';
import { secondStepNeeded, startHalfSigned } from './two-factor';
import { createUser, findUserByName, requireEmailFree } from './users';

/** Dummy hashes (one per iteration count) so a login for an unknown name costs as much as one for a real name. */
const decoyHashes = new Map<number | undefined, Promise<string>>();

async function startSession(deps: AppDeps, userId: string, device: { pub?: string; deviceName?: string }, client: ClientInfo) {
  const deviceId = device.pub ? await recordDevice(deps.db, userId, device.pub, client, device.deviceName) : undefined;
  return createSession(deps.db, userId, client, deviceId);
}

/** Accounts exist only once the site is installed (its owner created): before that, a 409. */
async function requireInstalled(deps: AppDeps) {
  if (!(await isInstalled(deps.db))) throw new AppError(409, 'api.notInstalled');
}

/**
 * Registration: a new member, signed in at once. Closed until the site is installed; every
 * attempt counts against the address's registration limit.
 */
export async function register(
  deps: AppDeps,
  limits: Limits,
  input: RegisterRequest,
  client: ClientInfo,
  /** `origin`: the site's address (server/site-origin.ts); none, and the confirmation mail is not sent. */
  where: { origin: string | undefined; locale: Locale },
) {
  await requireInstalled(deps);
  const wait = await takeRegistration(limits, client.ip);
  if (wait > 0) throw tooManyAttempts(wait);
  await requireTurnstile(deps.config, input.turnstileToken, client.ip);
  await requireStrongPassword(input.password, [input.userName, input.firstName, input.lastName]);
  // An address given here waits for its mailed link like any other (account-email.ts).
  const { email, ...account } = input;
  await requireEmailFree(deps.db, email);
  const userId = await createUser(deps.db, { ...account, locale: where.locale }, ['member'], deps.passwordIterations);
  const sendConfirmation = email ? await requestEmailChange(deps, userId, email, where) : undefined;
  return { userId, session: await startSession(deps, userId, input, client), sendConfirmation };
}

/**
 * Login with one generic failure message. Refused with 429 past the failure limits of the
 * (address, name) pair and of the address; a name failing from many addresses is only slowed
 * down (server/auth/rate-limit.ts).
 */
export async function login(deps: AppDeps, throttle: LoginThrottle, input: LoginRequest, client: ClientInfo) {
  await requireInstalled(deps);
  const wait = await throttle.attempt(client.ip, input.userName);
  if (wait > 0) throw tooManyAttempts(wait);
  await requireTurnstile(deps.config, input.turnstileToken, client.ip);
  const user = await findUserByName(deps.db, input.userName);
  const decoyHash = decoyHashes.get(deps.passwordIterations) ?? hashPassword('decoy password', deps.passwordIterations);
  decoyHashes.set(deps.passwordIterations, decoyHash);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash));
  if (!user || !valid || user.disabledAt) {
    await throttle.fail(client.ip, input.userName);
    throw new AppError(401, 'api.invalidCredentials');
  }
  await throttle.succeed(client.ip, input.userName);
  // Two factors (docs/security.md): a correct password alone gives only the half-signed state.
  const second = await secondStepNeeded(deps.db, user.id);
  if (second) {
    const halfSigned = await startHalfSigned(deps.db, user.id, second.setupRequired, input);
    return { userId: user.id, halfSigned, setupRequired: second.setupRequired };
  }
  return { userId: user.id, session: await startSession(deps, user.id, input, client) };
}

export async function getProfile(deps: AppDeps, userId: string) {
  const user = await deps.db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new AppError(404, 'api.notFound');
  const [deviceRows, commentRows, owner] = await Promise.all([
    deps.db
      .select({
        id: devices.id,
        name: devices.name,
        userAgent: devices.userAgent,
        lastSeenAt: devices.lastSeenAt,
        createdAt: devices.createdAt,
      })
      .from(devices)
      .where(eq(devices.userId, userId))
      .orderBy(desc(devices.lastSeenAt)),
    deps.db
      .select({
        id: comments.id,
        locale: comments.locale,
        pageSlug: comments.pageSlug,
        pageTitle: pages.title,
        body: comments.body,
        status: comments.status,
        createdAt: comments.createdAt,
      })
      .from(comments)
      .leftJoin(pages, and(eq(pages.locale, comments.locale), eq(pages.slug, comments.pageSlug)))
      .where(eq(comments.userId, userId))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(50),
    deps.db.$count(userRoles, and(eq(userRoles.userId, userId), eq(userRoles.roleId, OWNER_ROLE))),
  ]);
  return {
    user: {
      id: user.id,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      displayName: user.displayName,
      about: user.about,
      avatarUrl: user.avatarUrl,
      createdAt: user.createdAt,
      // The account's own eyes only (and `users.edit` holders on the users screen).
      email: user.email,
      pendingEmail: user.pendingEmail,
      // The weekly digest is offered to owners only.
      notifications: {
        replies: user.notifyReplies,
        moderation: user.notifyModeration,
        ...(owner ? { digest: user.notifyDigest } : {}),
      },
    },
    devices: deviceRows,
    comments: commentRows,
  };
}

export async function updateProfile(deps: AppDeps, userId: string, input: ProfileUpdate) {
  await deps.db
    .update(users)
    .set({ ...input, displayName: `${input.firstName} ${input.lastName}`, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return getProfile(deps, userId);
}

/**
 * The signed-in account's password typed again (a password change, confirming who one is): counted
 * as a sign-in of its user name from the request's address, before it is checked (F-45), so a
 * stolen session is no faster a guessing oracle than the login form and shares its limits (5 per
 * pair, 20 per address, the name's slow-down). 429 past a limit; a 400 on `field` when wrong.
 */
export async function checkOwnPassword(
  deps: AppDeps,
  throttle: LoginThrottle,
  userId: string,
  password: string,
  ip: string,
  field: string,
) {
  const user = await deps.db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new AppError(404, 'api.notFound');
  const wait = await throttle.attempt(ip, user.username);
  if (wait > 0) throw tooManyAttempts(wait);
  if (!(await verifyPassword(password, user.passwordHash))) {
    await throttle.fail(ip, user.username);
    throw new AppError(400, 'api.currentPasswordWrong', { issues: [{ path: [field], message: 'api.currentPasswordWrong' }] });
  }
  await throttle.succeed(ip, user.username);
  return user;
}

/** Password change: the current password is required, the new one must not be weak; every other session ends. */
export async function changePassword(
  deps: AppDeps,
  throttle: LoginThrottle,
  userId: string,
  input: PasswordChange,
  currentToken: string | undefined,
  ip: string,
) {
  const user = await checkOwnPassword(deps, throttle, userId, input.currentPassword, ip, 'currentPassword');
  await requireStrongPassword(input.password, [user.username, user.firstName, user.lastName]);
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password, deps.passwordIterations), updatedAt: new Date() })
    .where(eq(users.id, userId));
  await revokeUserSessions(deps.db, userId, currentToken);
}

/** Signs a device out: its sessions end and it leaves the list. */
export async function revokeDevice(deps: AppDeps, userId: string, deviceId: string) {
  const device = await deps.db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.userId, userId)))
    .get();
  if (!device) throw new AppError(404, 'api.notFound');
  await revokeDeviceSessions(deps.db, [device.id]);
  await deps.db.delete(devices).where(eq(devices.id, device.id));
}

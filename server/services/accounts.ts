import { and, desc, eq } from 'drizzle-orm';
import type { LoginRequest, PasswordChange, ProfileUpdate, RegisterRequest } from '../../common/schemas/account';
import { hashPassword, verifyPassword } from '../auth/password';
import type { RateLimiter } from '../auth/rate-limit';
import { type ClientInfo, createSession, recordDevice, revokeDeviceSessions, revokeUserSessions } from '../auth/sessions';
import { requireTurnstile } from '../auth/turnstile';
import { comments, devices, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { createUser, findUserByName } from './users';

/** A dummy hash so a login for an unknown name costs as much as one for a real name. */
let decoyHash: Promise<string> | undefined;

async function startSession(deps: AppDeps, userId: string, device: { pub?: string; deviceName?: string }, client: ClientInfo) {
  const deviceId = device.pub ? await recordDevice(deps.db, userId, device.pub, client, device.deviceName) : undefined;
  return createSession(deps.db, userId, client, deviceId);
}

/** Registration: a new member, signed in at once. */
export async function register(deps: AppDeps, input: RegisterRequest, client: ClientInfo) {
  await requireTurnstile(deps.config, input.turnstileToken, client.ip);
  const userId = await createUser(deps.db, input, ['member']);
  return { userId, session: await startSession(deps, userId, input, client) };
}

/**
 * Login with one generic failure message; failures are counted per IP and per user name and
 * refused with 429 past the limit.
 */
export async function login(deps: AppDeps, limiter: RateLimiter, input: LoginRequest, client: ClientInfo) {
  const keys = [`ip:${client.ip}`, `user:${input.userName.toLowerCase()}`];
  const wait = limiter.retryAfter(keys);
  if (wait > 0)
    throw new AppError(
      429,
      'api.tooManyAttempts',
      { retryAfterSeconds: Math.ceil(wait / 1000) },
      { minutes: Math.ceil(wait / 60000) },
    );
  await requireTurnstile(deps.config, input.turnstileToken, client.ip);
  const user = await findUserByName(deps.db, input.userName);
  decoyHash ??= hashPassword('decoy password');
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash));
  if (!user || !valid || user.disabledAt) {
    limiter.fail(keys);
    throw new AppError(401, 'api.invalidCredentials');
  }
  limiter.reset(`user:${input.userName.toLowerCase()}`);
  return { userId: user.id, session: await startSession(deps, user.id, input, client) };
}

export async function getProfile(deps: AppDeps, userId: string) {
  const user = await deps.db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new AppError(404, 'api.notFound');
  const [deviceRows, commentRows] = await Promise.all([
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
        body: comments.body,
        status: comments.status,
        createdAt: comments.createdAt,
      })
      .from(comments)
      .where(eq(comments.userId, userId))
      .orderBy(desc(comments.createdAt))
      .limit(50),
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

/** Password change: the current password is required; every other session ends. */
export async function changePassword(deps: AppDeps, userId: string, input: PasswordChange, currentToken: string | undefined) {
  const user = await deps.db.select().from(users).where(eq(users.id, userId)).get();
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new AppError(400, 'api.currentPasswordWrong', {
      issues: [{ path: ['currentPassword'], message: 'api.currentPasswordWrong' }],
    });
  }
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
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

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createInstalledSite } from '../../tests/support/site';
import { devices } from '../db/schema';
import {
  createSession,
  purgeExpiredSessions,
  readRequestSession,
  readSession,
  recordDevice,
  revokeUserSessions,
  SESSION_TTL_MS,
} from './sessions';

const client = { ip: '127.0.0.1', userAgent: 'vitest' };

describe('a session', () => {
  it('knows the device it was started from', async () => {
    const { deps, ids } = await createInstalledSite();
    const deviceId = await recordDevice(deps.db, ids.member, 'ab'.repeat(32), client);
    await recordDevice(deps.db, ids.member, 'cd'.repeat(32), client);
    const { token } = await createSession(deps.db, ids.member, client, deviceId);
    expect((await readSession(deps.db, token))?.deviceId).toBe(deviceId);
  });

  it('has no device without a device key, and unknown tokens are no session', async () => {
    const { deps, ids } = await createInstalledSite();
    const { token } = await createSession(deps.db, ids.member, client);
    expect((await readSession(deps.db, token))?.deviceId).toBeNull();
    expect(await readSession(deps.db, undefined)).toBeNull();
    expect(await readSession(deps.db, 'unknown')).toBeNull();
  });
});

describe('signing out every other session', () => {
  it('ends the other sessions and drops their devices from the list, keeping this one', async () => {
    const { deps, ids } = await createInstalledSite();
    const here = await recordDevice(deps.db, ids.member, 'ab'.repeat(32), client);
    const there = await recordDevice(deps.db, ids.member, 'cd'.repeat(32), client);
    const mine = await createSession(deps.db, ids.member, client, here);
    const theirs = await createSession(deps.db, ids.member, client, there);
    const ownerDevice = await recordDevice(deps.db, ids.owner, 'ef'.repeat(32), client);

    await revokeUserSessions(deps.db, ids.member, mine.token);

    expect(await readSession(deps.db, mine.token)).not.toBeNull();
    expect(await readSession(deps.db, theirs.token)).toBeNull();
    const left = await deps.db.select({ id: devices.id }).from(devices).where(eq(devices.userId, ids.member));
    expect(left.map((row) => row.id)).toEqual([here]);
    // Nobody else's devices are touched.
    expect(await deps.db.select().from(devices).where(eq(devices.id, ownerDevice)).get()).toBeDefined();
  });

  it('drops every device when no session is kept (an account disabled, a password reset)', async () => {
    const { deps, ids } = await createInstalledSite();
    const device = await recordDevice(deps.db, ids.member, 'ab'.repeat(32), client);
    await createSession(deps.db, ids.member, client, device);
    await revokeUserSessions(deps.db, ids.member);
    expect(await deps.db.select().from(devices).where(eq(devices.userId, ids.member))).toEqual([]);
  });
});

describe('purging expired sessions', () => {
  it('removes only sessions past their expiry', async () => {
    const { deps, ids } = await createInstalledSite();
    const live = await createSession(deps.db, ids.member, client);
    const later = new Date(Date.now() + SESSION_TTL_MS + 60_000);
    const fresh = await createSession(deps.db, ids.editor, client);
    expect(await purgeExpiredSessions(deps.db)).toBe(0);
    expect(await readSession(deps.db, live.token)).not.toBeNull();
    // A month on, every session made before is expired, and purged.
    expect(await purgeExpiredSessions(deps.db, later)).toBeGreaterThanOrEqual(2);
    expect(await readSession(deps.db, live.token)).toBeNull();
    expect(await readSession(deps.db, fresh.token)).toBeNull();
  });

  it('does nothing on a database that is not installed', async () => {
    const { createTestDeps } = await import('../../tests/support/deps');
    const { deps } = await createTestDeps({ migrate: false });
    expect(await purgeExpiredSessions(deps.db)).toBe(0);
  });
});

describe('reading the session of a request', () => {
  it('is "signed out" on a database that is not installed yet', async () => {
    const { createTestDeps } = await import('../../tests/support/deps');
    const { deps } = await createTestDeps({ migrate: false });
    expect(await readRequestSession(deps.db, 'any-token')).toBeNull();
  });

  it('is a 503, not "signed out", when the database fails', async () => {
    const { deps, ids } = await createInstalledSite();
    const { token } = await createSession(deps.db, ids.member, client);
    const failing = new Proxy(deps.db, {
      get(target, key, receiver) {
        if (key === 'select')
          return () => {
            throw new Error('SQLITE_BUSY: database is locked');
          };
        return Reflect.get(target, key, receiver);
      },
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await expect(readRequestSession(failing, token)).rejects.toMatchObject({ statusCode: 503 });
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});

import { createApp } from '../../server/app';
import { createSession } from '../../server/auth/sessions';
import { runMigrations } from '../../server/db/migrate';
import { createOwner, loadDefaultData } from '../../server/services/installer';
import { createUser } from '../../server/services/users';
import { createTestDeps } from './deps';

export const PASSWORD = 'test-password';
const client = { ip: '127.0.0.1', userAgent: 'vitest' };

/** A session cookie for a user, made directly (no login round trip). */
export async function loginAs(deps: Awaited<ReturnType<typeof createTestDeps>>['deps'], userId: string) {
  const { token } = await createSession(deps.db, userId, client);
  return `daftar_session=${token}`;
}

/** An installed site with an owner, an editor and a member, and a cookie for each. */
export async function createInstalledSite(env: Record<string, string> = {}) {
  const { deps, db } = await createTestDeps({ env });
  await runMigrations(db);
  await loadDefaultData(deps);
  const person = (userName: string) => ({
    firstName: 'Test',
    lastName: 'Person',
    about: 'Test user',
    userName,
    password: PASSWORD,
  });
  const { userId: ownerId } = await createOwner(deps, person('owner'), client);
  const editorId = await createUser(db, person('editor'), ['editor']);
  const memberId = await createUser(db, person('member'), ['member']);
  const app = createApp(deps);
  return {
    app,
    deps,
    ids: { owner: ownerId, editor: editorId, member: memberId },
    cookies: {
      owner: await loginAs(deps, ownerId),
      editor: await loginAs(deps, editorId),
      member: await loginAs(deps, memberId),
    },
  };
}

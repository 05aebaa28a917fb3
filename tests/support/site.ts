import { inject } from 'vitest';
import { createApp } from '../../server/app';
import { createSession, SESSION_COOKIE } from '../../server/auth/sessions';
import { runMigrations } from '../../server/db/migrate';
import type { AppDeps } from '../../server/deps';
import { createOwner, loadDefaultData } from '../../server/services/installer';
import { createUser } from '../../server/services/users';
import { createTestDeps } from './deps';

export const PASSWORD = 'test-password';
export type Role = 'owner' | 'editor' | 'member';
export type SiteUserIds = Record<Role, string>;
const client = { ip: '127.0.0.1', userAgent: 'vitest' };

/** A session cookie for a user, made directly (no login round trip). */
export async function loginAs(deps: AppDeps, userId: string) {
  const { token } = await createSession(deps.db, userId, client);
  return `${SESSION_COOKIE}=${token}`;
}

/** What the installer leaves behind: migrations, defaults, the sample content indexed; plus an owner, an editor and a member. */
export async function installSite(deps: AppDeps): Promise<SiteUserIds> {
  await runMigrations(deps.db);
  await loadDefaultData(deps);
  const person = (userName: string) => ({
    firstName: 'Test',
    lastName: 'Person',
    about: 'Test user',
    userName,
    password: PASSWORD,
  });
  // The address `app.request('/…')` answers on, as if installed from there (server/site-origin.ts).
  const { userId: owner } = await createOwner(deps, person('owner'), client, 'http://localhost');
  const editor = await createUser(deps.db, person('editor'), ['editor'], deps.passwordIterations);
  const member = await createUser(deps.db, person('member'), ['member'], deps.passwordIterations);
  return { owner, editor, member };
}

/** GITHUB_* pick the repository the installer commits the samples to; other settings only change request handling. */
const changesInstalledData = (key: string) => key.startsWith('GITHUB_');

/**
 * An installed site with an owner, an editor and a member, and a cookie for each. A copy of the
 * template that tests/support/global-setup.ts builds once per run; installed afresh when `env`
 * changes what the installer writes. Every statement is held to D1's limits (100 bound
 * parameters, 100 KB: tests/support/d1-limits.ts), so an unchunked list fails an API test, not a
 * Workers site; `d1Limits: false` only for a path that never runs on Workers.
 */
export async function createInstalledSite(env: Record<string, string> = {}, { d1Limits = true }: { d1Limits?: boolean } = {}) {
  const template = inject('installedSiteTemplate');
  const fromTemplate = template && !Object.keys(env).some(changesInstalledData);
  const { deps } = await createTestDeps({ env, from: fromTemplate ? template.dir : undefined, d1Limits });
  const ids = fromTemplate ? template.ids : await installSite(deps);
  return {
    app: createApp(deps),
    deps,
    ids,
    cookies: {
      owner: await loginAs(deps, ids.owner),
      editor: await loginAs(deps, ids.editor),
      member: await loginAs(deps, ids.member),
    },
  };
}

export type InstalledSite = Awaited<ReturnType<typeof createInstalledSite>>;

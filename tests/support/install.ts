import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createNodeDatabase } from '../../platforms/node/database';
import { createSession, SESSION_COOKIE } from '../../server/auth/sessions';
import type { Database } from '../../server/db/database';
import { users } from '../../server/db/schema';
import { createUser } from '../../server/services/users';
import { TEST_PASSWORD_ITERATIONS } from './config';
import { type RunningServer, startServer } from './server';

export const E2E_SETUP_TOKEN = 'e2e-setup-token-0123456789';
export const OWNER = {
  firstName: 'Owner',
  lastName: 'Person',
  about: 'Owns the site',
  userName: 'owner',
  password: 'owner-pass-1',
};

export type Role = 'owner' | 'editor' | 'member';
/** The accounts of an installed site: the owner from the installer, an editor and a member added beside it. */
export const ACCOUNTS: Record<Role, typeof OWNER> = {
  owner: OWNER,
  editor: { firstName: 'Editor', lastName: 'Person', about: 'Edits the site', userName: 'editor', password: 'editor-pass-1' },
  member: { firstName: 'Member', lastName: 'Person', about: 'Reads the site', userName: 'member', password: 'member-pass-1' },
};

/**
 * Runs the installer's API steps against a server started with E2E_SETUP_TOKEN; answers the
 * owner's session cookie (`name=value`) the last step signs in with.
 */
export async function installThroughApi(server: Pick<RunningServer, 'url'>, owner = OWNER) {
  const headers = { 'x-setup-token': E2E_SETUP_TOKEN, 'content-type': 'application/json' };
  for (const step of ['migrations-run', 'database-loading']) {
    const response = await fetch(`${server.url}/api/install/${step}`, { method: 'POST', headers });
    if (!response.ok) throw new Error(`${step} failed: ${response.status} ${await response.text()}`);
  }
  const response = await fetch(`${server.url}/api/install/admin-loading`, {
    method: 'POST',
    headers,
    body: JSON.stringify(owner),
  });
  if (!response.ok) throw new Error(`admin-loading failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('admin-loading set no session cookie');
  return { cookie: cookie.split(';')[0] ?? '' };
}

/**
 * The running server's own SQLite file, opened from the test process for a moment (WAL lets both
 * write; the busy timeout waits out the server's writes).
 */
export async function withSiteDatabase<T>(server: RunningServer, use: (db: Database) => Promise<T>) {
  const { db, close } = await createNodeDatabase(`file:${path.join(server.dataDir, 'daftar.db')}`);
  try {
    return await use(db);
  } finally {
    close();
  }
}

/** A built server on a fresh data folder, installed through the API with an owner; the editor and member are added directly. */
export async function startInstalledServer(env: Record<string, string> = {}) {
  const server = await startServer({ SETUP_TOKEN: E2E_SETUP_TOKEN, ...env });
  try {
    await installThroughApi(server);
    await withSiteDatabase(server, async (db) => {
      for (const role of ['editor', 'member'] as const) await createUser(db, ACCOUNTS[role], [role], TEST_PASSWORD_ITERATIONS);
    });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/**
 * A session for one of the site's accounts, written straight into its database: no login round
 * trip. Returned once the server itself says the session is signed in, asked from here rather than
 * from the browser: a browser that asked too early would be told to drop the cookie (an unknown
 * session clears it) and stay signed out for the rest of the test. A CI run once saw exactly that.
 */
export async function createSessionCookie(server: RunningServer, role: Role) {
  const token = await withSiteDatabase(server, async (db) => {
    const user = await db.select({ id: users.id }).from(users).where(eq(users.username, ACCOUNTS[role].userName)).get();
    if (!user) throw new Error(`no ${role} account on ${server.url}`);
    return (await createSession(db, user.id, { ip: '127.0.0.1', userAgent: 'playwright' })).token;
  });
  // Seconds, not minutes: a server that still does not see a committed session has a stale
  // connection, a product defect (platforms/node/busy-statements.ts), which this wait must expose.
  const deadline = Date.now() + 5_000;
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${server.url}/api/_auth/session`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    const answer = (await response.json().catch(() => undefined)) as { loggedIn?: boolean } | undefined;
    if (answer?.loggedIn) {
      if (attempt > 1) console.warn(`The server saw the ${role}'s new session only on attempt ${attempt}.`);
      break;
    }
    if (Date.now() > deadline)
      throw new Error(`the server does not see the ${role}'s new session after ${attempt} attempts (${response.status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { name: SESSION_COOKIE, value: token };
}

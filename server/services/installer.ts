import { eq, sql } from 'drizzle-orm';
import type { AdminRequest } from '../../common/schemas/account';
import { defaultSiteSettings } from '../../common/site-settings';
import { defaultRoles } from '../auth/permissions';
import { type ClientInfo, createSession, recordDevice } from '../auth/sessions';
import { timingSafeEqual } from '../auth/tokens';
import { isGithubConfigured, isTurnstileConfigured } from '../config';
import { sampleContent } from '../content/samples.generated';
import type { Database } from '../db/database';
import { isMigrated, runMigrations } from '../db/migrate';
import { roles, settings, userRoles } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { syncContent } from './content-sync';
import { INSTALLED_AT_KEY, isInstalled, SITE_SETTINGS_KEY } from './site';
import { createUser } from './users';

const DEFAULTS_LOADED_KEY = 'defaults_loaded_at';

export type InstallStatus = {
  installed: boolean;
  dbConnected: boolean;
  dbMigrated: boolean;
  dbLoaded: boolean;
  adminLoaded: boolean;
  database: { driver: string; location: string };
  github: { valid: boolean };
  turnstile: { valid: boolean };
};

export async function isDatabaseConnected(db: Database): Promise<boolean> {
  try {
    await db.run(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}

async function hasSetting(db: Database, key: string) {
  return Boolean(await db.select({ key: settings.key }).from(settings).where(eq(settings.key, key)).get());
}

async function ownerExists(db: Database) {
  const row = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, 'owner')).limit(1).get();
  return Boolean(row);
}

/** The server's real state, so a reload at any step resumes where the installation stands. */
export async function installStatus(deps: AppDeps): Promise<InstallStatus> {
  const { db, config } = deps;
  const dbConnected = await isDatabaseConnected(db);
  const dbMigrated = dbConnected && (await isMigrated(db));
  const dbLoaded = dbMigrated && (await hasSetting(db, DEFAULTS_LOADED_KEY));
  const adminLoaded = dbMigrated && (await ownerExists(db));
  return {
    installed: dbMigrated && (await isInstalled(db)),
    dbConnected,
    dbMigrated,
    dbLoaded,
    adminLoaded,
    database: deps.databaseInfo,
    github: { valid: isGithubConfigured(config) },
    turnstile: { valid: isTurnstileConfigured(config) },
  };
}

/**
 * Guard for every mutating installer call: refused with 403 once installed, and with 401 unless
 * the caller shows the setup token.
 */
export async function requireInstallerAccess(deps: AppDeps, presented: string | undefined) {
  if ((await isDatabaseConnected(deps.db)) && (await isInstalled(deps.db))) throw new AppError(403, 'api.alreadyInstalled');
  const expected = await deps.setupToken.read();
  if (!expected || !presented || !timingSafeEqual(presented, expected)) throw new AppError(401, 'api.setupTokenInvalid');
}

export async function migrateDatabase(deps: AppDeps) {
  return runMigrations(deps.db);
}

/**
 * Default roles and settings, and the sample content as the repository's first commit. Every part
 * is skipped when already there, so running it twice changes nothing.
 */
export async function loadDefaultData(deps: AppDeps) {
  const { db } = deps;
  if (!(await isMigrated(db))) throw new AppError(409, 'api.notMigrated');
  await db.batch([
    db.insert(settings).values({ key: SITE_SETTINGS_KEY, value: defaultSiteSettings }).onConflictDoNothing(),
    ...defaultRoles.map((role) => db.insert(roles).values(role).onConflictDoNothing()),
  ]);
  let sampleCommit: string | undefined;
  if (deps.contentRepository && !(await deps.contentRepository.head())) {
    sampleCommit = await deps.contentRepository.commit(
      sampleContent.map((file) => ({ path: file.path, content: file.content })),
      'Sample content from the Daftar installer',
      { name: 'Daftar installer', email: 'installer@daftar.invalid' },
    );
  }
  // The serving index: the sample pages are public as soon as the site is installed.
  const sync = deps.contentRepository ? await syncContent(db, deps.contentRepository) : undefined;
  await db.insert(settings).values({ key: DEFAULTS_LOADED_KEY, value: Date.now() }).onConflictDoNothing();
  return { sampleCommit, buildId: sync?.buildId };
}

/**
 * Creates the owner account, records the device, marks the site installed, retires the setup
 * token and signs the new owner in.
 */
export async function createOwner(deps: AppDeps, input: AdminRequest, client: ClientInfo) {
  const { db } = deps;
  if (!(await hasSetting(db, DEFAULTS_LOADED_KEY))) throw new AppError(409, 'api.defaultsMissing');
  if (await ownerExists(db)) throw new AppError(403, 'api.alreadyInstalled');
  const userId = await createUser(db, input, ['owner']);
  await db.insert(settings).values({ key: INSTALLED_AT_KEY, value: Date.now() }).onConflictDoNothing();
  await deps.setupToken.clear();
  const deviceId = input.pub ? await recordDevice(db, userId, input.pub, client) : undefined;
  const session = await createSession(db, userId, client, deviceId);
  return { userId, session };
}

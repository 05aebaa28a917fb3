import { eq, sql } from 'drizzle-orm';
import type { InstallStatus } from '../../common/installer';
import type { InstallOwnerRequest } from '../../common/schemas/settings';
import { defaultSiteSettings } from '../../common/site-settings';
import { requireStrongPassword } from '../auth/password-strength';
import { defaultRoles } from '../auth/permissions';
import { createLimits, tokenGuesses, tooManyAttempts } from '../auth/rate-limit';
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
import { DASH_MENU_SEEN_KEY, defaultDashTargets } from './dash-menu-upgrade';
import { INSTALLED_AT_KEY, isInstalled, readSiteState, SITE_ADDRESS_KEY, SITE_SETTINGS_KEY } from './site';
import { findUserByName, newUserStatements } from './users';

const DEFAULTS_LOADED_KEY = 'defaults_loaded_at';

export type { InstallStatus };

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

/** The installer's API is closed for good once the site is installed: 403 for every call. */
export async function requireNotInstalled(deps: AppDeps) {
  if ((await isDatabaseConnected(deps.db)) && (await isInstalled(deps.db))) throw new AppError(403, 'api.alreadyInstalled');
}

/**
 * Guard for every mutating installer call: refused with 403 once installed, and with 401 unless
 * the caller shows the setup token.
 */
export async function requireInstallerAccess(deps: AppDeps, presented: string | undefined, ip: string) {
  await requireNotInstalled(deps);
  // Wrong tokens are counted per address (F-36) once the database has its tables (the installer's
  // second step); before that the token's 256 bits are the only defence. Not counting must not
  // lock the installer, so a failure to count is ignored. A try is counted before the token is
  // compared and given back when it was right (F-44: parallel guesses cannot slip under the limit).
  const guesses = tokenGuesses(createLimits(deps.db), 'setup');
  const expected = await deps.setupToken.read();
  // `wait` stays undefined when nothing was counted (no token file, or no table yet).
  let wait: number | undefined;
  if (expected) wait = await guesses.take(ip).catch(() => undefined);
  if (wait) throw tooManyAttempts(wait);
  if (!expected || !presented || !timingSafeEqual(presented, expected)) throw new AppError(401, 'api.setupTokenInvalid');
  if (wait === 0) await guesses.giveBack(ip).catch(() => {});
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
    // The menu entries this version offers: a later release adds only entries not in this list.
    db.insert(settings).values({ key: DASH_MENU_SEEN_KEY, value: defaultDashTargets() }).onConflictDoNothing(),
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
 * Creates the owner account, records the device, marks the site installed (with the time zone
 * the installer chose, if it sent one), records the site's public `address`
 * (server/site-origin.ts installationAddress), retires the setup token and signs the new owner in.
 *
 * "Create the first owner" and "close the installer" are one atomic batch (one transaction on
 * libSQL and on D1): the `installed_at` settings row is a primary key, so of several racing calls
 * exactly one commits and the others are refused as already installed.
 */
export async function createOwner(deps: AppDeps, input: InstallOwnerRequest, client: ClientInfo, address: string) {
  const { db } = deps;
  if (!(await isMigrated(db))) throw new AppError(409, 'api.notMigrated');
  if (!(await hasSetting(db, DEFAULTS_LOADED_KEY))) throw new AppError(409, 'api.defaultsMissing');
  if (await ownerExists(db)) throw new AppError(403, 'api.alreadyInstalled');
  await requireStrongPassword(input.password, [input.userName, input.firstName, input.lastName]);
  if (await findUserByName(db, input.userName)) {
    throw new AppError(409, 'api.userNameTaken', { issues: [{ path: ['userName'], message: 'api.userNameTaken' }] });
  }
  const { id: userId, statements } = await newUserStatements(db, input, ['owner'], deps.passwordIterations);
  const site = input.timeZone ? { ...(await readSiteState(db)).site, timeZone: input.timeZone } : undefined;
  try {
    await db.batch([
      db.insert(settings).values({ key: INSTALLED_AT_KEY, value: Date.now() }),
      // Where the site's links point when SITE_URL is not set (server/site-origin.ts): never a later request's Host.
      db.insert(settings).values({ key: SITE_ADDRESS_KEY, value: address }).onConflictDoNothing(),
      ...statements,
      ...(site ? [db.update(settings).set({ value: site }).where(eq(settings.key, SITE_SETTINGS_KEY))] : []),
    ]);
  } catch (error) {
    if (await isInstalled(db)) throw new AppError(403, 'api.alreadyInstalled');
    throw error;
  }
  await deps.setupToken.clear();
  const deviceId = input.pub ? await recordDevice(db, userId, input.pub, client) : undefined;
  const session = await createSession(db, userId, client, deviceId);
  return { userId, session };
}

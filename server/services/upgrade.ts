import type { Database } from '../db/database';
import { appliedMigrations, runMigrations } from '../db/migrate';
import type { AppDeps } from '../deps';
import { recordedSync } from './content-sync-runner';

type UpgradeDeps = Pick<AppDeps, 'db' | 'contentRepository' | 'pageCache'>;

/**
 * Start-up of an installed site after an update (Node): the migrations the new version brought are
 * applied before the first request, so no page meets a missing column. When any were applied, the
 * content is re-indexed (a new version may render pages differently or index more of them); the
 * returned promise of that sync lets the server start answering meanwhile.
 */
export async function upgradeInstalledSite(deps: UpgradeDeps, log: (message: string) => void = console.log) {
  const applied = await applyReleaseMigrations(deps.db);
  if (applied.length === 0 || !deps.contentRepository) return { applied, reindexed: Promise.resolve(false) };
  log(`Database upgraded: ${applied.join(', ')}. Re-indexing the content in the background.`);
  const repository = deps.contentRepository;
  const reindexed = recordedSync(deps.db, repository).then((result) => {
    if (result.changed) deps.pageCache?.clear();
    return result.changed;
  });
  return { applied, reindexed };
}

/**
 * The migrations a new release brought, applied to a database the installer already migrated; a
 * database never migrated is left to the installer's own step. Returns the names applied.
 */
export async function applyReleaseMigrations(db: Database): Promise<string[]> {
  if ((await appliedMigrations(db)).length === 0) return [];
  return (await runMigrations(db)).applied;
}

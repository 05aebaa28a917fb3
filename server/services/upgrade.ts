import { RENDERER_VERSION } from '../content/render';
import type { Database } from '../db/database';
import { appliedMigrations, runMigrations } from '../db/migrate';
import type { AppDeps } from '../deps';
import { latestContentBuild } from './content-sync';
import { recordedSync, startChunkedSync } from './content-sync-runner';
import { addReleaseDashEntries } from './dash-menu-upgrade';

type UpgradeDeps = Pick<AppDeps, 'db' | 'contentRepository' | 'pageCache'>;

/**
 * Start-up of an installed site after an update (Node): the migrations the new version brought are
 * applied before the first request, so no page meets a missing column. When any were applied, or the
 * index was made by an older renderer (RENDERER_VERSION: the new version renders pages or their
 * search text differently), the content is re-indexed; the returned promise of that sync lets the
 * server start answering meanwhile.
 */
export async function upgradeInstalledSite(deps: UpgradeDeps, log: (message: string) => void = console.log) {
  const applied = await applyReleaseMigrations(deps.db);
  await offerNewDashEntries(deps.db, log);
  if (!deps.contentRepository) return { applied, reindexed: Promise.resolve(false) };
  if (applied.length) log(`Database upgraded: ${applied.join(', ')}. Re-indexing the content in the background.`);
  else if (await renderedByOlderVersion(deps.db))
    log('Pages were indexed by an older version. Re-indexing the content in the background.');
  else return { applied, reindexed: Promise.resolve(false) };
  const repository = deps.contentRepository;
  const reindexed = recordedSync(deps.db, repository).then((result) => {
    if (result.changed) deps.pageCache?.clear();
    return result.changed;
  });
  return { applied, reindexed };
}

/**
 * The same on Workers, before an isolate's first request: the release migrations applied, and when
 * any were, or the index was made by an older renderer, a chunked re-index started (its steps run
 * in the request's and the per-minute cron's time; an unfinished one is carried on, not doubled).
 * Returns the migrations applied and whether a re-index was started.
 */
export async function upgradeWithChunkedSync(db: Database, log: (message: string) => void = console.log) {
  const applied = await applyReleaseMigrations(db);
  await offerNewDashEntries(db, log);
  if (applied.length) log(`Database upgraded: ${applied.join(', ')}. Re-indexing the content.`);
  else if (await renderedByOlderVersion(db)) log('Pages were indexed by an older version. Re-indexing the content.');
  else return { applied, reindexing: false };
  await startChunkedSync(db);
  return { applied, reindexing: true };
}

/**
 * The migrations a new release brought, applied to a database the installer already migrated; a
 * database never migrated is left to the installer's own step. Returns the names applied.
 */
export async function applyReleaseMigrations(db: Database): Promise<string[]> {
  if ((await appliedMigrations(db)).length === 0) return [];
  return (await runMigrations(db)).applied;
}

/**
 * Dashboard menu entries a release introduced and this installed site was never offered are added
 * to its stored menu (server/services/dash-menu-upgrade.ts; docs/operating.md "Upgrading").
 */
async function offerNewDashEntries(db: Database, log: (message: string) => void) {
  if ((await appliedMigrations(db)).length === 0) return;
  const added = await addReleaseDashEntries(db);
  if (added.length) log(`Dashboard menu: added ${added.join(', ')} (new in this release).`);
}

/** Whether the newest index was made by an older renderer (an installed site only: none before its first sync). */
async function renderedByOlderVersion(db: Database): Promise<boolean> {
  if ((await appliedMigrations(db)).length === 0) return false;
  const latest = await latestContentBuild(db);
  return latest !== undefined && latest.rendererVersion !== RENDERER_VERSION;
}

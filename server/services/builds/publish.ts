import { and, eq, type SQL } from 'drizzle-orm';
import type { PublishIndexing, PublishResult } from '../../../common/authoring';
import type { SessionUser } from '../../../common/permissions';
import { gitBlobSha } from '../../content/git-blob';
import { type FileChange, RepositoryConflictError, RepositoryDamagedError, reasonOf } from '../../content/repository';
import type { Database } from '../../db/database';
import { isUniqueViolation, storageFault } from '../../db/errors';
import { type Build, builds, type Commit, commits } from '../../db/schema';
import { AppError, errorForLog } from '../../errors';
import { claimTimeLapsed } from '../../jobs/leases';
import { checkIndexedCommit, latestContentBuild } from '../content-sync';
import { latestContentSync } from '../content-sync-runner';
import { indexerOf } from '../indexer';
import { changesOf, defaultTitle } from '../publish-completion';
import { holdsScheduledChanges, notHeld } from './part';
import {
  type BuildDeps,
  changeStates,
  conflictPaths,
  currentBuild,
  PUBLISH_LEASE_MS,
  type PublishCheckpoint,
  releaseClaim,
  requireRepository,
  stillOpen,
  touchedPaths,
} from './shared';

/*
 * Publishing (docs/content.md "Writing and publishing"): the open build's changes go to the content
 * repository as one git commit, and the index is made to match it.
 *
 * Publishing is ordered so that a crash at any point leaves the site serving the old or the new
 * content, never a mix, and loses no change:
 *
 *   1. claim: the open build becomes `publishing` in one conditional UPDATE (a second publish, or a
 *      save arriving now, is refused with 409; a unique index allows one publishing build);
 *   2. check: every changed file must still be, at the repository's head, the version its edit
 *      started from (`baseSha`), otherwise 409 with the paths and the build is reopened;
 *   3. commit: one git commit, made only if the branch is still at the head checked in 2;
 *   4. swap: one database transaction writes the new index, the new content build (the id
 *      `builds/latest.json` serves), the build's `published` status and its redirects;
 *   5. the anonymous page cache is cleared.
 *
 * A publish that stopped between 1 and 4 is found by `resumeInterruptedPublishes`: when the
 * repository's head already holds every change (the commit landed), steps 4–5 are completed;
 * otherwise, once its lease ran out, the build is reopened with its changes still pending.
 */

/**
 * Publishes the open build (`POST /api/builds/publish`): 400 when nothing is pending, 409 when a
 * publish is already running or a changed file changed in the repository meanwhile (the changes
 * stay pending).
 */
export async function publishOpenBuild(
  deps: BuildDeps,
  user: SessionUser,
  input: { title?: string } = {},
  checkpoint?: PublishCheckpoint,
): Promise<PublishResult | PublishIndexing> {
  const { db } = deps;
  requireRepository(deps);
  // A publish under way when this one came (here or in another process), or one that took the open
  // build meanwhile, makes this one the loser, even when settling it below finishes it: 409, never
  // its leftovers (400 "nothing to publish") or its guard failure (500).
  const found = await currentBuild(db);
  await resumeInterruptedPublishes(deps);
  const build = await currentBuild(db);
  if (found?.status === 'publishing' || build?.status === 'publishing' || (found && build?.id !== found.id))
    throw new AppError(409, 'api.publishInProgress');
  if (!build || !(await db.$count(commits, eq(commits.buildId, build.id)))) throw new AppError(400, 'api.nothingToPublish');
  const title = input.title?.trim() ?? '';
  // Pages scheduled to publish at a time of their own keep their changes for it (P1).
  if (await holdsScheduledChanges(db, build.id))
    return publishPartOfOpenBuild(deps, user, { which: notHeld(db), title: title || build.title }, checkpoint);
  let claimed: { id: number }[];
  try {
    claimed = await db
      .update(builds)
      .set({ status: 'publishing', publishingSince: new Date(), publishedBy: user.id, ...(title ? { title } : {}) })
      .where(and(eq(builds.id, build.id), eq(builds.status, 'open')))
      .returning({ id: builds.id });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'api.publishInProgress'); // a revert is publishing
    throw error;
  }
  if (!claimed.length) throw new AppError(409, 'api.publishInProgress');
  return commitAndFinish(deps, { ...build, status: 'publishing', title: title || build.title }, user, checkpoint);
}

/**
 * Publishes the open build's changes that `which` selects as one build and one commit. 409 while
 * another publish runs; 400 when none is selected (nothing is left behind: the empty build goes).
 */
export async function publishPartOfOpenBuild(
  deps: BuildDeps,
  user: SessionUser,
  { which, title }: { which: SQL; title: string },
  checkpoint?: PublishCheckpoint,
): Promise<PublishResult | PublishIndexing> {
  const { db } = deps;
  let part: Build;
  try {
    part = await db
      .insert(builds)
      .values({
        status: 'publishing',
        partOfOpen: true,
        title,
        createdBy: user.id,
        publishedBy: user.id,
        publishingSince: new Date(),
      })
      .returning()
      .get();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'api.publishInProgress');
    throw error;
  }
  const open = await currentBuild(db);
  const moved =
    open?.status === 'open'
      ? await db
          .update(commits)
          .set({ buildId: part.id })
          .where(and(eq(commits.buildId, open.id), which, stillOpen(open.id)))
          .returning({ id: commits.id })
      : [];
  if (!moved.length) {
    await db.delete(builds).where(eq(builds.id, part.id));
    throw new AppError(400, 'api.nothingToPublish');
  }
  return commitAndFinish(deps, part, user, checkpoint);
}

/**
 * Steps 2–5 for a claimed build (a publish or a revert): conflicts are a 409 with the paths;
 * before the commit any failure releases the claim, after it the publish is left for
 * `resumeInterruptedPublishes` to complete.
 */
export async function commitAndFinish(
  deps: BuildDeps,
  build: Build,
  user: SessionUser,
  checkpoint?: PublishCheckpoint,
): Promise<PublishResult | PublishIndexing> {
  const running = publishesRunningHere(deps.db);
  running.add(build.id);
  try {
    return await commitAndFinishClaimed(deps, build, user, checkpoint);
  } finally {
    running.delete(build.id);
  }
}

/**
 * The builds this process is publishing now, by database. The jobs runner settles a `publishing`
 * build it finds (resumeInterruptedPublishes) at once when no other process is alive: a publish of
 * its own process under way is not one to settle (releasing its claim made that publish's commit
 * land with its build open again, and its request answer 500).
 */
const runningPublishes = new WeakMap<Database, Set<number>>();
function publishesRunningHere(db: Database) {
  let running = runningPublishes.get(db);
  if (!running) {
    running = new Set();
    runningPublishes.set(db, running);
  }
  return running;
}

async function commitAndFinishClaimed(
  deps: BuildDeps,
  build: Build,
  user: SessionUser,
  checkpoint?: PublishCheckpoint,
): Promise<PublishResult | PublishIndexing> {
  const repository = requireRepository(deps);
  let committed = false;
  try {
    await checkpoint?.('claimed');
    const changes = await changesOf(deps.db, build.id);
    if (!changes.length) throw new AppError(400, 'api.nothingToPublish');
    const head = await repository.head();
    // Never into another repository or branch than the one the site was indexed from.
    await checkIndexedCommit(deps.db, repository, head);
    const conflicts = conflictPaths(changes, await changeStates(repository, head, changes));
    if (conflicts.length) throw await conflictError(deps, conflicts);
    const title = build.title || defaultTitle(changes);
    let commitSha: string;
    try {
      commitSha = await repository.commit(fileChanges(changes), commitMessage(title, changes), authorOf(user), {
        ...(head ? { expectedHead: head } : {}),
      });
    } catch (error) {
      if (error instanceof RepositoryConflictError) {
        // The branch moved (or a local file is being edited) between the check and the commit.
        const now = conflictPaths(changes, await changeStates(repository, await repository.head(), changes));
        throw await conflictError(deps, now.length ? now : changes.flatMap(touchedPaths).sort());
      }
      // A damaged repository says so (which object, which file, restore from a backup).
      if (error instanceof RepositoryDamagedError) throw error;
      // A full disk or a refused write says what it is (507, 503), in the editor's language; the log
      // keeps the file system's own words for the operator.
      const fault = storageFault(error);
      if (fault) {
        console.error(`Publishing build ${build.id}: writing the content repository failed:\n${errorForLog(error)}`);
        throw new AppError(fault.status, fault.messageKey);
      }
      throw new AppError(502, 'api.repositoryFailed', undefined, {
        reason: reasonOf(error),
      });
    }
    committed = true;
    await checkpoint?.('committed');
    try {
      return await finishPublish(deps, build, changes, commitSha, user.id);
    } catch (error) {
      // Another process completed this publish meanwhile (its `resumeInterruptedPublishes` found the
      // commit landed), so this one's transaction failed its guard: the publish is done all the same.
      const done = await finishedElsewhere(deps.db, build.id, commitSha);
      if (done) return done;
      throw error;
    }
  } catch (error) {
    if (!committed) await releaseClaim(deps.db, build);
    throw error;
  }
}

/** The result of a publish another process finished (its build is `published` with this commit), if it did. */

/** The result of a publish another process finished (its build is `published` with this commit), if it did. */
async function finishedElsewhere(db: Database, buildId: number, commitSha: string): Promise<PublishResult | undefined> {
  const row = await db
    .select({ status: builds.status, commitSha: builds.commitSha })
    .from(builds)
    .where(eq(builds.id, buildId))
    .get();
  if (row?.status !== 'published' || row.commitSha !== commitSha) return undefined;
  const index = await latestContentBuild(db);
  return index ? { id: buildId, commitSha, buildId: index.id } : undefined;
}

// ---- finishing: one transaction for the index, the build and its redirects -------------------

/**
 * Steps 4 and 5: the indexer makes the index match the commit, and the build becomes published
 * with its redirects in the transaction that switches it; then the page cache. In steps (Workers),
 * a publish bigger than the first step answers 202 and stays `publishing` until the step that
 * switches the index, after the response or by the cron; readers keep the old index until then.
 */
async function finishPublish(
  deps: BuildDeps,
  build: Build,
  changes: Commit[],
  commitSha: string,
  publishedBy: string | null,
): Promise<PublishResult | PublishIndexing> {
  // The texts just committed need not be read back (on GitHub that is one request per page).
  const knownBlobs = new Map<string, string>();
  for (const change of changes)
    if (change.kind !== 'delete' && change.content !== null && !change.blobSha)
      knownBlobs.set(await gitBlobSha(change.content), change.content);
  return indexerOf(deps).publish(deps, { build, changes, commitSha, publishedBy, knownBlobs });
}

/**
 * The 409 of a publish that met changes made in the repository. The index is first brought up to
 * the repository's head (what `POST /api/content/sync` would do), so the open build's diffs and
 * `publishedSha` show the other version: the editor keeps theirs (discards the change) or keeps
 * theirs' place for their own (saves again with `baseSha` = `publishedSha`).
 */
async function conflictError(deps: BuildDeps, conflicts: string[]) {
  try {
    await indexerOf(deps).refresh(deps);
  } catch (error) {
    console.warn('Re-indexing after a publish conflict failed:', error);
  }
  return new AppError(409, 'api.publishConflict', { conflicts });
}

/**
 * Completes or releases publishes that stopped part-way (a crash, a killed process). A build
 * whose every change is already in the repository's head is finished (the commit landed);
 * otherwise, once `leaseMs` passed since it started, it is reopened with its changes pending (a
 * revert is marked failed). Runs at node start-up (lease 0) and before builds are read or
 * published. Another process may finish the same publish first (the one running it, or another
 * settling it): this one's transaction then fails its guard, and that is no error.
 */
export async function resumeInterruptedPublishes(
  deps: BuildDeps,
  { leaseMs = PUBLISH_LEASE_MS, now = Date.now() }: { leaseMs?: number; now?: number } = {},
): Promise<void> {
  const { db, contentRepository: repository } = deps;
  const stuck = await db.select().from(builds).where(eq(builds.status, 'publishing'));
  if (!stuck.length || !repository) return;
  const runningHere = publishesRunningHere(db);
  for (const build of stuck) {
    // This process is publishing it now: its own request finishes it.
    if (runningHere.has(build.id)) continue;
    // Its index is under way in steps: the step that switches it finishes the publish.
    if (await indexingPublish(db, build.id)) continue;
    const changes = await changesOf(db, build.id);
    const head = await repository.head();
    const states = await changeStates(repository, head, changes);
    if (head && changes.length && states.every((state) => state === 'applied')) {
      try {
        await finishPublish(deps, build, changes, head, build.publishedBy);
      } catch (error) {
        // The process running this publish (or another settling it) finished it first: nothing left to do.
        const now = await db.select({ status: builds.status }).from(builds).where(eq(builds.id, build.id)).get();
        if (now?.status === 'publishing') throw error;
      }
    } else if (claimTimeLapsed(build.publishingSince?.getTime() ?? 0, leaseMs, now)) {
      await releaseClaim(db, build);
    }
  }
}

/** Whether a sync in steps is indexing this build's publish (it marks the build published when it switches). */
async function indexingPublish(db: Database, buildId: number) {
  const sync = await latestContentSync(db);
  return sync !== undefined && sync.status !== 'done' && sync.publishBuildId === buildId;
}

function fileChanges(changes: Commit[]): FileChange[] {
  return changes.flatMap((change): FileChange[] => {
    const written: FileChange =
      change.kind === 'delete'
        ? { path: change.path, content: null }
        : change.blobSha
          ? { path: change.path, blob: change.blobSha }
          : { path: change.path, content: change.content ?? '' };
    return change.kind === 'move' && change.fromPath ? [{ path: change.fromPath, content: null }, written] : [written];
  });
}

function commitMessage(title: string, changes: Commit[]) {
  const lines = changes.map((change) => {
    const what = change.kind === 'move' ? `${change.fromPath} → ${change.path}` : change.path;
    return `- ${change.kind} ${what}${change.message ? `: ${change.message}` : ''}`;
  });
  return `${title}\n\n${lines.join('\n')}\n`;
}

function authorOf(user: Pick<SessionUser, 'username' | 'displayName'>) {
  return { name: user.displayName || user.username, email: `${user.username.toLowerCase()}@users.daftar.invalid` };
}

import { createTwoFilesPatch } from 'diff';
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type {
  BuildChange,
  BuildList,
  BuildPerson,
  BuildSummary,
  OpenBuild,
  OpenBuildChange,
  PendingKind,
  PublishIndexing,
  PublishResult,
} from '../../common/authoring';
import { pageFromFile } from '../../common/authoring';
import { mapLimited } from '../../common/map-limited';
import type { SessionUser } from '../../common/permissions';
import { gitBlobSha } from '../content/git-blob';
import { type ContentRepository, type FileChange, RepositoryConflictError } from '../content/repository';
import type { Database } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { batchInParts, selectInParts } from '../db/limits';
import { type Build, builds, type Commit, commits, pages, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { checkIndexedCommit, latestContentBuild, syncContent } from './content-sync';
import { contentSyncState, firstSyncStep, latestContentSync } from './content-sync-runner';
import { settingsUsingMedia } from './media-settings';
import { afterPublish, changesOf, defaultTitle, publishStatements } from './publish-completion';

export { addressOf, changesOf, routeRulesGeneration } from './publish-completion';

/*
 * Editor builds (docs/content.md "Writing and publishing"). Saved changes collect in the one open
 * build (at most one change per file); publishing writes them to the content repository as one
 * git commit and re-indexes.
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

/** A publish still `publishing` after this long is taken as abandoned (its process died). */
export const PUBLISH_LEASE_MS = 10 * 60 * 1000;

type BuildDeps = Pick<AppDeps, 'db' | 'contentRepository' | 'pageCache' | 'mediaVariants' | 'chunkedSync'>;

/** Test seam: called between the steps of a publish (crash tests stop the process there). */
export type PublishCheckpoint = (step: 'claimed' | 'committed') => Promise<void> | void;

export function requireRepository(deps: Pick<AppDeps, 'contentRepository'>): ContentRepository {
  if (!deps.contentRepository) throw new AppError(503, 'api.contentRepositoryMissing');
  return deps.contentRepository;
}

/** The editor build collecting changes (or being published right now); reverts are not it. */
export async function currentBuild(db: Database): Promise<Build | undefined> {
  return db
    .select()
    .from(builds)
    .where(and(inArray(builds.status, ['open', 'publishing']), isNull(builds.revertOf)))
    .orderBy(desc(builds.id))
    .get();
}

/** The open build, made when there is none; 409 while a publish is under way. */
export async function ensureOpenBuild(db: Database, userId: string): Promise<Build> {
  let build = await currentBuild(db);
  if (!build) {
    // The unique index on active statuses makes concurrent first saves share one build.
    await db.insert(builds).values({ status: 'open', createdBy: userId }).onConflictDoNothing();
    build = await currentBuild(db);
  }
  if (build?.status !== 'open') throw new AppError(409, 'api.publishInProgress');
  return build;
}

/** The changes of the current build, oldest first. */
export async function pendingChanges(db: Database): Promise<Commit[]> {
  const build = await currentBuild(db);
  return build ? changesOf(db, build.id) : [];
}

/** SQL that holds while the build still collects changes: writes into it are conditional on it. */
export const stillOpen = (buildId: number) => sql`EXISTS (SELECT 1 FROM builds WHERE id = ${buildId} AND status = 'open')`;

export type NewChange = Pick<Commit, 'path' | 'content' | 'kind' | 'baseSha' | 'fromPath' | 'blobSha' | 'message'> & {
  authorId: string;
  createdAt: Date;
};

/**
 * Adds a change to the build only while it is still open (one statement, so a save never lands
 * in a build whose publish has begun); undefined when it is not open any more.
 */
export async function addChange(db: Database, buildId: number, change: NewChange): Promise<number | undefined> {
  const row = await db.get<{ id: number }>(sql`
    INSERT INTO commits (build_id, path, content, message, author_id, created_at, kind, base_sha, from_path, blob_sha)
    SELECT ${buildId}, ${change.path}, ${change.content}, ${change.message}, ${change.authorId},
           ${change.createdAt.getTime()}, ${change.kind}, ${change.baseSha}, ${change.fromPath}, ${change.blobSha}
    FROM builds WHERE id = ${buildId} AND status = 'open'
    RETURNING id`);
  return row ? Number(row.id) : undefined;
}

// ---- repository state --------------------------------------------------------------------------

/** The file a change leaves at `path`: its blob id, or null for a deletion. */
async function targetSha(change: Commit): Promise<string | null> {
  if (change.kind === 'delete') return null;
  if (change.blobSha) return change.blobSha;
  return gitBlobSha(change.content ?? '');
}

/** The paths a change touches (a move: both). */
export function touchedPaths(change: Pick<Commit, 'path' | 'fromPath'>): string[] {
  return change.fromPath ? [change.fromPath, change.path] : [change.path];
}

/** Blob ids at `head` of the folders the changes touch (`content`, `media`). */
async function filesAt(repository: ContentRepository, head: string | undefined, changes: Commit[]) {
  const files = new Map<string, string>();
  if (!head) return files;
  const folders = new Set(changes.flatMap((change) => touchedPaths(change).map((path) => path.split('/')[0]!)));
  for (const folder of folders) for (const file of await repository.tree(folder, head)) files.set(file.path, file.sha);
  return files;
}

type ChangeState = 'base' | 'applied' | 'conflict';

/**
 * Where each change stands against the repository: `base` (the file is the version the edit
 * started from: the change can be written), `applied` (the file already is what the change
 * writes) or `conflict` (someone else changed it).
 */
async function changeStates(repository: ContentRepository, head: string | undefined, changes: Commit[]) {
  const files = await filesAt(repository, head, changes);
  const at = (path: string) => files.get(path) ?? null;
  return Promise.all(
    changes.map(async (change): Promise<ChangeState> => {
      const target = await targetSha(change);
      switch (change.kind) {
        case 'create':
        case 'update':
          // Applied first: a save that changed nothing is both, and counts as done.
          if (at(change.path) === target) return 'applied';
          return at(change.path) === change.baseSha ? 'base' : 'conflict';
        case 'delete':
          if (at(change.path) === change.baseSha && change.baseSha !== null) return 'base';
          return at(change.path) === null ? 'applied' : 'conflict';
        case 'move':
          if (at(change.fromPath!) === change.baseSha && at(change.path) === null) return 'base';
          return at(change.fromPath!) === null && at(change.path) === target ? 'applied' : 'conflict';
      }
    }),
  );
}

function conflictPaths(changes: Commit[], states: ChangeState[]) {
  return [...new Set(changes.flatMap((change, i) => (states[i] === 'conflict' ? touchedPaths(change) : [])))].sort();
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

// ---- finishing: one transaction for the index, the build and its redirects -------------------

/**
 * Steps 4 and 5: index, build status and redirects in one transaction, then the page cache.
 *
 * On Workers the index is the stepped sync of a re-index (decision 0009): its first step runs here,
 * and a publish that fits in it is finished as on node; a bigger one is recorded on the sync
 * (`publish_build_id`, the commit on the build) and the step that switches the index, after the
 * response or by the cron, marks the build published in its transaction. Until then the build stays
 * `publishing` and readers keep the old index.
 */
async function finishPublish(
  deps: BuildDeps,
  build: Build,
  changes: Commit[],
  commitSha: string,
  publishedBy: string | null,
): Promise<PublishResult | PublishIndexing> {
  const { db } = deps;
  // The texts just committed need not be read back (on GitHub that is one request per page).
  const knownBlobs = new Map<string, string>();
  for (const change of changes)
    if (change.kind !== 'delete' && change.content !== null && !change.blobSha)
      knownBlobs.set(await gitBlobSha(change.content), change.content);
  if (!deps.chunkedSync) {
    const statements = publishStatements(db, build, changes, commitSha, publishedBy);
    const result = await syncContent(db, requireRepository(deps), { alsoWrite: statements, knownBlobs, allowEmpty: true });
    afterPublish(deps, changes);
    return { id: build.id, commitSha, buildId: result.buildId };
  }
  await db
    .update(builds)
    .set({ commitSha, publishedBy })
    .where(and(eq(builds.id, build.id), eq(builds.status, 'publishing')));
  const first = await firstSyncStep(deps, { publishBuildId: build.id, knownBlobs });
  if (first.result && first.published) return { id: build.id, commitSha, buildId: first.result.buildId };
  const sync = first.sync ?? (await latestContentSync(db))!;
  return { id: build.id, commitSha, buildId: null, sync: contentSyncState(sync) };
}

/** Whether a Workers sync is indexing this build's publish (it marks the build published when it switches). */
async function indexingPublish(db: Database, buildId: number) {
  const sync = await latestContentSync(db);
  return sync !== undefined && sync.status !== 'done' && sync.publishBuildId === buildId;
}

/** A failed publish before its commit: the build collects changes again (a revert is marked failed). */
async function releaseClaim(db: Database, build: Pick<Build, 'id' | 'revertOf'>) {
  await db
    .update(builds)
    .set({ status: build.revertOf ? 'failed' : 'open', publishingSince: null })
    .where(and(eq(builds.id, build.id), eq(builds.status, 'publishing')));
}

/**
 * The 409 of a publish that met changes made in the repository. The index is first brought up to
 * the repository's head (what `POST /api/content/sync` would do), so the open build's diffs and
 * `publishedSha` show the other version: the editor keeps theirs (discards the change) or keeps
 * theirs' place for their own (saves again with `baseSha` = `publishedSha`).
 */
async function conflictError(deps: BuildDeps, conflicts: string[]) {
  try {
    // On Workers the first step of a stepped re-index (the cron carries a big one on).
    if (deps.chunkedSync) await firstSyncStep(deps);
    else if ((await syncContent(deps.db, requireRepository(deps))).changed) deps.pageCache?.clear();
  } catch (error) {
    console.warn('Re-indexing after a publish conflict failed:', error);
  }
  return new AppError(409, 'api.publishConflict', { conflicts });
}

/**
 * Steps 2–5 for a claimed build (a publish or a revert): conflicts are a 409 with the paths;
 * before the commit any failure releases the claim, after it the publish is left for
 * `resumeInterruptedPublishes` to complete.
 */
async function commitAndFinish(
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
      throw new AppError(502, 'api.repositoryFailed', undefined, {
        reason: error instanceof Error ? error.message : String(error),
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
    // Its index is under way in steps (Workers): the step that switches it finishes the publish.
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
    } else if ((build.publishingSince?.getTime() ?? 0) <= now - leaseMs) {
      await releaseClaim(db, build);
    }
  }
}

// ---- revert ------------------------------------------------------------------------------------

/**
 * `POST /api/builds/{id}/revert`: a new published build whose commit restores every file the
 * build changed to the version before it (a move moves back). 409 when a later build or a pending
 * change touched the same files, or the repository changed them since.
 */
export async function revertBuild(
  deps: BuildDeps,
  user: SessionUser,
  id: number,
  checkpoint?: PublishCheckpoint,
): Promise<PublishResult | PublishIndexing> {
  const { db } = deps;
  requireRepository(deps);
  await resumeInterruptedPublishes(deps);
  const target = await db.select().from(builds).where(eq(builds.id, id)).get();
  if (!target) throw new AppError(404, 'api.buildNotFound');
  if (target.status !== 'published' || !target.publishedAt) throw new AppError(409, 'api.revertNotPublished');
  const changes = await changesOf(db, id);
  const files = new Set(changes.flatMap(touchedPaths));

  const laterBuilds = await db
    .select({ id: builds.id })
    .from(builds)
    .where(
      or(
        and(inArray(builds.status, ['published', 'reverted']), gt(builds.publishedAt, target.publishedAt)),
        inArray(builds.status, ['open', 'publishing']),
      ),
    );
  const later = await selectInParts(
    laterBuilds.map((row) => row.id),
    (ids) => db.select({ path: commits.path, fromPath: commits.fromPath }).from(commits).where(inArray(commits.buildId, ids)),
  );
  const conflicts = [...new Set(later.flatMap(touchedPaths).filter((path) => files.has(path)))].sort();
  if (conflicts.length) throw new AppError(409, 'api.revertConflict', { conflicts });

  // The inverse of each change, as stored bytes (blob ids): nothing is re-read or re-encoded.
  const inverse = await Promise.all(
    changes.map(async (change) => {
      const written = await targetSha(change);
      const base = {
        path: change.path,
        content: null,
        message: `Revert ${change.kind} of ${change.path}`,
        authorId: user.id,
      };
      switch (change.kind) {
        case 'create':
          return { ...base, kind: 'delete' as const, baseSha: written, blobSha: null, fromPath: null };
        case 'update':
          return { ...base, kind: 'update' as const, baseSha: written, blobSha: change.baseSha, fromPath: null };
        case 'delete':
          return { ...base, kind: 'create' as const, baseSha: null, blobSha: change.baseSha, fromPath: null };
        case 'move':
          return {
            ...base,
            path: change.fromPath!,
            kind: 'move' as const,
            baseSha: written,
            blobSha: change.baseSha,
            fromPath: change.path,
          };
      }
    }),
  );

  const title = `Revert "${target.title || `build ${target.id}`}"`;
  let revert: Build | undefined;
  try {
    revert = await db
      .insert(builds)
      .values({
        status: 'publishing',
        title,
        createdBy: user.id,
        publishedBy: user.id,
        publishingSince: new Date(),
        revertOf: id,
      })
      .returning()
      .get();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'api.publishInProgress');
    throw error;
  }
  try {
    await batchInParts(
      db,
      inverse.map((change) => ({ ...change, buildId: revert!.id })),
      (rows) => db.insert(commits).values(rows),
    );
  } catch (error) {
    await releaseClaim(db, revert);
    throw error;
  }
  try {
    return await commitAndFinish(deps, revert, user, checkpoint);
  } catch (error) {
    if (error instanceof AppError && error.messageKey === 'api.publishConflict')
      throw new AppError(409, 'api.revertConflict', error.data);
    throw error;
  }
}

// ---- reading -----------------------------------------------------------------------------------

async function peopleById(db: Database, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const rows = await selectInParts(wanted, (ids) =>
    db
      .select({ id: users.id, username: users.username, displayName: users.displayName })
      .from(users)
      .where(inArray(users.id, ids)),
  );
  const map = new Map<string, BuildPerson>(rows.map((row) => [row.id, row]));
  return (id: string | null) => (id ? (map.get(id) ?? null) : null);
}

const toChange = (change: Pick<Commit, 'id' | 'kind' | 'path' | 'fromPath'>): BuildChange => ({
  id: change.id,
  kind: change.kind as PendingKind,
  path: change.path,
  from: change.fromPath ?? null,
});

/** Reading builds tries to settle an interrupted publish, but still answers when the repository cannot be reached. */
async function settleQuietly(deps: BuildDeps) {
  try {
    await resumeInterruptedPublishes(deps);
  } catch (error) {
    console.warn('Resuming an interrupted publish failed:', error);
  }
}

/** `GET /api/builds`: the newest builds first (at most 100), each with its changes. */
export async function listBuilds(deps: BuildDeps): Promise<BuildList> {
  const { db } = deps;
  await settleQuietly(deps);
  const rows = await db.select().from(builds).orderBy(desc(builds.id)).limit(100);
  const changeRows = await selectInParts(
    rows.map((row) => row.id),
    (ids) =>
      db
        .select({ id: commits.id, buildId: commits.buildId, kind: commits.kind, path: commits.path, fromPath: commits.fromPath })
        .from(commits)
        .where(inArray(commits.buildId, ids))
        .orderBy(commits.id),
  );
  const person = await peopleById(
    db,
    rows.map((row) => row.publishedBy ?? row.createdBy),
  );
  const items = rows.map(
    (row): BuildSummary => ({
      id: row.id,
      status: row.status,
      title: row.title,
      commitSha: row.commitSha,
      // Who made the build what it is: its publisher once published, else who started it.
      createdBy: person(row.publishedBy ?? row.createdBy),
      createdAt: row.createdAt.toISOString(),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      changes: changeRows.filter((change) => change.buildId === row.id).map(toChange),
    }),
  );
  return { items };
}

/** Blob id of the published (indexed) version of a page file. */
export async function publishedShas(db: Database, files: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(files)];
  if (!wanted.length) return new Map();
  const rows = await selectInParts(wanted, (paths) =>
    db.select({ sourcePath: pages.sourcePath, sourceHash: pages.sourceHash }).from(pages).where(inArray(pages.sourcePath, paths)),
  );
  return new Map(rows.map((row) => [row.sourcePath, row.sourceHash.split(':')[0]!]));
}

/** `GET /api/builds/open`: the current build's changes, each with a unified diff against the published file. */
export async function openBuildChanges(deps: BuildDeps): Promise<OpenBuild> {
  const { db } = deps;
  await settleQuietly(deps);
  const build = await currentBuild(db);
  if (!build) return { id: null, status: null, scheduledAt: null, scheduledBy: null, changes: [] };
  const changes = await changesOf(db, build.id);
  const published = await publishedShas(db, changes.flatMap(touchedPaths));
  const person = await peopleById(db, [...changes.map((change) => change.authorId), build.scheduledBy]);
  const repository = deps.contentRepository;
  const items = await mapLimited(
    changes,
    8, // on GitHub each published file is a request: not all at once
    async (change): Promise<OpenBuildChange> => {
      const source = change.fromPath ?? change.path;
      const publishedSha = published.get(source) ?? null;
      const binary = Boolean(change.blobSha) || !pageFromFile(change.path);
      let diff: string | null = null;
      if (!binary) {
        const before = publishedSha && repository ? await repository.readBlob(publishedSha) : '';
        const after = change.kind === 'delete' ? '' : (change.content ?? '');
        diff = createTwoFilesPatch(
          publishedSha ? `a/${source}` : '/dev/null',
          change.kind === 'delete' ? '/dev/null' : `b/${change.path}`,
          before,
          after,
          undefined,
          undefined,
          { context: 3 },
        );
      }
      const stale = change.kind === 'create' ? publishedSha !== null && !binary : publishedSha !== change.baseSha;
      return {
        ...toChange(change),
        page: pageFromFile(change.path) ?? null,
        message: change.message,
        author: person(change.authorId),
        createdAt: change.createdAt.toISOString(),
        baseSha: change.baseSha,
        publishedSha: binary ? null : publishedSha,
        stale,
        diff,
      };
    },
  );
  return {
    id: build.id,
    status: build.status as 'open' | 'publishing',
    scheduledAt: build.scheduledAt?.toISOString() ?? null,
    scheduledBy: build.scheduledAt ? person(build.scheduledBy) : null,
    changes: items,
  };
}

/** `DELETE /api/builds/open/changes/{id}`: discards one pending change. */
export async function discardChange(deps: BuildDeps, commitId: number): Promise<void> {
  const { db } = deps;
  const build = await currentBuild(db);
  if (!build || !Number.isInteger(commitId)) throw new AppError(404, 'api.notFound');
  if (build.status !== 'open') throw new AppError(409, 'api.publishInProgress');
  // An upload a site image in Settings shows is live already: it stays until Settings choose another (D2).
  const change = await db
    .select({ path: commits.path, blobSha: commits.blobSha })
    .from(commits)
    .where(and(eq(commits.id, commitId), eq(commits.buildId, build.id)))
    .get();
  if (change?.blobSha && (await settingsUsingMedia(db, change.path)).length) throw new AppError(409, 'api.mediaInSettings');
  const removed = await db
    .delete(commits)
    .where(and(eq(commits.id, commitId), eq(commits.buildId, build.id), stillOpen(build.id)))
    .returning({ id: commits.id });
  if (!removed.length) {
    // Still in the build: its publish began meanwhile.
    const exists = await db
      .select({ id: commits.id })
      .from(commits)
      .where(and(eq(commits.id, commitId), eq(commits.buildId, build.id)))
      .get();
    throw exists ? new AppError(409, 'api.publishInProgress') : new AppError(404, 'api.notFound');
  }
}

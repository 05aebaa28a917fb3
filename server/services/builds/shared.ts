import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { gitBlobSha } from '../../content/git-blob';
import type { ContentRepository } from '../../content/repository';
import type { Database } from '../../db/database';
import { type Build, builds, type Commit, commits } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';

/*
 * What the operations on editor builds share (docs/content.md "Writing and publishing"): the
 * current build, the repository, and where each change stands against the repository's head.
 * One operation per file beside this one: save, publish, revert, discard, schedule, history.
 */

/** A publish still `publishing` after this long is taken as abandoned (its process died). */
export const PUBLISH_LEASE_MS = 10 * 60 * 1000;

export type BuildDeps = Pick<AppDeps, 'db' | 'contentRepository' | 'pageCache' | 'mediaVariants' | 'indexer'>;

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
    .where(and(inArray(builds.status, ['open', 'publishing']), isNull(builds.revertOf), eq(builds.partOfOpen, false)))
    .orderBy(desc(builds.id))
    .get();
}

/** SQL that holds while the build still collects changes: writes into it are conditional on it. */
export const stillOpen = (buildId: number) => sql`EXISTS (SELECT 1 FROM builds WHERE id = ${buildId} AND status = 'open')`;

// ---- repository state --------------------------------------------------------------------------

/** The file a change leaves at `path`: its blob id, or null for a deletion. */
export async function targetSha(change: Commit): Promise<string | null> {
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

export type ChangeState = 'base' | 'applied' | 'conflict';

/**
 * Where each change stands against the repository: `base` (the file is the version the edit
 * started from: the change can be written), `applied` (the file already is what the change
 * writes) or `conflict` (someone else changed it).
 */
export async function changeStates(repository: ContentRepository, head: string | undefined, changes: Commit[]) {
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

export function conflictPaths(changes: Commit[], states: ChangeState[]) {
  return [...new Set(changes.flatMap((change, i) => (states[i] === 'conflict' ? touchedPaths(change) : [])))].sort();
}

/**
 * A failed publish before its commit: the build collects changes again (a revert is marked
 * failed). A build of scheduled pages (page-schedules.ts) gives its changes back to the open build
 * (made if there is none; a change saved there meanwhile for the same file wins) and is marked failed.
 */
export async function releaseClaim(db: Database, build: Pick<Build, 'id' | 'revertOf' | 'partOfOpen' | 'createdBy'>) {
  if (build.partOfOpen) {
    await db.insert(builds).values({ status: 'open', createdBy: build.createdBy }).onConflictDoNothing();
    const open = await currentBuild(db);
    if (open?.status === 'open')
      await db.batch([
        db
          .update(commits)
          .set({ buildId: open.id })
          .where(
            and(
              eq(commits.buildId, build.id),
              notInArray(commits.path, db.select({ path: commits.path }).from(commits).where(eq(commits.buildId, open.id))),
              stillOpen(open.id),
            ),
          ),
        db.delete(commits).where(and(eq(commits.buildId, build.id), stillOpen(open.id))),
      ]);
  }
  await db
    .update(builds)
    .set({ status: build.revertOf || build.partOfOpen ? 'failed' : 'open', publishingSince: null })
    .where(and(eq(builds.id, build.id), eq(builds.status, 'publishing')));
}

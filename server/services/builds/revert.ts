import { and, eq, gt, inArray, or } from 'drizzle-orm';
import type { PublishIndexing, PublishResult } from '../../../common/authoring';
import type { SessionUser } from '../../../common/permissions';
import { isUniqueViolation } from '../../db/errors';
import { batchInParts, selectInParts } from '../../db/limits';
import { type Build, builds, commits } from '../../db/schema';
import { AppError } from '../../errors';
import { changesOf } from '../publish-completion';
import { commitAndFinish, resumeInterruptedPublishes } from './publish';
import { type BuildDeps, type PublishCheckpoint, releaseClaim, requireRepository, targetSha, touchedPaths } from './shared';

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
  const target = await publishedBuild(db, id);
  const changes = await changesOf(db, id);
  await refuseLaterChanges(db, target, changes);
  const inverse = await Promise.all(changes.map((change) => inverseOf(change, user)));
  const revert = await claimRevertBuild(db, target, user);
  await writeInverse(db, revert, inverse);
  return await publishRevert(deps, revert, user, checkpoint);
}

type Db = BuildDeps['db'];
type Change = Awaited<ReturnType<typeof changesOf>>[number];

/** The build to revert: it exists (404) and was published (409). */
async function publishedBuild(db: Db, id: number) {
  const target = await db.select().from(builds).where(eq(builds.id, id)).get();
  if (!target) throw new AppError(404, 'api.buildNotFound');
  if (target.status !== 'published' || !target.publishedAt) throw new AppError(409, 'api.revertNotPublished');
  return { ...target, publishedAt: target.publishedAt };
}

/** 409 with the paths when a build published later, the open build or one publishing touched the same files. */
async function refuseLaterChanges(db: Db, target: Build & { publishedAt: Date }, changes: Change[]) {
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
}

/** The inverse of a change, as stored bytes (blob ids): nothing is re-read or re-encoded. */
async function inverseOf(change: Change, user: SessionUser) {
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
}

/** The revert's own build, claimed as the one publishing (409 while another publish runs). */
async function claimRevertBuild(db: Db, target: Build, user: SessionUser): Promise<Build> {
  try {
    return await db
      .insert(builds)
      .values({
        status: 'publishing',
        title: `Revert "${target.title || `build ${target.id}`}"`,
        createdBy: user.id,
        publishedBy: user.id,
        publishingSince: new Date(),
        revertOf: target.id,
      })
      .returning()
      .get();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'api.publishInProgress');
    throw error;
  }
}

/** The inverse changes as the revert build's commits; on failure the publishing claim is released. */
async function writeInverse(db: Db, revert: Build, inverse: Awaited<ReturnType<typeof inverseOf>>[]) {
  try {
    await batchInParts(
      db,
      inverse.map((change) => ({ ...change, buildId: revert.id })),
      (rows) => db.insert(commits).values(rows),
    );
  } catch (error) {
    await releaseClaim(db, revert);
    throw error;
  }
}

/** Commits and publishes the revert; the repository having changed those files since is a revert conflict. */
async function publishRevert(deps: BuildDeps, revert: Build, user: SessionUser, checkpoint?: PublishCheckpoint) {
  try {
    return await commitAndFinish(deps, revert, user, checkpoint);
  } catch (error) {
    if (error instanceof AppError && error.messageKey === 'api.publishConflict')
      throw new AppError(409, 'api.revertConflict', error.data);
    throw error;
  }
}

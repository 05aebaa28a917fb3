import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type Build, builds, type Commit } from '../../db/schema';
import { AppError } from '../../errors';
import { changesOf } from '../publish-completion';
import { currentBuild } from './shared';

/* Saving: changes collect in the one open build, at most one per file (server/services/pages.ts, media.ts). */

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

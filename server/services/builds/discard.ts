import { and, eq } from 'drizzle-orm';
import { commits } from '../../db/schema';
import { AppError } from '../../errors';
import { settingsUsingMedia } from '../media-settings';
import { type BuildDeps, currentBuild, stillOpen } from './shared';

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

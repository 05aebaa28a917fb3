import { GithubRateLimitError } from '../../content/github-repository';
import type { IndexDeps, Indexer } from '../../deps';
import { AppError } from '../../errors';
import { syncContent } from '../content-sync';
import { latestContentSync, recordedSync, resumeStoppedSync } from '../content-sync-runner';
import { afterPublish, publishStatements } from '../publish-completion';

/*
 * The index in one go, in this process (Node; docs/content.md "Syncing"): every call runs the whole
 * sync and returns with the index switched, so nothing is left for after the response. A change
 * clears this process's page cache at once (the other processes see the new build id within
 * seconds). GitHub's rate limit pauses a recorded sync until its reset; the jobs runner resumes it.
 */

function repositoryOf(deps: IndexDeps) {
  if (!deps.contentRepository) throw new AppError(503, 'api.contentRepositoryMissing');
  return deps.contentRepository;
}

export const inOneGo: Indexer = {
  async reindex(deps, { force = false, background = false } = {}) {
    try {
      const result = await recordedSync(deps.db, repositoryOf(deps), { force });
      // Cached pages of the old build are dropped now rather than when the cache next checks.
      if (result.changed) deps.pageCache?.clear();
      return { result };
    } catch (error) {
      // GitHub's budget is spent: the sync is recorded as paused until the reset (the builds screen says when).
      if (background || !(error instanceof GithubRateLimitError)) throw error;
      return { sync: await latestContentSync(deps.db) };
    }
  },

  async refresh(deps) {
    if ((await syncContent(deps.db, repositoryOf(deps))).changed) deps.pageCache?.clear();
  },

  async publish(deps, { build, changes, commitSha, publishedBy, knownBlobs }) {
    const statements = publishStatements(deps.db, build, changes, commitSha, publishedBy);
    const result = await syncContent(deps.db, repositoryOf(deps), { alsoWrite: statements, knownBlobs, allowEmpty: true });
    afterPublish(deps, changes);
    return { id: build.id, commitSha, buildId: result.buildId };
  },

  afterResponse: () => undefined,

  async resume(deps) {
    if (!deps.contentRepository) return;
    const resumed = await resumeStoppedSync(deps.db, deps.contentRepository).catch((error: unknown) => {
      if (error instanceof GithubRateLimitError) return undefined; // paused again, recorded
      throw error;
    });
    if (resumed?.changed) await deps.pageCache?.clear();
  },
};

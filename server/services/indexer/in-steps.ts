import { and, eq } from 'drizzle-orm';
import { builds } from '../../db/schema';
import type { IndexDeps, Indexer } from '../../deps';
import {
  contentSyncState,
  latestContentSync,
  retryFailedSync,
  runContentSyncSteps,
  startChunkedSync,
} from '../content-sync-runner';

/*
 * The index in steps (Workers; docs/decisions/0009-workers-chunked-sync.md): each step stages
 * `chunkPages` pages within one invocation's CPU, D1 (≤ 100 bound values a statement) and GitHub
 * limits, and the step that finds the rest fits switches the index. The state between steps is in
 * the database only (the staged rows, `content_syncs`), so the request that started a sync, its
 * `waitUntil` after the response and the per-minute cron all carry it on, and a step that dies is
 * run again. A publish's build is marked published by that last step, in its transaction.
 */

/**
 * `chunkPages` pages a step; an invocation (a request with its `waitUntil`, a cron run) runs steps
 * for at most `budgetMs` and `maxSteps`.
 */
export type StepLimits = { chunkPages: number; budgetMs: number; maxSteps: number };

export function inSteps(limits: StepLimits): Indexer {
  const steps = (deps: IndexDeps, options: Parameters<typeof runContentSyncSteps>[1]) =>
    runContentSyncSteps(deps, { chunkPages: limits.chunkPages, ...options });

  /** The first step, in the request: a small sync is done in it; a bigger one goes on after the response, then by the cron. */
  async function firstStep(
    deps: IndexDeps,
    options: { force?: boolean; publishBuildId?: number; knownBlobs?: ReadonlyMap<string, string> } = {},
  ) {
    const { knownBlobs, ...start } = options;
    await startChunkedSync(deps.db, start);
    return steps(deps, { maxSteps: 1, ...(knownBlobs ? { knownBlobs } : {}) });
  }

  return {
    async reindex(deps, { force = false, background = false } = {}) {
      if (background) {
        // A push: steps within this delivery's `waitUntil`; the cron carries a big sync on.
        await startChunkedSync(deps.db, { force });
        const outcome = await steps(deps, { budgetMs: limits.budgetMs, maxSteps: limits.maxSteps });
        return outcome.result ? { result: outcome.result } : { sync: outcome.sync };
      }
      const first = await firstStep(deps, { force });
      return first.result ? { result: first.result } : { sync: first.sync };
    },

    async refresh(deps) {
      // The first step of a stepped re-index; the cron carries a big one on.
      await firstStep(deps);
    },

    async publish(deps, { build, commitSha, publishedBy, knownBlobs }) {
      // The step that switches the index, maybe in a later invocation, reads the commit and publisher here.
      await deps.db
        .update(builds)
        .set({ commitSha, publishedBy })
        .where(and(eq(builds.id, build.id), eq(builds.status, 'publishing')));
      const first = await firstStep(deps, { publishBuildId: build.id, knownBlobs });
      if (first.result && first.published) return { id: build.id, commitSha, buildId: first.result.buildId };
      const sync = first.sync ?? (await latestContentSync(deps.db))!;
      return { id: build.id, commitSha, buildId: null, sync: contentSyncState(sync) };
    },

    // The invocation's budget, less the first step the request ran.
    afterResponse: (deps) => steps(deps, { budgetMs: limits.budgetMs, maxSteps: limits.maxSteps - 1 }),

    async resume(deps, { budgetMs, maxSteps }) {
      // A failed sync is taken up again by itself a few times (SYNC_AUTO_RETRIES), then its next steps.
      await retryFailedSync(deps.db);
      await steps(deps, { budgetMs: budgetMs ?? limits.budgetMs, maxSteps: Math.max(0, maxSteps) });
    },
  };
}

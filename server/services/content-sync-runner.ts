import { and, desc, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import {
  type ContentSyncState,
  parseRepositoryDamage,
  parseSyncPause,
  parseSyncRefusal,
  syncPauseHead,
} from '../../common/content-sync';
import { formatTimeForLog } from '../../common/format';
import { GithubRateLimitError } from '../content/github-repository';
import { type ContentRepository, reasonOf } from '../content/repository';
import type { Database } from '../db/database';
import { type Commit, type ContentSync, contentSyncs } from '../db/schema';
import type { AppDeps } from '../deps';
import { expiryLapsed, expiryTimeLapsed } from '../jobs/leases';
import {
  SYNC_CHUNK_PAGES,
  type SyncOptions,
  type SyncProgress,
  type SyncResult,
  syncContent,
  syncContentStep,
} from './content-sync';
import { afterPublish, publishingBuild } from './publish-completion';
import { getSiteSettings } from './site';

/*
 * Recorded re-indexes (docs/content.md "Syncing", docs/decisions/0009-workers-chunked-sync.md):
 * the one sync of content-sync.ts with its progress in `content_syncs`, which the builds screen
 * polls. The indexer's two strategies (server/services/indexer) drive it:
 *
 * - `recordedSync` (in one go): the whole sync in this process, chunk after chunk.
 * - `startChunkedSync` + `runSyncSteps` (in steps): each step is a call of `syncContentStep` that
 *   stages one chunk and returns; the state between steps is only in the database (the staged rows,
 *   this table), so any invocation — the request that started it, the `waitUntil` after its
 *   response, the per-minute cron — carries it on, and a step that dies is simply run again.
 */

/**
 * How long a step (or, on node, a chunk) may hold a sync before another invocation may take it over.
 * Far beyond a Worker's limits (30 s of CPU, 30 s of `waitUntil`), so it only runs out for a step
 * that was killed.
 */
export const SYNC_LEASE_MS = 2 * 60_000;
/**
 * The longest `lease_until` may lie ahead: a step's lease, the index switch's, or a pause for
 * GitHub's rate limit (its window is an hour). A time further ahead was written before the wall
 * clock stepped back, and lapses (server/jobs/leases.ts).
 */
const SYNC_HOLD_LIMIT_MS = 60 * 60_000;
const holdLapsed = (leaseUntil: Date, now: number) => expiryTimeLapsed(leaseUntil.getTime(), SYNC_HOLD_LIMIT_MS, now);
/** The lease a sync in one go holds through its final transaction. */
const SWITCH_LEASE_MS = 15 * 60_000;
/**
 * Workers: how many times in a row the cron takes a failed sync up again by itself, 1, 2 and 4
 * minutes after the failure (`retryFailedSync`). A passing fault (GitHub or D1 unreachable for a
 * moment) then does not leave a publish waiting, its build `publishing` and saves refused, until
 * someone presses Retry; a lasting one stops after these tries, with its reason, until someone does.
 */
export const SYNC_AUTO_RETRIES = 3;
const retryDelayMs = (failures: number) => 60_000 * 2 ** (failures - 1);

/** When the cron takes a failed sync up again by itself; undefined once it has tried SYNC_AUTO_RETRIES times (or on node, which counts no failures). */
function automaticRetryAt(row: ContentSync): Date | undefined {
  if (row.status !== 'failed' || row.failures < 1 || row.failures > SYNC_AUTO_RETRIES) return undefined;
  // A refusal to remove pages is not a passing fault: it waits for someone to fix the setting or force it;
  // nor is a damaged repository, which waits for a restore.
  if (parseSyncRefusal(row.error) || parseRepositoryDamage(row.error)) return undefined;
  return new Date(row.updatedAt.getTime() + retryDelayMs(row.failures));
}

/** Until when a sync pauses for GitHub's rate limit: its reset, within the hour a window lasts. */
const pauseUntil = (error: GithubRateLimitError, now: number) =>
  new Date(Math.min(Math.max(error.resumeAt.getTime(), now + 1000), now + SYNC_HOLD_LIMIT_MS));

/** What a sync whose process stopped before it finished records, once another sync takes over. */
export const SYNC_INTERRUPTED =
  'Interrupted: the process running this re-index stopped (a crash, out of memory, or a kill); the next re-index carried on from the pages it had rendered';

/** Rows of earlier syncs kept for the record. */
const KEPT_SYNCS = 20;

export async function latestContentSync(db: Database): Promise<ContentSync | undefined> {
  return db.select().from(contentSyncs).orderBy(desc(contentSyncs.startedAt)).limit(1).get();
}

/** The row as the dashboard reads it: a running sync whose lease ran out is `interrupted`. */
export function contentSyncState(row: ContentSync, now = Date.now()): ContentSyncState {
  const pausedUntil = row.status === 'running' ? parseSyncPause(row.error) : null;
  // A paused sync whose pause is over waits for the cron's next step: still running, not interrupted.
  const stalled = row.status === 'running' && !pausedUntil && row.leaseUntil !== null && holdLapsed(row.leaseUntil, now);
  return {
    id: row.id,
    status: stalled ? 'interrupted' : row.status,
    done: row.done,
    total: row.total,
    error: row.error,
    retryAt: automaticRetryAt(row)?.toISOString() ?? null,
    pausedUntil: pausedUntil?.toISOString() ?? null,
    problems: row.problems.length,
    refusal: row.status === 'failed' ? parseSyncRefusal(row.error) : null,
    damage: row.status === 'failed' ? parseRepositoryDamage(row.error) : null,
    buildId: row.buildId,
    startedAt: row.startedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

async function insertSync(
  db: Database,
  force: boolean,
  now: number,
  leaseUntil: Date | null,
  publishBuildId: number | null = null,
): Promise<ContentSync> {
  const row = {
    id: crypto.randomUUID(),
    status: 'running' as const,
    force,
    publishBuildId,
    problems: [],
    leaseUntil,
    startedAt: new Date(now),
    updatedAt: new Date(now),
  };
  const recent = db
    .select({ id: contentSyncs.id })
    .from(contentSyncs)
    .orderBy(desc(contentSyncs.startedAt))
    .limit(KEPT_SYNCS - 1);
  await db.batch([
    // A sync whose process died (a crash, out of memory, kill -9) stays `running` no longer: this one
    // carries on from the pages it staged (content-sync.ts), and its record says what happened.
    db
      .update(contentSyncs)
      .set({ status: 'failed', error: SYNC_INTERRUPTED, leaseUntil: null, updatedAt: new Date(now) })
      .where(and(eq(contentSyncs.status, 'running'), expiryLapsed(contentSyncs.leaseUntil, SYNC_HOLD_LIMIT_MS, now))),
    db.delete(contentSyncs).where(notInArray(contentSyncs.id, recent)),
    db.insert(contentSyncs).values(row),
  ]);
  return (await db.select().from(contentSyncs).where(eq(contentSyncs.id, row.id)).get())!;
}

function failed(error: unknown) {
  return reasonOf(error);
}

/**
 * Node: the whole sync in this process, as `syncContent`, with its progress written after each
 * chunk (one small update) for the builds screen; a failure is recorded and thrown. GitHub's rate
 * limit is not a failure: the sync is recorded as paused until the reset (as Workers' steps are)
 * and the error thrown; the jobs runner takes it up again then (`resumeStoppedSync`).
 */
export async function recordedSync(db: Database, repository: ContentRepository, options: SyncOptions = {}): Promise<SyncResult> {
  const now = options.now ?? Date.now;
  const row = await insertSync(db, options.force ?? false, now(), new Date(now() + SYNC_LEASE_MS));
  return runRecordedSync(db, repository, row, options);
}

/**
 * Node: a sync that stopped before it finished, taken up again — one paused by GitHub's rate limit
 * once the reset has passed, or one whose process died (its lease, renewed after every chunk, ran
 * out): one process takes it (a conditional update on its lease) and runs it whole, reusing the
 * pages it had staged. Undefined when there is none to resume.
 */
export async function resumeStoppedSync(
  db: Database,
  repository: ContentRepository,
  options: SyncOptions = {},
): Promise<SyncResult | undefined> {
  const now = options.now ?? Date.now;
  const latest = await latestContentSync(db);
  if (latest?.status !== 'running' || !latest.leaseUntil) return undefined;
  if (latest.leaseUntil.getTime() > now()) return undefined;
  const claimed = await db
    .update(contentSyncs)
    .set({ error: null, leaseUntil: new Date(now() + SYNC_LEASE_MS), updatedAt: new Date(now()) })
    .where(
      and(eq(contentSyncs.id, latest.id), eq(contentSyncs.status, 'running'), eq(contentSyncs.leaseUntil, latest.leaseUntil)),
    )
    .returning()
    .get();
  if (!claimed) return undefined;
  return runRecordedSync(db, repository, claimed, { ...options, force: claimed.force });
}

async function runRecordedSync(
  db: Database,
  repository: ContentRepository,
  row: ContentSync,
  options: SyncOptions,
): Promise<SyncResult> {
  const now = options.now ?? Date.now;
  try {
    const result = await syncContent(db, repository, {
      ...options,
      afterRendering: async () => {
        // The final transaction of a big site takes a while (minutes at 100 000 pages on a busy
        // machine): no other process may take the sync over as stopped meanwhile.
        await db
          .update(contentSyncs)
          .set({ updatedAt: new Date(now()), leaseUntil: new Date(now() + SWITCH_LEASE_MS) })
          .where(eq(contentSyncs.id, row.id));
        await options.afterRendering?.();
      },
      onProgress: async (progress) => {
        await db
          .update(contentSyncs)
          .set({ ...progress, updatedAt: new Date(now()), leaseUntil: new Date(now() + SYNC_LEASE_MS) })
          .where(eq(contentSyncs.id, row.id));
        await options.onProgress?.(progress);
      },
    });
    await db
      .update(contentSyncs)
      .set({
        status: 'done',
        ...(result.commit ? { commitSha: result.commit } : {}),
        problems: result.problems.map((problem) => ({ ...problem, sha: '' })),
        buildId: result.buildId,
        leaseUntil: null,
        updatedAt: new Date(now()),
        finishedAt: new Date(now()),
      })
      .where(eq(contentSyncs.id, row.id));
    return result;
  } catch (error) {
    const until = error instanceof GithubRateLimitError ? pauseUntil(error, now()) : null;
    await db
      .update(contentSyncs)
      .set(
        until
          ? { error: syncPauseHead(until, failed(error)), leaseUntil: until, updatedAt: new Date(now()) }
          : { status: 'failed', error: failed(error), leaseUntil: null, updatedAt: new Date(now()) },
      )
      .where(eq(contentSyncs.id, row.id))
      .catch(() => {});
    throw error;
  }
}

/**
 * Workers: the sync to carry on. A sync already running is joined (one at a time); a failed or
 * interrupted one is taken up again where it stopped (a retry keeps its staged pages and its
 * progress); otherwise a new one starts. Nothing is rendered here: `runSyncSteps` does that.
 *
 * `publishBuildId`: a publish whose index this sync makes (its final step marks the build
 * published). A new sync replacing an unfinished one (a forced re-index) takes over its publish.
 */
export async function startChunkedSync(
  db: Database,
  options: { force?: boolean; now?: number; publishBuildId?: number } = {},
): Promise<ContentSync> {
  const now = options.now ?? Date.now();
  const force = options.force ?? false;
  const latest = await latestContentSync(db);
  const unfinished = latest && latest.status !== 'done' ? latest : undefined;
  const publishBuildId = options.publishBuildId ?? unfinished?.publishBuildId ?? null;
  if (unfinished && (unfinished.force || !force)) {
    const running =
      unfinished.status === 'running' && (unfinished.leaseUntil === null || !holdLapsed(unfinished.leaseUntil, now));
    const resumed = running
      ? {}
      : { status: 'running' as const, error: null, failures: 0, leaseUntil: null, updatedAt: new Date(now) };
    if (!running || publishBuildId !== unfinished.publishBuildId)
      await db
        .update(contentSyncs)
        .set({ ...resumed, publishBuildId })
        .where(eq(contentSyncs.id, unfinished.id));
    return { ...unfinished, ...resumed, publishBuildId };
  }
  return insertSync(db, force, now, null, publishBuildId);
}

/**
 * Workers, the per-minute cron: the newest sync, failed, is taken up again by itself when its
 * automatic retry is due (`SYNC_AUTO_RETRIES`), keeping its staged pages and its count of failures.
 * One invocation wins (a conditional update on the count); returns the sync it resumed.
 */
export async function retryFailedSync(db: Database, now = Date.now()): Promise<ContentSync | undefined> {
  const latest = await latestContentSync(db);
  const due = latest && automaticRetryAt(latest);
  if (!due || due.getTime() > now) return undefined;
  return db
    .update(contentSyncs)
    .set({ status: 'running', error: null, leaseUntil: null, updatedAt: new Date(now) })
    .where(and(eq(contentSyncs.id, latest.id), eq(contentSyncs.status, 'failed'), eq(contentSyncs.failures, latest.failures)))
    .returning()
    .get();
}

/** Takes the running sync whose step is due (no lease, or a lapsed one): only one invocation gets it. */
async function claimStep(db: Database, now: number): Promise<ContentSync | undefined> {
  const latest = await latestContentSync(db);
  if (latest?.status !== 'running') return undefined;
  const claimed = await db
    .update(contentSyncs)
    .set({ leaseUntil: new Date(now + SYNC_LEASE_MS), steps: sql`${contentSyncs.steps} + 1` })
    .where(
      and(
        eq(contentSyncs.id, latest.id),
        eq(contentSyncs.status, 'running'),
        or(isNull(contentSyncs.leaseUntil), expiryLapsed(contentSyncs.leaseUntil, SYNC_HOLD_LIMIT_MS, now)),
      ),
    )
    .returning()
    .get();
  return claimed;
}

export type SyncStepsOutcome = {
  /** The sync as the last step left it (undefined: there is none). */
  sync?: ContentSync;
  /** The finished sync's result, when a step of this call published it. */
  result?: SyncResult;
  /** The changes of the editor build that step published with the index (a publish indexed in steps). */
  published?: Commit[];
  steps: number;
};

/**
 * Workers: runs steps of the running sync — each stages `chunkPages` pages, the last publishes —
 * until it is finished or failed, `maxSteps` ran, or `budgetMs` of wall time is spent (a step is
 * never cut: the budget is checked between steps). Returns at once when another invocation holds
 * the step. A step's error is recorded on the sync (status `failed`), never thrown.
 */
export async function runSyncSteps(
  db: Database,
  repository: ContentRepository,
  options: {
    chunkPages: number;
    budgetMs?: number;
    maxSteps?: number;
    now?: () => number;
    log?: (line: string) => void;
    /** Texts a publish just committed, by blob id (its first step need not read them back). */
    knownBlobs?: ReadonlyMap<string, string>;
  },
): Promise<SyncStepsOutcome> {
  const now = options.now ?? Date.now;
  const started = now();
  let steps = 0;
  for (;;) {
    const sync = await claimStep(db, now());
    if (!sync) return { sync: await latestContentSync(db), steps };
    steps++;
    const stepStarted = now();
    // The claim counted this step: a step that outran its lease finds the count moved on by the
    // invocation that took the step over, and then leaves that one's lease and progress alone.
    const heldByThisStep = and(eq(contentSyncs.id, sync.id), eq(contentSyncs.steps, sync.steps));
    let progress: SyncProgress = { done: sync.done, total: sync.total };
    try {
      const known = new Map(sync.problems.map((problem) => [problem.path, problem]));
      // A publish's build becomes published in the transaction of the step that switches the index.
      const publish =
        sync.publishBuildId === null ? undefined : await publishingBuild(db, sync.publishBuildId, sync.commitSha ?? undefined);
      const outcome = await syncContentStep(db, repository, {
        force: sync.force,
        // A publish's index may delete the last pages: the publish checked the repository before committing.
        allowEmpty: sync.publishBuildId !== null,
        chunkPages: options.chunkPages,
        maxChunks: 1,
        knownProblems: known,
        ...(publish ? { alsoWrite: publish.statements } : {}),
        ...(options.knownBlobs ? { knownBlobs: options.knownBlobs } : {}),
        onProgress: (reported) => {
          progress = reported;
        },
      });
      if ('finished' in outcome) {
        for (const problem of outcome.problems) known.set(problem.path, problem);
        await db
          .update(contentSyncs)
          .set({
            done: outcome.done,
            total: outcome.total,
            problems: [...known.values()],
            ...(outcome.commit ? { commitSha: outcome.commit } : {}),
            error: null,
            failures: 0,
            leaseUntil: null,
            updatedAt: new Date(now()),
          })
          .where(heldByThisStep);
        options.log?.(
          `Content sync ${sync.id}: step ${sync.steps}, ${outcome.done} of ${outcome.total} pages, ${now() - stepStarted} ms`,
        );
      } else {
        await db
          .update(contentSyncs)
          .set({
            status: 'done',
            done: progress.total,
            total: progress.total,
            ...(outcome.commit ? { commitSha: outcome.commit } : {}),
            problems: outcome.problems.map((problem) => ({ ...problem, sha: known.get(problem.path)?.sha ?? '' })),
            buildId: outcome.buildId,
            error: null,
            failures: 0,
            leaseUntil: null,
            updatedAt: new Date(now()),
            finishedAt: new Date(now()),
          })
          .where(heldByThisStep);
        options.log?.(
          `Content sync ${sync.id}: step ${sync.steps} published build ${outcome.buildId}, ${now() - stepStarted} ms`,
        );
        return {
          sync: await latestContentSync(db),
          result: outcome,
          ...(publish ? { published: publish.changes } : {}),
          steps,
        };
      }
    } catch (error) {
      if (error instanceof GithubRateLimitError) {
        // GitHub's budget is spent: not a failure. The sync stays running and its lease runs to the
        // reset, so no invocation (request, Retry, cron) asks GitHub again before; the cron goes on then.
        const until = pauseUntil(error, now());
        await db
          .update(contentSyncs)
          .set({ error: syncPauseHead(until, error.message), leaseUntil: until, updatedAt: new Date(now()) })
          .where(heldByThisStep);
        if (options.log) {
          const zone = (await getSiteSettings(db)).timeZone;
          options.log(
            `Content sync ${sync.id}: step ${sync.steps} paused by GitHub's rate limit until ${formatTimeForLog(until, zone)}`,
          );
        }
        return { sync: await latestContentSync(db), steps };
      }
      await db
        .update(contentSyncs)
        .set({
          status: 'failed',
          error: failed(error),
          failures: sql`${contentSyncs.failures} + 1`,
          leaseUntil: null,
          updatedAt: new Date(now()),
        })
        .where(heldByThisStep);
      options.log?.(`Content sync ${sync.id}: step ${sync.steps} failed: ${failed(error)}`);
      return { sync: await latestContentSync(db), steps };
    }
    if (
      (options.maxSteps !== undefined && steps >= options.maxSteps) ||
      now() - started >= (options.budgetMs ?? Number.POSITIVE_INFINITY)
    )
      return { sync: await latestContentSync(db), steps };
  }
}

/**
 * Steps of the running sync (the stepped indexer: the request that started it, its `waitUntil`, the
 * cron), clearing the page cache when one publishes. `chunkPages`: the strategy's step size.
 */
export async function runContentSyncSteps(
  deps: StepDeps,
  options: { chunkPages?: number; maxSteps?: number; budgetMs?: number; knownBlobs?: ReadonlyMap<string, string> } = {},
): Promise<SyncStepsOutcome> {
  if (!deps.contentRepository) return { steps: 0 };
  const outcome = await runSyncSteps(deps.db, deps.contentRepository, {
    chunkPages: SYNC_CHUNK_PAGES,
    ...options,
    log: (line) => console.log(line),
  });
  if (outcome.published) afterPublish(deps, outcome.published);
  else if (outcome.result?.changed) deps.pageCache?.clear();
  return outcome;
}

type StepDeps = Pick<AppDeps, 'db' | 'contentRepository' | 'pageCache' | 'mediaVariants'>;

import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { ScheduleResult } from '../../../common/authoring';
import type { SessionUser } from '../../../common/permissions';
import { builds, commits, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { publishOpenBuild } from './publish';
import { type BuildDeps, currentBuild } from './shared';

/** How far ahead a publish may be planned. */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * `POST /api/builds/publish` with a future `at`: the open build publishes itself then, in the
 * scheduler's name, with whatever changes it holds by that time (edits may go on meanwhile).
 * Scheduling again moves the time.
 */
export async function schedulePublish(
  deps: BuildDeps,
  user: SessionUser,
  input: { title?: string; at: Date },
  now = new Date(),
): Promise<ScheduleResult> {
  const { db } = deps;
  if (input.at.getTime() - now.getTime() > MAX_SCHEDULE_AHEAD_MS) throw new AppError(400, 'api.scheduleTooFar');
  const build = await currentBuild(db);
  if (build?.status === 'publishing') throw new AppError(409, 'api.publishInProgress');
  if (!build || !(await db.$count(commits, eq(commits.buildId, build.id)))) throw new AppError(400, 'api.nothingToPublish');
  const title = input.title?.trim() ?? '';
  const updated = await db
    .update(builds)
    .set({ scheduledAt: input.at, scheduledBy: user.id, ...(title ? { title } : {}) })
    .where(and(eq(builds.id, build.id), eq(builds.status, 'open')))
    .returning({ id: builds.id });
  if (!updated.length) throw new AppError(409, 'api.publishInProgress');
  return { id: build.id, status: 'scheduled', at: input.at.toISOString() };
}

/** `DELETE /api/builds/{id}/schedule`: the build stays open, to be published by hand. 404 when it is not scheduled. */
export async function cancelScheduledPublish(deps: Pick<AppDeps, 'db'>, id: number) {
  const cancelled = await deps.db
    .update(builds)
    .set({ scheduledAt: null, scheduledBy: null })
    .where(and(eq(builds.id, id), eq(builds.status, 'open'), isNotNull(builds.scheduledAt)))
    .returning({ id: builds.id });
  if (!cancelled.length) throw new AppError(404, 'api.notScheduled');
  return { id, status: 'open' as const };
}

/**
 * Publishes the open build when its time has come (the `scheduled-publish` background job:
 * server/jobs). The schedule is taken off first, so a publish that fails (a conflict, nothing left
 * to publish, a scheduler since deleted) is not retried every tick: the build stays open, and the
 * reason goes to the log and shows on the builds screen as "not scheduled" again.
 */
export async function publishDueBuild(deps: BuildDeps, now = new Date(), log = console): Promise<number | undefined> {
  const { db } = deps;
  const [due] = await db
    .update(builds)
    .set({ scheduledAt: null })
    .where(and(eq(builds.status, 'open'), isNotNull(builds.scheduledAt), lte(builds.scheduledAt, now)))
    .returning({ id: builds.id, scheduledBy: builds.scheduledBy, title: builds.title });
  if (!due) return undefined;
  const person = due.scheduledBy
    ? await db
        .select({ id: users.id, username: users.username, displayName: users.displayName })
        .from(users)
        .where(eq(users.id, due.scheduledBy))
        .get()
    : undefined;
  if (!person) {
    log.warn(`Scheduled publish of build ${due.id} skipped: whoever scheduled it no longer exists.`);
    return undefined;
  }
  try {
    const result = await publishOpenBuild(deps, { ...person, roles: [], permissions: [] }, { title: due.title });
    log.info(`Published scheduled build ${due.id} (commit ${result.commitSha.slice(0, 7)}).`);
    return result.id;
  } catch (error) {
    log.warn(`Scheduled publish of build ${due.id} failed; it stays open:`, error instanceof AppError ? error.messageKey : error);
    return undefined;
  }
}

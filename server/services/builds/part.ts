import { and, eq, inArray, isNotNull, not, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { commits, pageSchedules } from '../../db/schema';

/*
 * Which changes publish apart from the open build (issue 40 §2, defect P1); publish.ts
 * `publishPartOfOpenBuild` publishes them: a build of its own is made
 * `publishing` (`partOfOpen`), the chosen changes move into it from the open build in one
 * statement, and it is committed and indexed like any build. The open build stays open with the
 * rest. Used two ways:
 *   - a scheduled page publishes alone at its time (page-schedules.ts): only its changes move;
 *   - the open build is published (by hand or at its own scheduled time) while some of its
 *     changes belong to pages scheduled to publish later: every change but those moves, so a
 *     page's own schedule is never overtaken by a build's.
 * A failure before the commit gives the changes back (shared.ts `releaseClaim`).
 */

/** Changes to pages that have a publish time of their own (a move: at either end). */
export function heldForSchedule(db: Database): SQL {
  const files = () => db.select({ file: pageSchedules.file }).from(pageSchedules).where(eq(pageSchedules.action, 'publish'));
  // Never NULL (a change that is no move has no `fromPath`), so `not(…)` selects the others.
  return or(inArray(commits.path, files()), and(isNotNull(commits.fromPath), inArray(commits.fromPath, files()))) as SQL;
}

/** Whether the open build holds changes of pages scheduled to publish later (then it is published in part). */
export async function holdsScheduledChanges(db: Database, buildId: number): Promise<boolean> {
  return (await db.$count(commits, and(eq(commits.buildId, buildId), heldForSchedule(db)))) > 0;
}

/** The open build without the changes held for their pages' own schedules. */
export const notHeld = (db: Database): SQL => not(heldForSchedule(db));

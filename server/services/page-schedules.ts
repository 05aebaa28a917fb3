import { and, asc, eq, gte, inArray, lt, lte, or, type SQL } from 'drizzle-orm';
import { type PageRef, type PageScheduleInfo, pageFile, pageFromFile, type ScheduledItem } from '../../common/authoring';
import { otherLocale } from '../../common/locales';
import type { SessionUser } from '../../common/permissions';
import { commits, type PageSchedule, pageSchedules, users } from '../db/schema';
import { AppError } from '../errors';
import { type BuildDeps, MAX_SCHEDULE_AHEAD_MS, requireRepository } from './builds';
import { publishPartOfOpenBuild } from './builds/publish';
import { currentBuild } from './builds/shared';
import { checkPagePath, getPage, pageSource, savePage } from './pages';

/*
 * A page's own schedule (issue 40 §2; docs/content.md "Scheduling a page"). Beside the open
 * build, which publishes everything pending at once (by hand or at its scheduled time), a page can
 * be scheduled to publish ALONE: at its time only its own pending change (and its translation's,
 * when they were scheduled together) goes to the repository, as its own commit, and the other
 * pages' saves stay pending. A page can also be scheduled to go back to draft (`draft: true` in its
 * front matter, published the same way): its address then answers 404, and it leaves lists,
 * feeds, sitemaps, search and the public API as every draft does.
 *
 * The `page-schedules` job (server/jobs) runs `publishDuePageSchedules` every 5 s on Node (the
 * job's lease picks one process) and every minute on Workers' cron. A due schedule is claimed by
 * deleting its rows (one statement: of two ticks at once exactly one gets them), after its own
 * `publishing` build is made (the one-publishing-build index: while another publish runs, the
 * tick waits for the next one, the rows untouched).
 */

type Deps = BuildDeps;
type Action = PageSchedule['action'];

const validation = (field: string, message: string) =>
  new AppError(400, 'api.validationFailed', { issues: [{ path: [field], message }] });

/** The page (and the translation named) must be seen in the editor: 404 otherwise. */
async function requirePage(deps: Deps, ref: PageRef) {
  await pageSource(deps, ref);
  return pageFile(ref.locale, ref.path);
}

/** The files scheduled with `file` (its group, itself included). */
async function groupOf(deps: Deps, file: string): Promise<string[]> {
  const own = await deps.db.select({ group: pageSchedules.group }).from(pageSchedules).where(eq(pageSchedules.file, file)).all();
  if (!own.length) return [];
  const groups = [...new Set(own.map((row) => row.group))];
  const rows = await deps.db
    .select({ file: pageSchedules.file })
    .from(pageSchedules)
    .where(inArray(pageSchedules.group, groups))
    .all();
  return [...new Set([file, ...rows.map((row) => row.file)])];
}

/** `GET /api/pages/{locale}/{path}/schedule`: null times when the page has none. */
export async function getPageSchedule(deps: Deps, ref: PageRef): Promise<PageScheduleInfo> {
  const file = pageFile(ref.locale, ref.path);
  const rows = await deps.db.select().from(pageSchedules).where(eq(pageSchedules.file, file)).all();
  const at = (action: Action) => rows.find((row) => row.action === action)?.at.toISOString() ?? null;
  const group = (await groupOf(deps, file)).filter((other) => other !== file).flatMap((other) => pageFromFile(other) ?? []);
  return { ...ref, publishAt: at('publish'), unpublishAt: at('unpublish'), group };
}

/**
 * `PUT /api/pages/{locale}/{path}/schedule`: replaces the page's schedule (and, with
 * `translation`, its translation's: the two form one group, published in one commit). Times are
 * ISO instants (validated by the endpoint's schema); both must be in the future and within a
 * year, the unpublish after the publish. Nothing is stored when anything is refused.
 */
export async function setPageSchedule(
  deps: Deps,
  user: Pick<SessionUser, 'id'>,
  ref: PageRef,
  input: { publishAt?: string; unpublishAt?: string; translation?: string },
  now = new Date(),
): Promise<PageScheduleInfo> {
  const publishAt = input.publishAt === undefined ? undefined : new Date(input.publishAt);
  const unpublishAt = input.unpublishAt === undefined ? undefined : new Date(input.unpublishAt);
  if (!publishAt && !unpublishAt) throw validation('publishAt', 'api.scheduleEmpty');
  if (publishAt && publishAt.getTime() <= now.getTime()) throw validation('publishAt', 'api.publishAtPast');
  if (unpublishAt && unpublishAt.getTime() <= now.getTime()) throw validation('unpublishAt', 'api.unpublishAtPast');
  if (publishAt && unpublishAt && unpublishAt.getTime() <= publishAt.getTime())
    throw validation('unpublishAt', 'api.unpublishBeforePublish');
  for (const [field, at] of [
    ['publishAt', publishAt],
    ['unpublishAt', unpublishAt],
  ] as const)
    if (at && at.getTime() - now.getTime() > MAX_SCHEDULE_AHEAD_MS) throw validation(field, 'api.scheduleTooFar');
  const translation =
    input.translation === undefined ? undefined : checkPagePath(otherLocale(ref.locale), input.translation.replace(/^\/+/, ''));
  requireRepository(deps);
  const file = await requirePage(deps, ref);
  const files = [file, ...(translation ? [await requirePage(deps, translation)] : [])];
  // The group scheduled before (a translation scheduled with it) is replaced as a whole.
  const previous = await groupOf(deps, file);
  const rows = files.flatMap((each) => [
    ...(publishAt ? [{ file: each, action: 'publish' as const, at: publishAt, group: file, scheduledBy: user.id }] : []),
    ...(unpublishAt ? [{ file: each, action: 'unpublish' as const, at: unpublishAt, group: file, scheduledBy: user.id }] : []),
  ]);
  await deps.db.batch([
    deps.db.delete(pageSchedules).where(inArray(pageSchedules.file, [...new Set([...previous, ...files])])),
    deps.db.insert(pageSchedules).values(rows),
  ]);
  return getPageSchedule(deps, ref);
}

/** `DELETE /api/pages/{locale}/{path}/schedule`: the page's schedule and its group's go; 404 when there is none. */
export async function cancelPageSchedule(deps: Deps, ref: PageRef): Promise<PageScheduleInfo> {
  const files = await groupOf(deps, pageFile(ref.locale, ref.path));
  if (!files.length) throw new AppError(404, 'api.pageNotScheduled');
  await deps.db.delete(pageSchedules).where(inArray(pageSchedules.file, files));
  return { ...ref, publishAt: null, unpublishAt: null, group: [] };
}

/** The longest window `GET /api/schedules` answers (a month grid with its leading and trailing days). */
export const SCHEDULE_WINDOW_MAX_MS = 62 * 24 * 60 * 60 * 1000;

/** `GET /api/schedules?from=&to=`: the schedules in [from, to), oldest first, with the titles the editor sees. */
export async function listSchedules(deps: Deps, window: { from: string; to: string }): Promise<{ items: ScheduledItem[] }> {
  const from = new Date(window.from);
  const to = new Date(window.to);
  const span = to.getTime() - from.getTime();
  if (!(span > 0 && span <= SCHEDULE_WINDOW_MAX_MS)) throw validation('to', 'api.scheduleWindow');
  const rows = await deps.db
    .select()
    .from(pageSchedules)
    .where(and(gte(pageSchedules.at, from), lt(pageSchedules.at, to)))
    .orderBy(asc(pageSchedules.at), asc(pageSchedules.file))
    .all();
  const items: ScheduledItem[] = [];
  for (const row of rows) {
    const ref = pageFromFile(row.file);
    if (!ref) continue;
    const title = await getPage(deps, ref).then(
      (page) => (typeof page.frontMatter.title === 'string' ? page.frontMatter.title : ref.path),
      () => ref.path,
    );
    items.push({ ...ref, action: row.action, at: row.at.toISOString(), title });
  }
  return { items };
}

/**
 * The `page-schedules` job: publishes the earliest due group of schedules alone, as its own
 * commit; answers the editor build id published, or undefined (nothing due, another publish
 * running, nothing to publish). A group whose publish fails is not retried: the log says why, and
 * its changes stay pending in the open build (as a scheduled build's do).
 */
export async function publishDuePageSchedules(deps: Deps, now = new Date(), log: Pick<Console, 'info' | 'warn'> = console) {
  const { db } = deps;
  if (!deps.contentRepository) return undefined;
  const first = await db.select().from(pageSchedules).where(lte(pageSchedules.at, now)).orderBy(asc(pageSchedules.at)).get();
  if (!first) return undefined;
  const due = and(eq(pageSchedules.group, first.group), eq(pageSchedules.at, first.at));
  const person = first.scheduledBy
    ? await db
        .select({ id: users.id, username: users.username, displayName: users.displayName })
        .from(users)
        .where(eq(users.id, first.scheduledBy))
        .get()
    : undefined;
  if (!person) {
    await db.delete(pageSchedules).where(due);
    log.warn(`Scheduled publish of ${first.file} skipped: whoever scheduled it no longer exists.`);
    return undefined;
  }
  const user: SessionUser = { ...person, roles: [], permissions: [] };
  const rows = await db.select().from(pageSchedules).where(due).all();
  const files = rows.map((row) => row.file);
  const label = files.map((file) => file.replace(/^content\//, '').replace(/\.md$/, '')).join(', ');

  // 1. The draft mark each page's time asks for, as a pending change (nothing when it already has it).
  try {
    for (const row of rows) await markDraft(deps, user, row);
  } catch (error) {
    await db.delete(pageSchedules).where(due);
    log.warn(`Scheduled ${first.action} of ${label} failed:`, error instanceof AppError ? error.messageKey : error);
    return undefined;
  }
  // 2. The claim (of two ticks at once, one deletes the rows), then only these pages' changes, as one
  // build and one commit. While another publish runs the rows stay for the next tick.
  if ((await currentBuild(db))?.status === 'publishing') return undefined;
  const claimed = await db
    .delete(pageSchedules)
    .where(and(due, lte(pageSchedules.at, now)))
    .returning();
  if (!claimed.length) return undefined;
  const title = `${first.action === 'publish' ? 'Scheduled publish' : 'Scheduled unpublish'}: ${label}`;
  try {
    const which = or(inArray(commits.path, files), inArray(commits.fromPath, files)) as SQL;
    const result = await publishPartOfOpenBuild(deps, user, { which, title });
    log.info(`Published scheduled ${label} alone (build ${result.id}, commit ${result.commitSha.slice(0, 7)}).`);
    return result.id;
  } catch (error) {
    if (error instanceof AppError && error.messageKey === 'api.publishInProgress') {
      // Another publish began between the look and the claim: the schedule waits for the next tick.
      await db.insert(pageSchedules).values(claimed).onConflictDoNothing();
      return undefined;
    }
    const reason = error instanceof AppError ? error.messageKey : error;
    if (reason === 'api.nothingToPublish')
      log.warn(`Scheduled ${first.action} of ${label}: nothing was pending, nothing published.`);
    else log.warn(`Scheduled ${first.action} of ${label} failed; its changes stay pending:`, reason);
    return undefined;
  }
}

/** `draft: true` for an unpublish, no draft mark for a publish: saved as the page's pending change when it differs. */
async function markDraft(deps: Deps, user: Pick<SessionUser, 'id'>, row: PageSchedule) {
  const ref = pageFromFile(row.file);
  if (!ref) return;
  const page = await getPage(deps, ref);
  const draft = row.action === 'unpublish';
  if ((page.frontMatter.draft === true) === draft) return;
  const { draft: _, ...rest } = page.frontMatter;
  await savePage(deps, user.id, ref, {
    frontMatter: draft ? { ...rest, draft: true } : rest,
    body: page.body,
    message: draft ? 'Back to draft on schedule' : 'Published on schedule',
  });
}

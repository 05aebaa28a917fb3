import { and, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { pageFromFile, pageSlug } from '../../common/authoring';
import type { Database } from '../db/database';
import { failUnless } from '../db/guard';
import { type Build, builds, type Commit, commits, redirects } from '../db/schema';
import type { AppDeps } from '../deps';
import { prepareMediaVariants } from './media-variants';
import { publishEventStatements } from './outgoing-webhooks';

/*
 * The end of a publish (docs/content.md "Publishing safely", step 4): the statements that mark a
 * build published, with its redirects, written in the same transaction as the new index, and what
 * follows it. Shared by the publish that indexes in its own request (server/services/builds/publish.ts) and
 * the Workers sync whose final step indexes a big publish (server/services/content-sync-runner.ts).
 */

/** `/en/logs/hello` (decoded) for a page file; undefined for other files. */
export function addressOf(file: string): string | undefined {
  const page = pageFromFile(file);
  if (!page) return undefined;
  const slug = pageSlug(page.path);
  return slug ? `/${page.locale}/${slug}` : `/${page.locale}`;
}

export function defaultTitle(changes: Pick<Commit, 'kind' | 'path'>[]) {
  const first = changes[0]!;
  const page = pageFromFile(first.path);
  const name = page ? `${page.locale}/${page.path}` : first.path;
  return changes.length === 1
    ? `${capitalise(first.kind)} ${name}`
    : `${capitalise(first.kind)} ${name} and ${changes.length - 1} more`;
}
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export async function changesOf(db: Database, buildId: number): Promise<Commit[]> {
  return db.select().from(commits).where(eq(commits.buildId, buildId)).orderBy(commits.id);
}

function redirectStatements(db: Database, buildId: number, changes: Commit[], now: Date): BatchItem<'sqlite'>[] {
  const statements: BatchItem<'sqlite'>[] = [];
  for (const change of changes) {
    if (change.kind === 'delete') {
      // The page is gone: the moves that led to it go too, so its old addresses answer 404 at once
      // rather than 301 to a 404 (D11). Redirects made by hand or by an import stay the owner's.
      const gone = addressOf(change.path);
      if (gone) statements.push(db.delete(redirects).where(and(eq(redirects.to, gone), eq(redirects.origin, 'move'))));
      continue;
    }
    const to = addressOf(change.path);
    if (!to) continue;
    // A page lives at this address now: no rule may send it elsewhere.
    statements.push(db.delete(redirects).where(eq(redirects.from, to)));
    const from = change.kind === 'move' && change.fromPath ? addressOf(change.fromPath) : undefined;
    if (!from || from === to) continue;
    // Earlier rules that led to the old address now lead to the new one (no chains of 301s).
    statements.push(db.update(redirects).set({ to, buildId, updatedAt: now }).where(eq(redirects.to, from)));
    statements.push(
      db
        .insert(redirects)
        .values({ from, to, buildId, status: 301, origin: 'move', createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: redirects.from,
          set: { to, buildId, status: 301, origin: 'move', createdAt: now, updatedAt: now },
        }),
    );
  }
  return statements;
}

/**
 * Fails the transaction it is in unless the build is still `publishing`. A Workers step that
 * switches the index may run twice — it outran its lease, or a Worker was cut off after its commit —
 * and the second run must not apply the publish's redirects again: a later build may since have put
 * a page back at an address this one redirected away from.
 */
function stillPublishing(db: Database, buildId: number): BatchItem<'sqlite'> {
  return failUnless(
    db,
    sql`(select status from ${builds} where id = ${sql.raw(String(Math.trunc(buildId)))}) = 'publishing'`,
    'the build is no longer publishing',
  );
}

/**
 * The claimed build becomes published, with its redirects: the whole transaction fails if the
 * build is no longer `publishing` (stillPublishing), so a publish is applied once.
 */
export function publishStatements(
  db: Database,
  build: Pick<Build, 'id' | 'title' | 'revertOf'>,
  changes: Commit[],
  commitSha: string,
  publishedBy: string | null,
  now = new Date(),
): BatchItem<'sqlite'>[] {
  return [
    stillPublishing(db, build.id),
    db
      .update(builds)
      .set({
        status: 'published',
        title: build.title || defaultTitle(changes),
        commitSha,
        publishedAt: now,
        publishedBy,
        publishingSince: null,
      })
      .where(and(eq(builds.id, build.id), eq(builds.status, 'publishing'))),
    ...(build.revertOf ? [db.update(builds).set({ status: 'reverted' }).where(eq(builds.id, build.revertOf))] : []),
    ...redirectStatements(db, build.id, changes, now),
    // Outgoing webhooks: the events are queued in the publish's own transaction (none lost, none twice).
    ...publishEventStatements(db, {
      build: { id: build.id, title: build.title || defaultTitle(changes), commitSha, publishedBy, revertOf: build.revertOf },
      pages: pageEvents(changes),
    }),
  ];
}

/** The pages a publish put up (created, updated, moved: with their old address) and took down. */
function pageEvents(changes: Commit[]) {
  const published: { address: string; file: string; previousAddress?: string }[] = [];
  const deleted: { address: string; file: string }[] = [];
  for (const change of changes) {
    const address = addressOf(change.path);
    if (!address) continue;
    if (change.kind === 'delete') {
      deleted.push({ address, file: change.path });
      continue;
    }
    const previous = change.kind === 'move' && change.fromPath ? addressOf(change.fromPath) : undefined;
    published.push({ address, file: change.path, ...(previous && previous !== address ? { previousAddress: previous } : {}) });
  }
  return { published, deleted };
}

/**
 * The build a Workers sync publishes with its final step, while it is still `publishing` (a build
 * settled meanwhile gets no statements), with the statements for that step's transaction. Its
 * commit was recorded on the build when its index started.
 */
export async function publishingBuild(db: Database, buildId: number, head: string | undefined) {
  const build = await db
    .select()
    .from(builds)
    .where(and(eq(builds.id, buildId), eq(builds.status, 'publishing')))
    .get();
  if (!build) return undefined;
  const changes = await changesOf(db, build.id);
  const commitSha = build.commitSha ?? head;
  if (!changes.length || !commitSha) return undefined;
  return { build, changes, statements: publishStatements(db, build, changes, commitSha, build.publishedBy) };
}

/**
 * Bumped whenever this process publishes or changes a redirect (server/services/redirects.ts), so
 * route rules memoised by the redirect middleware (server/http/redirects.ts) are re-read at once;
 * other processes see them within its TTL.
 */
const ruleGenerations = new WeakMap<Database, number>();
export const routeRulesGeneration = (db: Database) => ruleGenerations.get(db) ?? 0;
export const routeRulesChanged = (db: Database) => ruleGenerations.set(db, routeRulesGeneration(db) + 1);

/** Step 5, after the transaction: the page cache, this process's route rules, responsive copies of new media. */
export function afterPublish(deps: Pick<AppDeps, 'db' | 'pageCache' | 'mediaVariants' | 'contentRepository'>, changes: Commit[]) {
  deps.pageCache?.clear();
  routeRulesChanged(deps.db);
  prepareMediaVariants(deps, changes);
}

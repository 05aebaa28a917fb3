import { createTwoFilesPatch } from 'diff';
import { desc, inArray } from 'drizzle-orm';
import type {
  BuildChange,
  BuildList,
  BuildPerson,
  BuildSummary,
  OpenBuild,
  OpenBuildChange,
  PendingKind,
} from '../../../common/authoring';
import { pageFromFile } from '../../../common/authoring';
import { mapLimited } from '../../../common/map-limited';
import type { Database } from '../../db/database';
import { selectInParts } from '../../db/limits';
import { builds, type Commit, commits, pages, users } from '../../db/schema';
import { changesOf } from '../publish-completion';
import { resumeInterruptedPublishes } from './publish';
import { type BuildDeps, currentBuild, touchedPaths } from './shared';

/* Reading builds: the history (`GET /api/builds`) and the open build's changes with their diffs. */

async function peopleById(db: Database, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const rows = await selectInParts(wanted, (ids) =>
    db
      .select({ id: users.id, username: users.username, displayName: users.displayName })
      .from(users)
      .where(inArray(users.id, ids)),
  );
  const map = new Map<string, BuildPerson>(rows.map((row) => [row.id, row]));
  return (id: string | null) => (id ? (map.get(id) ?? null) : null);
}

const toChange = (change: Pick<Commit, 'id' | 'kind' | 'path' | 'fromPath'>): BuildChange => ({
  id: change.id,
  kind: change.kind as PendingKind,
  path: change.path,
  from: change.fromPath ?? null,
});

/** Reading builds tries to settle an interrupted publish, but still answers when the repository cannot be reached. */
async function settleQuietly(deps: BuildDeps) {
  try {
    await resumeInterruptedPublishes(deps);
  } catch (error) {
    console.warn('Resuming an interrupted publish failed:', error);
  }
}

/** `GET /api/builds`: the newest builds first (at most 100), each with its changes. */
export async function listBuilds(deps: BuildDeps): Promise<BuildList> {
  const { db } = deps;
  await settleQuietly(deps);
  const rows = await db.select().from(builds).orderBy(desc(builds.id)).limit(100);
  const changeRows = await selectInParts(
    rows.map((row) => row.id),
    (ids) =>
      db
        .select({ id: commits.id, buildId: commits.buildId, kind: commits.kind, path: commits.path, fromPath: commits.fromPath })
        .from(commits)
        .where(inArray(commits.buildId, ids))
        .orderBy(commits.id),
  );
  const person = await peopleById(
    db,
    rows.map((row) => row.publishedBy ?? row.createdBy),
  );
  const items = rows.map(
    (row): BuildSummary => ({
      id: row.id,
      status: row.status,
      title: row.title,
      commitSha: row.commitSha,
      // Who made the build what it is: its publisher once published, else who started it.
      createdBy: person(row.publishedBy ?? row.createdBy),
      createdAt: row.createdAt.toISOString(),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      changes: changeRows.filter((change) => change.buildId === row.id).map(toChange),
    }),
  );
  return { items };
}

/** Blob id of the published (indexed) version of a page file. */
export async function publishedShas(db: Database, files: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(files)];
  if (!wanted.length) return new Map();
  const rows = await selectInParts(wanted, (paths) =>
    db.select({ sourcePath: pages.sourcePath, sourceHash: pages.sourceHash }).from(pages).where(inArray(pages.sourcePath, paths)),
  );
  return new Map(rows.map((row) => [row.sourcePath, row.sourceHash.split(':')[0]!]));
}

/** `GET /api/builds/open`: the current build's changes, each with a unified diff against the published file. */
export async function openBuildChanges(deps: BuildDeps): Promise<OpenBuild> {
  const { db } = deps;
  await settleQuietly(deps);
  const build = await currentBuild(db);
  if (!build) return { id: null, status: null, scheduledAt: null, scheduledBy: null, changes: [] };
  const changes = await changesOf(db, build.id);
  const published = await publishedShas(db, changes.flatMap(touchedPaths));
  const person = await peopleById(db, [...changes.map((change) => change.authorId), build.scheduledBy]);
  const repository = deps.contentRepository;
  const items = await mapLimited(
    changes,
    8, // on GitHub each published file is a request: not all at once
    async (change): Promise<OpenBuildChange> => {
      const source = change.fromPath ?? change.path;
      const publishedSha = published.get(source) ?? null;
      const binary = Boolean(change.blobSha) || !pageFromFile(change.path);
      let diff: string | null = null;
      if (!binary) {
        const before = publishedSha && repository ? await repository.readBlob(publishedSha) : '';
        const after = change.kind === 'delete' ? '' : (change.content ?? '');
        diff = createTwoFilesPatch(
          publishedSha ? `a/${source}` : '/dev/null',
          change.kind === 'delete' ? '/dev/null' : `b/${change.path}`,
          before,
          after,
          undefined,
          undefined,
          { context: 3 },
        );
      }
      const stale = change.kind === 'create' ? publishedSha !== null && !binary : publishedSha !== change.baseSha;
      return {
        ...toChange(change),
        page: pageFromFile(change.path) ?? null,
        message: change.message,
        author: person(change.authorId),
        createdAt: change.createdAt.toISOString(),
        baseSha: change.baseSha,
        publishedSha: binary ? null : publishedSha,
        stale,
        diff,
      };
    },
  );
  return {
    id: build.id,
    status: build.status as 'open' | 'publishing',
    scheduledAt: build.scheduledAt?.toISOString() ?? null,
    scheduledBy: build.scheduledAt ? person(build.scheduledBy) : null,
    changes: items,
  };
}

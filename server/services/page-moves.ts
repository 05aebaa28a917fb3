import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { builds, commits } from '../db/schema';

/*
 * The published moves of a page file, followed back: page history (page-history.ts) reads each
 * earlier path's commits, and the outdated-translation diff (translations.ts) finds its source's
 * address at the time. Only the database's record of builds: no repository, no other service.
 */

/** At most this many earlier paths are followed (a page moved back and forth stops there). */
const MAX_MOVES = 10;

/**
 * The file's paths, newest first, each with the time before which its history belongs to this page
 * (also the outdated-translation diff's way back to its source's earlier address, translations.ts).
 */
export async function pathsOf(db: Database, file: string) {
  const chain: { file: string; until: number }[] = [{ file, until: Number.POSITIVE_INFINITY }];
  for (let i = 0; i < MAX_MOVES; i++) {
    const last = chain.at(-1)!;
    const moved = await db
      .select({ fromPath: commits.fromPath, publishedAt: builds.publishedAt })
      .from(commits)
      .innerJoin(builds, eq(builds.id, commits.buildId))
      .where(and(eq(commits.path, last.file), eq(commits.kind, 'move'), eq(builds.status, 'published')))
      .orderBy(desc(builds.publishedAt))
      .get();
    if (!moved?.fromPath || !moved.publishedAt || chain.some((entry) => entry.file === moved.fromPath)) break;
    const until = moved.publishedAt.getTime();
    if (until > last.until) break;
    chain.push({ file: moved.fromPath, until });
  }
  return chain;
}

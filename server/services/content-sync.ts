import { desc, eq, inArray } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { slugFromPath } from '../../common/content';
import { isReservedSlug } from '../../common/paths';
import { ContentError, parseDocument } from '../content/front-matter';
import { RENDERER_VERSION, renderMarkdown } from '../content/render';
import { pageSearchText } from '../content/search-text';
import type { ContentRepository } from '../content/repository';
import type { Database } from '../db/database';
import { type ContentBuild, contentBuilds, pages } from '../db/schema';

export type SyncProblem = { path: string; message: string };
export type SyncResult = {
  buildId: string;
  /** True when the published content differs from before (a new build id). */
  changed: boolean;
  commit?: string;
  added: string[];
  updated: string[];
  removed: string[];
  unchanged: number;
  problems: SyncProblem[];
};

type PageRow = typeof pages.$inferInsert;

/** Hex SHA-256 with WebCrypto (works on Node and Workers). */
async function sha256(text: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function latestContentBuild(db: Database): Promise<ContentBuild | undefined> {
  return db.select().from(contentBuilds).orderBy(desc(contentBuilds.createdAt)).limit(1).get();
}

/**
 * Re-indexes the pages from the content repository's newest commit (docs/architecture.md: git is the source of
 * truth, the database a serving index).
 *
 * - Incremental: a page whose git blob (and renderer version) is unchanged is not read or rendered.
 * - Forgiving: a malformed file is reported in `problems` and skipped; when an earlier version of it
 *   was indexed, that version keeps serving.
 * - Atomic: every change and the new build row are written in one batch (a transaction), so readers
 *   see the old index or the new one, never a mix.
 */
export async function syncContent(
  db: Database,
  repository: ContentRepository,
  options: {
    force?: boolean;
    now?: () => number;
    /**
     * Statements written in the same transaction as the new index (publishing marks its build
     * published there), so they and the index change together or not at all.
     */
    alsoWrite?: BatchItem<'sqlite'>[];
    /** Texts of blobs the caller already holds, by blob id (publishing just wrote them): not read again. */
    knownBlobs?: ReadonlyMap<string, string>;
  } = {},
): Promise<SyncResult> {
  const now = options.now ?? Date.now;
  const head = await repository.head();
  const previous = await latestContentBuild(db);
  if (!options.force && previous && head && previous.commitSha === head && previous.rendererVersion === RENDERER_VERSION) {
    const [first, ...rest] = options.alsoWrite ?? [];
    if (first) await db.batch([first, ...rest]);
    const count = await db.$count(pages);
    return {
      buildId: previous.id,
      changed: false,
      commit: head,
      added: [],
      updated: [],
      removed: [],
      unchanged: count,
      problems: previous.problems,
    };
  }

  const files = head ? await repository.tree('content', head) : [];
  const existing = await db
    .select({ id: pages.id, locale: pages.locale, slug: pages.slug, sourcePath: pages.sourcePath, sourceHash: pages.sourceHash })
    .from(pages);
  const existingByPath = new Map(existing.map((row) => [row.sourcePath, row]));

  const problems: SyncProblem[] = [];
  /** The index after this sync, by `locale/slug`: its source hash, and new data when (re)rendered. */
  const next = new Map<string, { sourcePath: string; sourceHash: string; row?: PageRow }>();

  for (const file of files) {
    if (!file.path.endsWith('.md')) continue;
    const target = slugFromPath(file.path);
    if (!target) {
      problems.push({ path: file.path, message: 'not a page: pages live in content/fa/… or content/en/… and end in .md' });
      continue;
    }
    const key = `${target.locale}/${target.slug}`;
    if (isReservedSlug(target.slug)) {
      problems.push({ path: file.path, message: `the address /${key} is reserved by the site` });
      continue;
    }
    const taken = next.get(key);
    if (taken) {
      problems.push({ path: file.path, message: `the address /${key} is already used by ${taken.sourcePath}` });
      continue;
    }
    const sourceHash = `${file.sha}:r${RENDERER_VERSION}`;
    const before = existingByPath.get(file.path);
    if (before && before.sourceHash === sourceHash && `${before.locale}/${before.slug}` === key) {
      next.set(key, { sourcePath: file.path, sourceHash });
      continue;
    }
    try {
      const { data, body } = parseDocument(options.knownBlobs?.get(file.sha) ?? (await repository.readBlob(file.sha)));
      const rendered = renderMarkdown(body, target.locale);
      next.set(key, {
        sourcePath: file.path,
        sourceHash,
        row: {
          locale: target.locale,
          slug: target.slug,
          sourcePath: file.path,
          sourceHash,
          title: data.title,
          description: data.description,
          thumbnail: data.thumbnail ?? null,
          date: data.date ?? null,
          author: data.author ?? null,
          cat: data.cat ?? null,
          // Headings are kept only when the page asks for a table of contents (`toc: true`).
          toc: data.toc ? rendered.toc : null,
          intro: data.intro,
          comments: data.comments,
          newsletter: data.newsletter,
          draft: data.draft,
          html: rendered.html,
          // Plain text for search; triggers copy it into the full-text index (drizzle/0007_search.sql).
          searchText: pageSearchText(rendered.html),
          body: rendered.body,
          widgets: rendered.widgets,
          words: rendered.words,
          indexedAt: new Date(now()),
        },
      });
    } catch (error) {
      const message = error instanceof ContentError ? error.message : `could not be rendered: ${String(error)}`;
      problems.push({ path: file.path, message });
      // The last good version (same address) keeps serving until the file is fixed.
      if (before && `${before.locale}/${before.slug}` === key)
        next.set(key, { sourcePath: file.path, sourceHash: before.sourceHash });
    }
  }

  const existingByKey = new Map(existing.map((row) => [`${row.locale}/${row.slug}`, row]));
  const removed = existing.filter((row) => !next.has(`${row.locale}/${row.slug}`));
  const added: string[] = [];
  const updated: string[] = [];
  const writes: PageRow[] = [];
  for (const [key, entry] of next) {
    if (!entry.row) continue;
    (existingByKey.has(key) ? updated : added).push(key);
    writes.push(entry.row);
  }

  const fingerprint = [...next.entries()]
    .map(([key, entry]) => `${key}\t${entry.sourceHash}`)
    .sort()
    .join('\n');
  const buildId = (await sha256(fingerprint)).slice(0, 16);
  const changed = buildId !== previous?.id;

  const statements = [
    ...(removed.length
      ? [
          db.delete(pages).where(
            inArray(
              pages.id,
              removed.map((row) => row.id),
            ),
          ),
        ]
      : []),
    ...writes.map((row) => {
      const { locale: _l, slug: _s, ...rest } = row;
      return db
        .insert(pages)
        .values(row)
        .onConflictDoUpdate({ target: [pages.locale, pages.slug], set: rest });
    }),
    db
      .insert(contentBuilds)
      .values({
        id: buildId,
        commitSha: head ?? null,
        rendererVersion: RENDERER_VERSION,
        pageCount: next.size,
        problems,
        createdAt: new Date(now()),
      })
      .onConflictDoUpdate({
        target: contentBuilds.id,
        // Same content again: keep its id; it becomes the latest build only when it was not already.
        set: {
          commitSha: head ?? null,
          rendererVersion: RENDERER_VERSION,
          pageCount: next.size,
          problems,
          ...(changed ? { createdAt: new Date(now()) } : {}),
        },
      }),
    ...(options.alsoWrite ?? []),
  ] as const;
  await db.batch(statements as unknown as Parameters<Database['batch']>[0]);

  return {
    buildId,
    changed,
    ...(head ? { commit: head } : {}),
    added: added.sort(),
    updated: updated.sort(),
    removed: removed.map((row) => `${row.locale}/${row.slug}`).sort(),
    unchanged: next.size - writes.length,
    problems,
  };
}

/** Whether the index was ever built (a fresh install before its first sync is not). */
export async function hasContentIndex(db: Database) {
  return Boolean(await db.select({ id: contentBuilds.id }).from(contentBuilds).limit(1).get());
}

export async function contentBuildById(db: Database, id: string) {
  return db.select().from(contentBuilds).where(eq(contentBuilds.id, id)).get();
}

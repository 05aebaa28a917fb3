import { and, desc, eq, inArray, isNotNull, like, sql } from 'drizzle-orm';
import { pageFromFile, type SavedChange } from '../../common/authoring';
import type { Locale } from '../../common/locales';
import { MEDIA_PAGE_SIZE, type MediaInUse, type MediaItem, type MediaList, type MediaUse } from '../../common/media';
import { foldQuery } from '../../common/persian-fold';
import { hasControlCharacter } from '../../common/site-path';
import { imageInfo } from '../content/image-info';
import { pageSummary } from '../content/page-file';
import { repositoryPath } from '../content/repository';
import type { Database } from '../db/database';
import { selectInParts } from '../db/limits';
import { builds, type Commit, commits, pages, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { addChange, ensureOpenBuild, pendingChanges, requireRepository, stillOpen } from './builds';
import { publishedMedia } from './media';
import { mediaAddressForms, mediaUrl, settingsUsingMedia } from './media-settings';

/*
 * The media library (docs/content.md "Media"): the published files of `media/` with the open
 * build's uploads and deletions laid over them, newest first, each with the pages and site settings
 * that show it. A file is deleted as a pending change, like a page, and only while nothing uses it.
 */

type LibraryDeps = Pick<AppDeps, 'db' | 'contentRepository'>;

/** A file's facts read from its bytes, by blob id (a blob never changes): at most a few thousand kept. */
const facts = new Map<string, { type: string | null; width: number | null; height: number | null; bytes: number }>();
async function factsOf(deps: LibraryDeps, sha: string) {
  const known = facts.get(sha);
  if (known) return known;
  const bytes = await requireRepository(deps).readBlobBytes(sha);
  const info = imageInfo(bytes);
  const found = { type: info?.type ?? null, width: info?.width ?? null, height: info?.height ?? null, bytes: bytes.byteLength };
  if (facts.size >= 5000) facts.clear();
  facts.set(sha, found);
  return found;
}

/** `{path}` of `DELETE /api/media/{path}` (below `media/`), checked: 400 for anything that is not a plain file path there. */
export function checkMediaPath(param: string): string {
  const path = `media/${param}`;
  if (hasControlCharacter(path) || param.startsWith('/')) throw new AppError(400, 'api.mediaPathInvalid');
  try {
    return repositoryPath(path);
  } catch {
    throw new AppError(400, 'api.mediaPathInvalid');
  }
}

type Entry = { path: string; sha: string; status: MediaItem['status']; change?: Commit };

/** Every file of the library: published files, then the open build's media changes over them. */
async function libraryEntries(deps: LibraryDeps) {
  const entries = new Map<string, Entry>();
  for (const [path, sha] of await publishedMedia(deps)) entries.set(path, { path, sha, status: 'published' });
  const changes = (await pendingChanges(deps.db)).filter((change) => change.path.startsWith('media/'));
  for (const change of changes) {
    const published = entries.get(change.path);
    if (change.kind === 'delete') {
      if (published) entries.set(change.path, { ...published, status: 'deleting', change });
    } else if (change.blobSha) entries.set(change.path, { path: change.path, sha: change.blobSha, status: 'pending', change });
  }
  return entries;
}

/** Who put each file's current bytes there and when: its newest upload change in a published or the open build. */
async function uploads(db: Database) {
  const rows = await db
    .select({ path: commits.path, authorId: commits.authorId, createdAt: commits.createdAt, blobSha: commits.blobSha })
    .from(commits)
    .innerJoin(builds, eq(builds.id, commits.buildId))
    .where(
      and(like(commits.path, 'media/%'), isNotNull(commits.blobSha), inArray(builds.status, ['published', 'open', 'publishing'])),
    )
    .orderBy(desc(commits.createdAt));
  const byPath = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!byPath.has(row.path)) byPath.set(row.path, row);
  return byPath;
}

/**
 * The pages (as the editor sees them: a pending version wins, a page being deleted uses nothing)
 * and settings that show each of `paths`.
 */
export async function mediaUses(deps: Pick<AppDeps, 'db'>, paths: string[]): Promise<Map<string, MediaInUse>> {
  const { db } = deps;
  const result = new Map<string, MediaInUse>(paths.map((path) => [path, { pages: [], settings: [] }]));
  if (!paths.length) return result;
  const formOf = new Map<string, string>();
  for (const path of paths) for (const form of mediaAddressForms(path)) formOf.set(form, path);
  const changes = await pendingChanges(db);
  const touched = new Set(changes.flatMap((change) => (change.fromPath ? [change.path, change.fromPath] : [change.path])));
  const add = (path: string, use: MediaUse) => {
    const list = result.get(path)!.pages;
    if (!list.some((seen) => seen.locale === use.locale && seen.path === use.path)) list.push(use);
  };
  // Published pages whose rendered body (its segments; `html` for pages indexed before them) or banner
  // holds the address (one statement for the whole list).
  const rows = await db.all<{ form: string; source_path: string; locale: Locale; title: string }>(
    sql`select f.value as form, p.source_path, p.locale, p.title from json_each(${JSON.stringify([...formOf.keys()])}) as f
        join ${pages} as p on instr(coalesce(p.body, p.html), f.value) > 0 or instr(coalesce(p.thumbnail, ''), f.value) > 0
        order by p.locale, p.slug`,
  );
  for (const row of rows) {
    if (touched.has(row.source_path)) continue;
    const ref = pageFromFile(row.source_path);
    if (ref) add(formOf.get(row.form)!, { ...ref, title: row.title });
  }
  // Pending versions: their Markdown (body and front matter).
  for (const change of changes) {
    const ref = pageFromFile(change.path);
    if (!ref || change.kind === 'delete' || !change.content) continue;
    for (const [form, path] of formOf)
      if (change.content.includes(form)) add(path, { ...ref, title: pageSummary(change.content).title });
  }
  for (const path of paths) result.get(path)!.settings.push(...(await settingsUsingMedia(db, path)));
  return result;
}

/** `GET /api/media?q=&page=`: newest first, MEDIA_PAGE_SIZE a page; `q` matches the file's path, folded. */
export async function listMedia(deps: LibraryDeps, options: { q?: string; page?: number } = {}): Promise<MediaList> {
  const { db } = deps;
  const [entries, uploaded] = await Promise.all([libraryEntries(deps), uploads(db)]);
  // Folded as every search is (common/persian-fold.ts): «كتاب» or «کتابها» finds «کتاب‌ها.png».
  const query = foldQuery(options.q ?? '');
  const all = [...entries.values()]
    .filter((entry) => !query || foldQuery(entry.path).includes(query))
    .map((entry) => ({ entry, upload: uploaded.get(entry.path) }))
    .sort((a, b) => {
      const at = a.upload?.createdAt.getTime() ?? 0;
      const bt = b.upload?.createdAt.getTime() ?? 0;
      if (at !== bt) return bt - at;
      return a.entry.path < b.entry.path ? -1 : 1;
    });
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const window = all.slice((page - 1) * MEDIA_PAGE_SIZE, page * MEDIA_PAGE_SIZE);
  const paths = window.map(({ entry }) => entry.path);
  const authorIds = [...new Set(window.flatMap(({ upload }) => (upload?.authorId ? [upload.authorId] : [])))];
  const [uses, people, fileFacts] = await Promise.all([
    mediaUses(deps, paths),
    selectInParts(authorIds, (ids) =>
      db
        .select({ id: users.id, username: users.username, displayName: users.displayName })
        .from(users)
        .where(inArray(users.id, ids)),
    ),
    Promise.all(window.map(({ entry }) => factsOf(deps, entry.sha))),
  ]);
  const items = window.map(({ entry, upload }, i): MediaItem => {
    const person = people.find((row) => row.id === upload?.authorId);
    const use = uses.get(entry.path)!;
    return {
      path: entry.path,
      url: mediaUrl(entry.path),
      name: entry.path.split('/').at(-1)!,
      ...fileFacts[i]!,
      status: entry.status,
      uploadedBy: person ? { id: person.id, name: person.displayName || person.username } : null,
      uploadedAt: upload?.createdAt.toISOString() ?? null,
      usedBy: use.pages,
      usedBySettings: use.settings,
    };
  });
  return { items, total: all.length, page, pageSize: MEDIA_PAGE_SIZE };
}

/**
 * `DELETE /api/media/{path}`: a pending deletion of a published file (a pending upload is simply
 * dropped). 409 naming the pages and settings while anything shows the file; 404 when the library
 * has no such file.
 */
export async function deleteMedia(deps: LibraryDeps, userId: string, path: string): Promise<SavedChange> {
  const { db } = deps;
  requireRepository(deps);
  const entry = (await libraryEntries(deps)).get(path);
  if (!entry) throw new AppError(404, 'api.mediaNotFound');
  const use = (await mediaUses(deps, [path])).get(path)!;
  if (use.pages.length)
    throw new AppError(409, 'api.mediaInUse', use satisfies MediaInUse, {
      // Each address isolated left to right (U+2066 … U+2069), so a Persian path reads in order inside a Persian sentence.
      pages: use.pages.map((page) => `\u2066/${page.locale}/${page.path}\u2069`).join(', '),
    });
  if (use.settings.length) throw new AppError(409, 'api.mediaInSettings', use satisfies MediaInUse);
  const build = await ensureOpenBuild(db, userId);
  const change = entry.change;
  if (entry.status === 'deleting' && change) return { commit: { id: change.id, buildId: build.id } };
  if (entry.status === 'pending' && change) {
    const removed = await db
      .delete(commits)
      .where(and(eq(commits.id, change.id), stillOpen(build.id)))
      .returning({ id: commits.id });
    if (!removed.length) throw new AppError(409, 'api.changeRaced');
    return { commit: null };
  }
  const id = await addChange(db, build.id, {
    path,
    content: null,
    blobSha: null,
    kind: 'delete',
    baseSha: entry.sha,
    fromPath: null,
    message: `Delete ${path.split('/').at(-1)}`,
    authorId: userId,
    createdAt: new Date(),
  });
  if (id === undefined) throw new AppError(409, 'api.publishInProgress');
  return { commit: { id, buildId: build.id } };
}

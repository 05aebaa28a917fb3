import { createTwoFilesPatch } from 'diff';
import { inArray } from 'drizzle-orm';
import { type PageRef, pageFile, pageFromFile } from '../../common/authoring';
import { HISTORY_PAGE_SIZE, type PageHistory, type PageVersion, type PageVersionDetail } from '../../common/page-history';
import { readPage } from '../content/page-file';
import { selectInParts } from '../db/limits';
import { builds } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { requireRepository } from './builds';
import { pathsOf } from './page-moves';
import { getPage, pageSource } from './pages';

/*
 * Page history (issue 26 item 4; docs/content.md "Page history"): git is the record, so a page's
 * versions are the commits that changed its file — `git log` of the file on the local repository,
 * GitHub's commits?path= there. A move Daftar published is followed back: the build that made it
 * names the file's previous path, whose history continues before that commit. Restoring a version
 * is an ordinary save of its text (a pending change), made by the browser with PUT.
 */

type HistoryDeps = Pick<AppDeps, 'db' | 'contentRepository'>;

/** How far back a version view looks for its commit in the page's history. */
const VERSION_SCAN = 1000;

/** The versions of the page at `ref`, newest first, `limit` at most. */
async function versionsOf(deps: HistoryDeps, ref: PageRef, limit: number): Promise<PageVersion[]> {
  const repository = requireRepository(deps);
  const chain = await pathsOf(deps.db, pageFile(ref.locale, ref.path));
  const seen = new Map<string, Omit<PageVersion, 'build'>>();
  for (const { file, until } of chain) {
    const page = pageFromFile(file);
    if (!page) continue;
    for (const entry of await repository.fileHistory(file, limit)) {
      // A commit moving the file shows under its new path; an old path reused later is not this page.
      if (seen.has(entry.commit) || Date.parse(entry.date) > until + 1000) continue;
      const text = await repository.readFileAt(entry.commit, file);
      seen.set(entry.commit, { ...entry, page, deleted: text === undefined });
    }
  }
  const sorted = [...seen.values()].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)).slice(0, limit);
  const made = await selectInParts(
    sorted.map((version) => version.commit),
    (shas) =>
      deps.db
        .select({ id: builds.id, title: builds.title, commitSha: builds.commitSha })
        .from(builds)
        .where(inArray(builds.commitSha, shas)),
  );
  return sorted.map((version) => {
    const build = made.find((row) => row.commitSha === version.commit);
    return { ...version, build: build ? { id: build.id, title: build.title } : null };
  });
}

/** `GET /api/pages/{locale}/{path}/history?page=`: HISTORY_PAGE_SIZE versions a page; 404 for a page with no history that is not seen either. */
export async function pageHistory(deps: HistoryDeps, ref: PageRef, page = 1): Promise<PageHistory> {
  const start = (page - 1) * HISTORY_PAGE_SIZE;
  const versions = await versionsOf(deps, ref, start + HISTORY_PAGE_SIZE + 1);
  if (!versions.length) await getPage(deps, ref); // 404 when there is no such page at all
  return {
    items: versions.slice(start, start + HISTORY_PAGE_SIZE),
    page,
    pageSize: HISTORY_PAGE_SIZE,
    hasMore: versions.length > start + HISTORY_PAGE_SIZE,
  };
}

/** The page's current file as the editor sees it (a pending version first); '' when it is gone or being deleted. */
async function currentSource(deps: HistoryDeps, ref: PageRef): Promise<string> {
  try {
    const { source, entry } = await pageSource(deps, ref);
    return entry.pending === 'delete' ? '' : source;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return '';
    throw error;
  }
}

/** `GET /api/pages/{locale}/{path}/history/{commit}`: one version with its text and its diff to the current text. */
export async function pageVersion(deps: HistoryDeps, ref: PageRef, commit: string): Promise<PageVersionDetail> {
  const version = (await versionsOf(deps, ref, VERSION_SCAN)).find((candidate) => candidate.commit === commit);
  if (!version) throw new AppError(404, 'api.versionNotFound');
  const repository = requireRepository(deps);
  const text = version.deleted
    ? undefined
    : await repository.readFileAt(commit, pageFile(version.page.locale, version.page.path));
  const parsed = text === undefined ? null : readPage(text);
  const current = await currentSource(deps, ref);
  const diff = createTwoFilesPatch(
    `${version.commit.slice(0, 7)}/${version.page.locale}/${version.page.path}.md`,
    `current/${ref.locale}/${ref.path}.md`,
    text ?? '',
    current,
    undefined,
    undefined,
    { context: 3 },
  );
  return { ...version, frontMatter: parsed?.frontMatter ?? null, body: parsed?.body ?? null, diff };
}

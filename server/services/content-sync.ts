import { desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { alias } from 'drizzle-orm/sqlite-core';
import { slugFromPath } from '../../common/content';
import { type SyncRefusal, type SyncRefusalReason, syncRefusalHead } from '../../common/content-sync';
import { mapLimited } from '../../common/map-limited';
import { isReservedSlug } from '../../common/paths';
import { foldAddress } from '../../common/persian-fold';
import { RENDERER_VERSION } from '../content/render';
import { type PageSource, type RenderedFields, type RenderPages, renderInThread } from '../content/render-page';
import { byPath, type CommitStamp, type ContentRepository, damageIn } from '../content/repository';
import type { Database } from '../db/database';
import { failUnless } from '../db/guard';
import { type ContentBuild, contentBuilds, pages } from '../db/schema';
import type { SyncProblem, SyncResult } from '../deps';
import { AppError } from '../errors';

export type { SyncProblem, SyncResult } from '../deps';

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
 * Pages rendered and written per transaction: bounds memory (with render threads three chunks are in
 * memory at once), and a crash loses at most one chunk. 200 made a 10 000-page CLI sync's peak about
 * 20 MB higher (309 against 291 MB, side by side) for no time saved.
 */
export const SYNC_CHUNK_PAGES = 100;
/** Files read at once (from the repository's pack, or GitHub requests in flight). */
const READ_AT_ONCE = 8;
/** Values bound per statement stay under D1's limit of 100. */
const IDS_PER_STATEMENT = 90;

/**
 * The staging table of a sync that renders more than one chunk: a copy of `pages`' columns (made
 * from the table itself, so a column added to `pages` needs no second change) where finished chunks
 * wait until the last one is done and everything moves into `pages` in one transaction. A sync that
 * dies leaves its chunks there; the next sync takes every staged row whose source still matches
 * instead of rendering it again.
 */
const STAGING = 'pages_next';

const pageColumns = Object.entries(getTableColumns(pages)).filter(([key]) => key !== 'id');

export type SyncProgress = {
  /** Pages rendered (or taken from an earlier, interrupted sync) so far. */
  done: number;
  /** Pages this sync renders in all. */
  total: number;
};

/** A file found malformed, with its blob: a later step of the same sync reports it without rendering it again. */
export type SyncBlobProblem = SyncProblem & { sha: string };

/** A step of a chunked sync that stopped before publishing (`maxChunks`): its chunks are staged. */
export type SyncStepPending = SyncProgress & {
  finished: false;
  commit?: string;
  /** Files this step found malformed. */
  problems: SyncBlobProblem[];
};

/** Makes the staging table, or makes it again when `pages` gained or lost a column since. */
async function ensureStaging(db: Database) {
  const columns = async (table: string) =>
    // The PRAGMA statement, not the pragma_table_info() function, which D1 refuses.
    (await db.all<{ name: string }>(sql`pragma table_info(${sql.identifier(table)})`)).map((c) => c.name).join(',');
  const [current, staged] = await Promise.all([columns('pages'), columns(STAGING)]);
  if (current === staged) return;
  await db.batch([
    db.run(sql`drop table if exists ${sql.identifier(STAGING)}`),
    db.run(sql`create table ${sql.identifier(STAGING)} as select * from ${pages} where 0`),
    db.run(sql`create unique index ${sql.identifier(`${STAGING}_source_path`)} on ${sql.identifier(STAGING)} (source_path)`),
  ]);
}

/**
 * The staging table under `pages`' columns, for Drizzle's query builder: on D1, Drizzle can batch a
 * raw `db.run(sql)` only when it binds no values, so statements with values use this.
 */
const staging = alias(pages, STAGING);

/** On a conflict, every column but the key from the row being inserted (`excluded.…`): its values are bound once, not twice. */
const stagedUpdate = Object.fromEntries(
  pageColumns.filter(([key]) => key !== 'sourcePath').map(([key, column]) => [key, sql`excluded.${sql.identifier(column.name)}`]),
) as Partial<Record<keyof PageRow, ReturnType<typeof sql>>>;

/** One rendered page into the staging table (replacing an older render of the same file). */
function stageRow(db: Database, row: PageRow) {
  return db.insert(staging).values(row).onConflictDoUpdate({ target: staging.sourcePath, set: stagedUpdate });
}

/**
 * Staged rows moved per statement. Within the one transaction, each statement keeps a journal of
 * the pages it changes (in memory: libSQL's build keeps temporary files there), and the search
 * index's trigger rewrites many: one statement for 10 000 pages held about 220 MB of it.
 */
const COPY_ROWS = 500;

/** Moves every staged row into `pages` (inserting, or updating the page at the same address), a range of rowids per statement. */
function copyStaged(db: Database, rowids: { min: number; max: number }) {
  const names = pageColumns.map(([, column]) => sql.identifier(column.name));
  const updates = pageColumns
    .filter(([key]) => key !== 'locale' && key !== 'slug')
    .map(([, column]) => sql`${sql.identifier(column.name)} = excluded.${sql.identifier(column.name)}`);
  const statements = [];
  // The bounds written into the SQL (integers from the database): D1 batches raw statements only without bound values.
  for (let from = Math.trunc(rowids.min) - 1; from < rowids.max; from += COPY_ROWS)
    statements.push(
      db.run(
        sql`insert into ${pages} (${sql.join(names, sql`, `)}) select ${sql.join(names, sql`, `)} from ${sql.identifier(STAGING)} where rowid > ${sql.raw(String(from))} and rowid <= ${sql.raw(String(from + COPY_ROWS))} on conflict (locale, slug) do update set ${sql.join(updates, sql`, `)}`,
      ),
    );
  return statements;
}

async function stagedRowids(db: Database) {
  const range = await db.get<{ min: number | null; max: number | null }>(
    sql`select min(rowid) as min, max(rowid) as max from ${sql.identifier(STAGING)}`,
  );
  return { min: range?.min ?? 1, max: range?.max ?? 0 };
}

/**
 * Fails the transaction it is in unless the staging table holds exactly `count` rows: another
 * process's sync changed it meanwhile, and this one must not publish an index with pages missing.
 */
function stagedCountIs(db: Database, count: number) {
  return failUnless(
    db,
    sql`(select count(*) from ${sql.identifier(STAGING)}) = ${sql.raw(String(Math.trunc(count)))}`,
    'the staging table changed during the sync',
  );
}

async function stagedCount(db: Database) {
  return (await db.get<{ n: number }>(sql`select count(*) as n from ${sql.identifier(STAGING)}`))?.n ?? 0;
}

function chunks<T>(items: T[], size: number) {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The translated message of each refusal (common/messages.ts). */
export const syncRefusalKeys = {
  unborn: 'api.syncRefusedUnborn',
  empty: 'api.syncRefusedEmpty',
  unrelated: 'api.syncRefusedUnrelated',
} as const;

/**
 * A sync that would empty the index, or replace it from another history, by accident (a wrong
 * DATA_DIR or GITHUB_* setting, a second host with its own data folder): nothing is written and
 * the index keeps serving. A 409 in the request's language over HTTP; its English `message` is
 * what the CLI prints and the failed sync records (its head is `syncRefusalHead`, which the builds
 * screen reads back). `force` re-indexes anyway.
 */
export class SyncRefusedError extends AppError {
  readonly refusal: SyncRefusal;
  constructor(reason: SyncRefusalReason, removes: number, detail: string) {
    super(409, syncRefusalKeys[reason], { reason, removes }, { n: removes });
    this.name = 'SyncRefusedError';
    this.refusal = { reason, removes };
    this.message = `${syncRefusalHead(this.refusal)}: ${detail}. The index is kept. Every host of one site must read the same content repository (GitHub mode, or one shared data folder), never a data folder each; re-indexing anyway (content-sync --force, or "Re-index anyway" on the builds screen) removes those pages.`;
  }
}

/**
 * Why a sync from `head` must not run (undefined: it may). Only an index with pages has something
 * to lose. Refused: a repository without commits, one without any page (unless `allowEmpty`: a
 * publish whose changes delete the last pages), and a head whose history lacks the commit the
 * index was built from while pages would go (another repository or branch). `files`: the content
 * tree at `head`.
 */
async function syncRefusal(
  repository: ContentRepository,
  previous: ContentBuild | undefined,
  head: string | undefined,
  files: { path: string }[],
  existing: { locale: string; slug: string }[],
  allowEmpty: boolean,
): Promise<SyncRefusedError | undefined> {
  if (!existing.length) return undefined;
  if (!head)
    return new SyncRefusedError(
      'unborn',
      existing.length,
      `the content repository ${repository.location} has no commits (an empty repository, or a branch that does not exist)`,
    );
  const keys = new Set(
    files.flatMap((file) => {
      const target = file.path.endsWith('.md') ? slugFromPath(file.path) : undefined;
      return target ? [`${target.locale}/${target.slug}`] : [];
    }),
  );
  const removes = existing.filter((row) => !keys.has(`${row.locale}/${row.slug}`)).length;
  if (removes > 0 && previous?.commitSha && !(await repository.contains(previous.commitSha, head)))
    return new SyncRefusedError(
      'unrelated',
      removes,
      `the content repository ${repository.location} (at ${head.slice(0, 7)}) does not contain commit ${previous.commitSha.slice(0, 7)}, which the index was built from (another repository, another branch, or a rewritten history)`,
    );
  if (!allowEmpty && keys.size === 0)
    return new SyncRefusedError(
      'empty',
      existing.length,
      `the content repository ${repository.location} has no pages under content/ at ${head.slice(0, 7)}`,
    );
  return undefined;
}

/** One sync at a time per database in this process (they share the staging table). */
const running = new WeakMap<Database, Promise<unknown>>();

/**
 * Re-indexes the pages from the content repository's newest commit (docs/architecture.md: git is the source of
 * truth, the database a serving index; docs/content.md "Syncing").
 *
 * - Incremental: a page whose git blob (and renderer version) is unchanged is not read or rendered.
 * - Forgiving: a malformed file is reported in `problems` and skipped; when an earlier version of it
 *   was indexed, that version keeps serving.
 * - Streaming: pages are read, rendered and written SYNC_CHUNK_PAGES at a time; all but the last
 *   chunk wait in the staging table, so memory stays bounded however big the site is.
 * - Atomic: the last chunk, the staged rows, deletions and the new build row are written in one
 *   batch (a transaction), so readers see the old index or the new one, never a mix.
 * - Resumable: a sync that dies before that batch leaves the old index serving; the next sync keeps
 *   the chunks already staged and renders only the rest.
 */
export function syncContent(db: Database, repository: ContentRepository, options: SyncOptions = {}): Promise<SyncResult> {
  return queued(db, async () => {
    const result = await runSync(db, repository, options);
    if ('finished' in result) throw new Error('syncContent runs every chunk: maxChunks is for syncContentStep');
    return result;
  });
}

/**
 * One step of a chunked sync (server/services/content-sync-runner.ts): the same sync, stopped after
 * `maxChunks` chunks are staged when more remain; the step that finds the rest fits publishes as
 * `syncContent` does. Steps keep nothing in memory between them: the staged rows are the progress.
 */
export function syncContentStep(
  db: Database,
  repository: ContentRepository,
  options: SyncOptions & { maxChunks: number },
): Promise<SyncResult | SyncStepPending> {
  return queued(db, () => runSync(db, repository, options));
}

function queued<T>(db: Database, run: () => Promise<T>): Promise<T> {
  const result = (running.get(db) ?? Promise.resolve()).catch(() => {}).then(run);
  running.set(db, result);
  return result;
}

export type SyncOptions = {
  /** Re-render every page, and re-index even when the sync would remove pages by accident (`SyncRefusedError`). */
  force?: boolean;
  /**
   * The sync may leave no page at all: a publish whose changes delete the last pages (it checked,
   * before committing, that the repository holds the indexed commit: `checkIndexedCommit`).
   */
  allowEmpty?: boolean;
  now?: () => number;
  /**
   * Statements written in the same transaction as the new index (publishing marks its build
   * published there), so they and the index change together or not at all.
   */
  alsoWrite?: BatchItem<'sqlite'>[];
  /** Texts of blobs the caller already holds, by blob id (publishing just wrote them): not read again. */
  knownBlobs?: ReadonlyMap<string, string>;
  /** Renders the files of a chunk (default: in this thread; the node CLI passes worker threads). */
  renderPages?: RenderPages;
  /** Pages per chunk (default SYNC_CHUNK_PAGES). */
  chunkPages?: number;
  /**
   * Called once every page of the sync is rendered, before the final transaction: the node CLI
   * stops its render threads there, so their heaps are not held through the biggest write.
   */
  afterRendering?: () => void | Promise<void>;
  /** Called after each chunk is rendered (progress; a test throws here to simulate a crash). */
  onProgress?: (progress: SyncProgress) => void | Promise<void>;
  /** Render at most this many chunks; when more remain, stage them all and stop before publishing. */
  maxChunks?: number;
  /** Files an earlier step found malformed, by path: reported again, not rendered, while their blob is the same. */
  knownProblems?: ReadonlyMap<string, { sha: string; message: string }>;
};

/** A page of the index as a sync reads it (which file it came from, and its last change). */
type IndexedPage = {
  id: number;
  locale: string;
  slug: string;
  sourcePath: string;
  sourceHash: string;
  translationKey: string | null;
  lastCommit: string | null;
  lastCommitAt: Date | null;
};

/** What a sync starts from: the repository's files at its head, the index's pages, the rows an interrupted sync staged. */
type SyncStart = {
  head: string | undefined;
  previous: ContentBuild | undefined;
  files: Awaited<ReturnType<ContentRepository['tree']>>;
  existing: IndexedPage[];
  /** Rows an interrupted sync staged: source path → source hash. */
  staged: Map<string, string>;
};

/** A file to read and render. */
const sourceHashOf = (sha: string) => `${sha}:r${RENDERER_VERSION}`;

/*
 * The plan holds one entry per page of the site (100 000 at the scale the CLI must handle under its
 * 96 MB heap, issue 35 F-3): each keeps the path and blob strings of the tree's listing and its
 * address key, and derives the rest, so a page costs a small object, not five more strings.
 * server/services/content-sync-memory.test.ts holds the growth per page to a budget.
 */

/** A file to read and render. */
class PendingFile {
  constructor(
    readonly path: string,
    readonly sha: string,
    /** `locale/slug`, the plan's key. */
    readonly key: string,
  ) {}
  get locale() {
    return this.key.slice(0, this.key.indexOf('/')) as PageRow['locale'];
  }
  get slug() {
    return this.key.slice(this.key.indexOf('/') + 1);
  }
  get sourceHash() {
    return sourceHashOf(this.sha);
  }
}

/** A page of the index after the sync: its file and blob, the source hash derived unless it keeps an older render (`kept`). */
class NextPage {
  /** The row waits in the staging table. */
  staged?: boolean;
  /** Rendered in the last chunk: written in the switch. */
  row?: PageRow;
  constructor(
    readonly sourcePath: string,
    readonly sha: string,
    private readonly kept?: string,
  ) {}
  get sourceHash() {
    return this.kept ?? sourceHashOf(this.sha);
  }
}

/** What a sync does, planned from the tree and filled in as it renders. */
type SyncPlan = {
  /**
   * The index after this sync, by `locale/slug`: its source hash, and whether this sync writes it
   * (`staged`: the row waits in the staging table; `row`: rendered in the last chunk).
   */
  next: Map<string, NextPage>;
  /** Files to read and render, in order. */
  pending: PendingFile[];
  problems: SyncProblem[];
  /** Problems found by rendering in this call, with their blob (a step's result). */
  found: SyncBlobProblem[];
  /** Pages done before rendering: staged by an interrupted sync, or known problems a step need not render again. */
  resumed: number;
  /** The last good version of a malformed file (same address) keeps serving until the file is fixed. */
  keepLastGood(file: { path: string; key: string }): void;
};

type LastChanges = ReturnType<typeof lastChangesOf>;

/**
 * The sync, in the order it runs: nothing to do when the index was built from this commit; else
 * read where it starts, plan which files to render, render them a chunk at a time (staging all but
 * the last), and switch the index in one transaction. A step (`maxChunks`) stops before the switch.
 */
async function runSync(
  db: Database,
  repository: ContentRepository,
  options: SyncOptions = {},
): Promise<SyncResult | SyncStepPending> {
  const head = await repository.head();
  const previous = await latestContentBuild(db);
  if (!options.force && previous && head && (await indexedFrom(db, repository, previous, head)))
    return keepIndex(db, previous, head, options);
  const start = await readStart(db, repository, previous, head, options);
  const plan = planSync(start, options);
  const lastChanges = lastChangesOf(db, repository, head, start.existing, start.files);
  const rendered = await renderPending(db, repository, plan, lastChanges, options);
  await options.afterRendering?.();
  if (rendered.stopped)
    return {
      finished: false,
      done: rendered.done,
      total: rendered.total,
      ...(head ? { commit: head } : {}),
      problems: plan.found,
    };
  return switchIndex(db, start, plan, lastChanges, options);
}

/** Whether the index was built from `head` by this renderer, every page's last change known: nothing to render. */
async function indexedFrom(db: Database, repository: ContentRepository, previous: ContentBuild, head: string) {
  return (
    previous.commitSha === head && previous.rendererVersion === RENDERER_VERSION && !(await needsLastChanges(db, repository))
  );
}

/** The index stays as it is; the caller's statements (a publish's) are written all the same. */
async function keepIndex(db: Database, previous: ContentBuild, head: string, options: SyncOptions): Promise<SyncResult> {
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

/** The tree at `head`, the index's pages and the staged rows; a sync that would remove pages by accident is refused here. */
async function readStart(
  db: Database,
  repository: ContentRepository,
  previous: ContentBuild | undefined,
  head: string | undefined,
  options: SyncOptions,
): Promise<SyncStart> {
  const files = head ? await repository.tree('content', head) : [];
  const existing = await db
    .select({
      id: pages.id,
      locale: pages.locale,
      slug: pages.slug,
      sourcePath: pages.sourcePath,
      sourceHash: pages.sourceHash,
      translationKey: pages.translationKey,
      lastCommit: pages.lastCommit,
      lastCommitAt: pages.lastCommitAt,
    })
    .from(pages);
  if (!options.force) {
    const refusal = await syncRefusal(repository, previous, head, files, existing, options.allowEmpty ?? false);
    if (refusal) throw refusal;
  }
  await ensureStaging(db);
  const staged = new Map(
    (
      await db.all<{ source_path: string; source_hash: string }>(
        sql`select source_path, source_hash from ${sql.identifier(STAGING)}`,
      )
    ).map((row) => [row.source_path, row.source_hash]),
  );
  return { head, previous, files, existing, staged };
}

/**
 * Each page file's fate: a problem (not a page, a reserved or taken address), kept as indexed
 * (same blob and renderer), taken from the staging table, a known problem again, or to render.
 */
function planSync(start: SyncStart, options: SyncOptions): SyncPlan {
  const existingByPath = new Map(start.existing.map((row) => [row.sourcePath, row]));
  const problems: SyncProblem[] = [];
  const next: SyncPlan['next'] = new Map();
  const pending: PendingFile[] = [];
  const keepLastGood = (file: { path: string; key: string }) => {
    const before = existingByPath.get(file.path);
    if (before && `${before.locale}/${before.slug}` === file.key)
      next.set(file.key, new NextPage(file.path, blobOf(before.sourceHash), before.sourceHash));
    else next.delete(file.key);
  };

  for (const file of start.files) {
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
    const sourceHash = sourceHashOf(file.sha);
    const before = existingByPath.get(file.path);
    if (!options.force && before && before.sourceHash === sourceHash && `${before.locale}/${before.slug}` === key) {
      next.set(key, new NextPage(file.path, file.sha));
      continue;
    }
    if (start.staged.get(file.path) === sourceHash) {
      const staged = new NextPage(file.path, file.sha);
      staged.staged = true;
      next.set(key, staged);
      continue;
    }
    const known = options.knownProblems?.get(file.path);
    if (known?.sha === file.sha) {
      problems.push({ path: file.path, message: known.message });
      keepLastGood({ path: file.path, key });
      continue;
    }
    next.set(key, new NextPage(file.path, file.sha));
    pending.push(new PendingFile(file.path, file.sha, key));
  }

  // Known problems count as done: a step that found them need not render them again.
  const resumed = [...next.values()].filter((entry) => entry.staged).length + problems.length;
  return { next, pending, problems, found: [], resumed, keepLastGood };
}

/**
 * Reads, renders and writes the pending files a chunk at a time, the next chunk read and rendering
 * while this one is written; every chunk but the last is staged, the last's rows wait in the plan
 * for the switch. With `maxChunks`, stops (`stopped`) once that many are staged and more remain.
 */
async function renderPending(
  db: Database,
  repository: ContentRepository,
  plan: SyncPlan,
  lastChanges: LastChanges,
  options: SyncOptions,
): Promise<{ stopped: boolean; done: number; total: number }> {
  const { pending, resumed } = plan;
  const total = pending.length + resumed;
  const chunkPages = options.chunkPages ?? SYNC_CHUNK_PAGES;
  const allParts = chunks(pending, chunkPages);
  const stopEarly = options.maxChunks !== undefined && allParts.length > options.maxChunks;
  const parts = stopEarly ? allParts.slice(0, options.maxChunks) : allParts;
  let stopped = false;
  /**
   * A chunk's files, READ_AT_ONCE at a time: one by one, each read waited for a turn of this
   * thread's event loop per step (a loose-object check, the pack), while this thread rendered a page
   * between turns, so the next chunk was read too late and the render threads sat idle (a fifth of
   * their time at 10 000 pages). A GitHub repository answers several requests at once too.
   */
  const readChunk = async (part: (typeof pending)[number][]) => {
    // In bulk where the repository can (GitHub: one GraphQL request for the chunk, not one per page).
    const unknown = part.filter((file) => !options.knownBlobs?.has(file.sha)).map((file) => file.sha);
    const bulk = repository.readBlobs && unknown.length > 0 ? await repository.readBlobs(unknown) : undefined;
    const texts = await mapLimited(part, READ_AT_ONCE, async (file): Promise<PageSource> => {
      if (stopped) throw new Error('the sync stopped');
      return {
        text:
          options.knownBlobs?.get(file.sha) ??
          bulk?.get(file.sha) ??
          // A blob that cannot be read stops the sync naming its file: never skipped, never read as "no page".
          (await repository.readBlob(file.sha).catch(damageIn(file.path))),
        locale: file.locale,
      };
    });
    // Reads already under way when the sync failed are not rendered.
    if (stopped) throw new Error('the sync stopped');
    return texts;
  };
  const render = (texts: PageSource[]) => (options.renderPages ?? renderInThread)(texts);
  /**
   * The next chunk, read and rendering while this one is written: at most two chunks in memory.
   * With render threads (`renderPages`), the chunk after it is read and queued meanwhile too, so the
   * threads go straight on with it when the next one is done, instead of waiting for this thread's
   * write and reads (a quarter of their time at 10 000 pages). On one thread, reading that far ahead
   * only cost memory (V8 grew the heap by about 150 MB).
   */
  const prefetch = options.renderPages !== undefined;
  let ahead = parts[0] && readChunk(parts[0]).then(render);
  let queued = prefetch && parts[1] ? readChunk(parts[1]).then(render) : undefined;
  try {
    for (const [index, part] of parts.entries()) {
      const last = !stopEarly && index === parts.length - 1;
      const stamping = lastChanges.of(part);
      stamping.catch(() => {});
      const rendered = await ahead!;
      const stamps = await stamping;
      const following = parts[index + 1];
      ahead = following && (queued ?? readChunk(following).then(render));
      queued = prefetch && parts[index + 2] ? readChunk(parts[index + 2]!).then(render) : undefined;
      // Awaited in a later round; a sync that stops before then (a crash, a failed write) drops them.
      ahead?.catch(() => {});
      queued?.catch(() => {});
      const rows = await chunkRows(plan, part, rendered, stamps, lastChanges, last, options);
      if (!last) {
        const [first, ...rest] = rows.map((row) => stageRow(db, row));
        if (first) await db.batch([first, ...rest]);
      }
      await options.onProgress?.({
        done: resumed + (index + 1 === allParts.length ? pending.length : (index + 1) * chunkPages),
        total,
      });
    }
  } finally {
    // A sync that failed stops reading ahead.
    stopped = true;
  }
  return stopEarly ? { stopped: true, done: resumed + parts.length * chunkPages, total } : { stopped: false, done: total, total };
}

/**
 * The index rows of a rendered chunk, with each file's last change (a moved page keeps its old
 * file's); a malformed file is reported and its last good version kept. The rows join the plan:
 * the last chunk's as rows for the switch, earlier ones as staged.
 */
async function chunkRows(
  plan: SyncPlan,
  part: PendingFile[],
  rendered: Awaited<ReturnType<RenderPages>>,
  stamps: Map<string, CommitStamp>,
  lastChanges: LastChanges,
  last: boolean,
  options: SyncOptions,
): Promise<PageRow[]> {
  const now = options.now ?? Date.now;
  const rows: PageRow[] = [];
  for (const [i, file] of part.entries()) {
    const outcome = rendered[i]!;
    if (!('problem' in outcome)) {
      const moved = await lastChanges.moved(file, outcome.fields);
      if (moved) stamps.set(file.path, moved);
    }
    const result = rendered[i]!;
    if ('problem' in result) {
      plan.problems.push({ path: file.path, message: result.problem });
      plan.found.push({ path: file.path, sha: file.sha, message: result.problem });
      plan.keepLastGood(file);
      continue;
    }
    // Published all the same, but reported (a wrong `colorMode`): by the sync that indexes this version.
    for (const warning of result.warnings ?? []) plan.problems.push({ path: file.path, message: warning });
    const row: PageRow = {
      ...result.fields,
      locale: file.locale,
      slug: file.slug,
      slugKey: foldAddress(file.slug),
      sourcePath: file.path,
      sourceHash: file.sourceHash,
      lastCommit: stamps.get(file.path)?.sha ?? null,
      lastCommitAt: stamps.has(file.path) ? new Date(stamps.get(file.path)!.at) : null,
      indexedAt: new Date(now()),
    };
    rows.push(row);
    // The last chunk goes straight into the final transaction; earlier ones are staged.
    const entry = new NextPage(file.path, file.sha);
    if (last) entry.row = row;
    else entry.staged = true;
    plan.next.set(file.key, entry);
  }
  return rows;
}

/** What the switch writes: pages removed, added and updated, rows written now, staged rows kept or stale. */
type IndexChanges = {
  removed: IndexedPage[];
  added: string[];
  updated: string[];
  /** Rows of the last chunk, written in the switch. */
  writes: PageRow[];
  /** Staged rows this sync publishes, by source path. */
  keepStaged: Set<string>;
  /** Staged rows this sync does not publish (a file changed or gone since an interrupted sync). */
  staleStaged: string[];
};

/**
 * The switch: the last chunk, the staged rows, deletions, last changes still to fill in and the new
 * build row, with the caller's `alsoWrite`, in one transaction: readers see the old index or the new one.
 */
async function switchIndex(
  db: Database,
  start: SyncStart,
  plan: SyncPlan,
  lastChanges: LastChanges,
  options: SyncOptions,
): Promise<SyncResult> {
  const { head, previous, existing, staged } = start;
  const { next, problems } = plan;
  // In file order, as the files were listed (at most one problem per file).
  problems.sort(byPath);
  const changes = indexChanges(start, plan);
  const fingerprint = [...next.entries()]
    .map(([key, entry]) => `${key}\t${entry.sourceHash}`)
    .sort()
    .join('\n');
  const buildId = (await sha256(fingerprint)).slice(0, 16);
  const changed = buildId !== previous?.id;
  // Pages this sync keeps as they were but whose last change is not recorded yet (indexed before it was).
  const unstamped = existing
    .filter((row) => !row.lastCommit && next.get(`${row.locale}/${row.slug}`)?.sourcePath === row.sourcePath)
    .filter((row) => !next.get(`${row.locale}/${row.slug}`)?.row && !changes.keepStaged.has(row.sourcePath))
    .slice(0, STAMPS_PER_SYNC);
  const backfill = await lastChanges.of(unstamped.map((row) => ({ path: row.sourcePath, sha: blobOf(row.sourceHash) })));
  const usesStaging = changes.keepStaged.size > 0 || staged.size > 0;
  const statements = await switchStatements(db, start, plan, changes, { buildId, changed, usesStaging, backfill }, options);
  try {
    await db.batch(statements as unknown as Parameters<Database['batch']>[0]);
  } catch (error) {
    if (usesStaging && (await stagedCount(db)) !== changes.keepStaged.size + changes.staleStaged.length)
      throw new Error('Another sync changed the staged pages meanwhile; nothing was published. Run the sync again.', {
        cause: error,
      });
    throw error;
  }

  return {
    buildId,
    changed,
    ...(head ? { commit: head } : {}),
    added: changes.added.sort(),
    updated: changes.updated.sort(),
    removed: changes.removed.map((row) => `${row.locale}/${row.slug}`).sort(),
    unchanged: next.size - changes.writes.length - changes.keepStaged.size,
    problems,
  };
}

/** The index before and after, compared. */
function indexChanges(start: SyncStart, plan: SyncPlan): IndexChanges {
  const { next } = plan;
  const existingByKey = new Map(start.existing.map((row) => [`${row.locale}/${row.slug}`, row]));
  const removed = start.existing.filter((row) => !next.has(`${row.locale}/${row.slug}`));
  const added: string[] = [];
  const updated: string[] = [];
  const writes: PageRow[] = [];
  const keepStaged = new Set<string>();
  for (const [key, entry] of next) {
    if (entry.staged) keepStaged.add(entry.sourcePath);
    else if (!entry.row) continue;
    else writes.push(entry.row);
    (existingByKey.has(key) ? updated : added).push(key);
  }
  const staleStaged = [...start.staged.keys()].filter((path) => !keepStaged.has(path));
  return { removed, added, updated, writes, keepStaged, staleStaged };
}

/** The switch's transaction, in order; each statement binds at most 100 values (D1). */
async function switchStatements(
  db: Database,
  start: SyncStart,
  plan: SyncPlan,
  { removed, writes, keepStaged, staleStaged }: IndexChanges,
  build: { buildId: string; changed: boolean; usesStaging: boolean; backfill: Map<string, CommitStamp> },
  options: SyncOptions,
) {
  const now = options.now ?? Date.now;
  const { head } = start;
  const { next, problems } = plan;
  return [
    ...chunks(staleStaged, IDS_PER_STATEMENT).map((paths) => db.delete(staging).where(inArray(staging.sourcePath, paths))),
    ...chunks(
      removed.map((row) => row.id),
      IDS_PER_STATEMENT,
    ).map((ids) => db.delete(pages).where(inArray(pages.id, ids))),
    ...(build.usesStaging
      ? [
          stagedCountIs(db, keepStaged.size),
          ...copyStaged(db, await stagedRowids(db)),
          db.run(sql`delete from ${sql.identifier(STAGING)}`),
        ]
      : []),
    ...writes.map((row) => {
      const { locale: _l, slug: _s, ...rest } = row;
      return db
        .insert(pages)
        .values(row)
        .onConflictDoUpdate({ target: [pages.locale, pages.slug], set: rest });
    }),
    ...[...build.backfill].map(([path, stamp]) =>
      db
        .update(pages)
        .set({ lastCommit: stamp.sha, lastCommitAt: new Date(stamp.at) })
        .where(eq(pages.sourcePath, path)),
    ),
    db
      .insert(contentBuilds)
      .values({
        id: build.buildId,
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
          ...(build.changed ? { createdAt: new Date(now()) } : {}),
        },
      }),
    ...(options.alsoWrite ?? []),
  ] as const;
}

/**
 * Pages whose last change one sync looks up for the pages it keeps unchanged (a site indexed before
 * the index recorded last changes fills in over a few syncs; GitHub: one GraphQL request per 100).
 */
const STAMPS_PER_SYNC = 500;

const blobOf = (sourceHash: string) => sourceHash.split(':')[0]!;

/** Whether an indexed page's last change is still to be looked up (the repository can tell). */
async function needsLastChanges(db: Database, repository: ContentRepository) {
  if (!repository.lastChanges) return false;
  return Boolean(await db.select({ id: pages.id }).from(pages).where(isNull(pages.lastCommit)).limit(1).get());
}

/**
 * The commit that last changed each file of a chunk (docs/content.md "Outdated translations"): the
 * one recorded when its bytes are the same as indexed, else the repository's history, asked once
 * for the rest of the chunk (none without a head or a repository that can tell); `moved` then
 * gives a moved page its old file's.
 */
function lastChangesOf(
  db: Database,
  repository: ContentRepository,
  head: string | undefined,
  existing: IndexedPage[],
  files: { path: string }[],
) {
  const stampOf = (row: (typeof existing)[number]): CommitStamp | undefined =>
    row.lastCommit && row.lastCommitAt ? { sha: row.lastCommit, at: row.lastCommitAt.getTime() } : undefined;
  const indexed = new Map(existing.map((row) => [row.sourcePath, row]));
  // Removed pages with a last change (a set of the tree's paths only when the index has pages: not on a first import).
  const stamped = existing.filter((row) => stampOf(row));
  const present = stamped.length ? new Set(files.map((file) => file.path)) : undefined;
  const gone = stamped.filter((row) => !present?.has(row.sourcePath));
  return {
    async of(part: { path: string; sha: string }[]) {
      const stamps = new Map<string, CommitStamp>();
      const ask: string[] = [];
      for (const file of part) {
        const before = indexed.get(file.path);
        const kept = before && blobOf(before.sourceHash) === file.sha ? stampOf(before) : undefined;
        if (kept) stamps.set(file.path, kept);
        else ask.push(file.path);
      }
      if (ask.length && head && repository.lastChanges)
        for (const [path, stamp] of await repository.lastChanges(ask, head)) stamps.set(path, stamp);
      return stamps;
    },
    /**
     * A new file that is a removed page moved (same language and translation key: the editor's
     * move writes the old address as the key) with the same title, description and body keeps
     * the removed page's last change: a move alone does not make a translation out of date.
     */
    async moved(file: { path: string; locale: string; slug: string }, fields: RenderedFields) {
      if (indexed.has(file.path)) return undefined;
      const key = fields.translationKey ?? file.slug;
      const from = gone.find((row) => row.locale === file.locale && (row.translationKey ?? row.slug) === key);
      if (!from) return undefined;
      const old = await db
        .select({
          title: pages.title,
          description: pages.description,
          body: pages.body,
          widgets: pages.widgets,
          // A members page's `body` is its first block: the rest counts too.
          membersBody: pages.membersBody,
        })
        .from(pages)
        .where(eq(pages.id, from.id))
        .get();
      const same =
        old?.body &&
        old.title === fields.title &&
        old.description === (fields.description ?? '') &&
        JSON.stringify([old.body, old.widgets, old.membersBody]) ===
          JSON.stringify([fields.body, fields.widgets, fields.membersBody ?? null]);
      return same ? stampOf(from) : undefined;
    },
  };
}

/** Whether the index was ever built (a fresh install before its first sync is not). */
export async function hasContentIndex(db: Database) {
  return Boolean(await db.select({ id: contentBuilds.id }).from(contentBuilds).limit(1).get());
}

export async function contentBuildById(db: Database, id: string) {
  return db.select().from(contentBuilds).where(eq(contentBuilds.id, id)).get();
}

/**
 * Before a publish commits: the repository's head must contain the commit the index was built
 * from, or the publish would land in another repository (or branch) and its index remove the
 * site's pages. 409 `api.publishRepositoryMismatch`; nothing is committed.
 */
export async function checkIndexedCommit(db: Database, repository: ContentRepository, head: string | undefined) {
  const previous = await latestContentBuild(db);
  if (!previous?.commitSha || previous.pageCount === 0 || previous.commitSha === head) return;
  if (head && (await repository.contains(previous.commitSha, head))) return;
  throw new AppError(409, 'api.publishRepositoryMismatch', { indexedCommit: previous.commitSha, head: head ?? null });
}

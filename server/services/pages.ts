import { and, asc, desc, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import {
  PAGES_PAGE_SIZE,
  type PageDocument,
  type PageFrontMatter,
  type PageList,
  type PageListItem,
  type PageRef,
  type PendingKind,
  pageFile,
  pageFromFile,
  pagePathProblem,
  pageSlug,
  type SavedChange,
} from '../../common/authoring';
import { type Locale, locales, otherLocale } from '../../common/locales';
import { foldQuery, foldSlug } from '../../common/persian-fold';
import type { PageTag } from '../../common/tags';
import { checkFrontMatter, keepTranslationKey, pageSummary, readPage, serializePage } from '../content/page-file';
import { formatSize, PAGE_RENDER_CHECK_BYTES, PAGE_ROW_MAX_BYTES, PAGE_SOURCE_MAX_BYTES, utf8Bytes } from '../content/page-size';
import { renderPage } from '../content/render-page';
import { damageIn } from '../content/repository';
import type { Database } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { containsFolded } from '../db/folded-match';
import { type Commit, commits, pageCounts, pageSchedules, pages } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { addChange, addressOf, ensureOpenBuild, pendingChanges, requireRepository, stillOpen } from './builds';
import { isOutdatedTranslation, markOutdated } from './translations';

/*
 * Pages as the editor sees them (docs/content.md "Writing and publishing"): the published index
 * with the open build's pending changes laid over it. A pending version wins over the published
 * one; a page whose move is pending is seen at its new path only; a page whose deletion is
 * pending is still seen (marked `delete`) until it is published, so the deletion can be undone.
 */

export type PageDeps = Pick<AppDeps, 'db' | 'contentRepository'>;

/** A page path from the URL, checked: 400 when malformed, 400 when the site reserves its address. */
export function checkPagePath(locale: string, path: string): PageRef {
  if (!(locales as readonly string[]).includes(locale)) throw new AppError(404, 'api.notFound');
  const problem = pagePathProblem(path);
  if (problem === 'invalid') throw new AppError(400, 'api.pagePathInvalid');
  if (problem === 'reserved')
    throw new AppError(400, 'api.pagePathReserved', undefined, { path: addressOf(pageFile(locale as Locale, path))! });
  return { locale: locale as Locale, path };
}

/**
 * Where a page written at `ref` is stored (issue 37, spec audit P2): a path typed with Arabic ي ى ك
 * ھ is the Persian spelling (common/persian-fold.ts `foldSlug`), as readers type the address; a page
 * already at the typed path (published or pending, made before) keeps its own.
 */
export async function storedPagePath(db: Database, ref: PageRef): Promise<PageRef> {
  const path = foldSlug(ref.path.normalize('NFC'));
  if (path === ref.path) return ref;
  const entry = (await pendingView(db, [pageFile(ref.locale, ref.path)])).at(pageFile(ref.locale, ref.path));
  return entry && entry.pending !== 'delete' ? ref : { ...ref, path };
}

type PublishedRow = {
  locale: Locale;
  slug: string;
  sourcePath: string;
  sourceHash: string;
  title: string;
  cat: string | null;
  date: string | null;
  draft: boolean;
  indexedAt: Date;
  translationKey: string | null;
  author: string | null;
  tags: PageTag[] | null;
};

/** Every page of the pending view: file → what the editor sees there. */
type ViewEntry = {
  file: string;
  ref: PageRef;
  slug: string;
  pending: PendingKind | null;
  change?: Commit;
  published?: PublishedRow;
};

/** The index columns the dashboard shows of a published page. */
const publishedColumns = {
  locale: pages.locale,
  slug: pages.slug,
  sourcePath: pages.sourcePath,
  sourceHash: pages.sourceHash,
  title: pages.title,
  cat: pages.cat,
  date: pages.date,
  draft: pages.draft,
  indexedAt: pages.indexedAt,
  translationKey: pages.translationKey,
  author: pages.author,
  tags: pages.tags,
};

function pageExists(ref: PageRef) {
  return new AppError(409, 'api.pageExists', undefined, { path: addressOf(pageFile(ref.locale, ref.path))! });
}
function pageNotFound(ref: PageRef) {
  return new AppError(404, 'api.pageNotFound', undefined, { path: addressOf(pageFile(ref.locale, ref.path))! });
}

// ---- reading -----------------------------------------------------------------------------------
//
// Reads answer from SQL over the index (filters, order, count, one window of rows), so they cost
// the same with 10 000 pages as with 10; only the open build's changes (few) are laid over in code.

/** The page path of an indexed file: `content/en/logs/a.md` → `logs/a` (`content/xx/` is 11 characters, `.md` 3). */
const pathSql = sql`substr(${pages.sourcePath}, 12, length(${pages.sourcePath}) - 14)`;
/** `en/logs/a`: the list's tie-breaker, as the code compares it. */
const keySql = sql`(${pages.locale} || '/' || ${pathSql})`;
/** A list of any length as one bound value (D1 binds at most 100 values a statement). */
const jsonValues = (values: string[]) => sql`(select value from json_each(${JSON.stringify(values)}))`;

/**
 * The open build's changes as the editor sees them, with the published rows of every file they
 * touch (and of `alsoFiles`): `entries` holds only pending pages; a file in `touched` but not in
 * `entries` is hidden (moved away).
 */
async function pendingOverlay(db: Database, alsoFiles: string[] = []) {
  const changes = await pendingChanges(db);
  const touched = new Set(changes.flatMap((change) => (change.fromPath ? [change.path, change.fromPath] : [change.path])));
  const files = [...new Set([...touched, ...alsoFiles])];
  const rows = files.length
    ? await db
        .select(publishedColumns)
        .from(pages)
        .where(inArray(pages.sourcePath, jsonValues(files)))
    : [];
  const publishedByFile = new Map(rows.map((row) => [row.sourcePath, row]));
  // The same walk as over the whole index: published entries of the touched files, then the changes in order.
  const entries = new Map<string, ViewEntry>();
  for (const row of rows) {
    const ref = pageFromFile(row.sourcePath);
    if (ref && touched.has(row.sourcePath))
      entries.set(row.sourcePath, { file: row.sourcePath, ref, slug: row.slug, pending: null, published: row });
  }
  for (const change of changes) {
    const ref = pageFromFile(change.path);
    if (!ref) continue; // media
    if (change.kind === 'move' && change.fromPath) entries.delete(change.fromPath);
    const published = entries.get(change.path)?.published;
    entries.set(change.path, { file: change.path, ref, slug: pageSlug(ref.path), pending: change.kind, change, published });
  }
  return { entries, touched, publishedByFile, changes };
}

/** The published page at the address of `ref` (the unique index on locale and slug): at most one row. */
function publishedAt(db: Database, ref: PageRef) {
  return db
    .select(publishedColumns)
    .from(pages)
    .where(and(eq(pages.locale, ref.locale), eq(pages.slug, pageSlug(ref.path))))
    .get();
}

/**
 * What the editor sees at `files`, and who occupies an address: the open build's changes laid over
 * the published rows of just these files and addresses (indexed lookups), as if over the whole index.
 */
async function pendingView(db: Database, files: string[]) {
  const { entries, touched, publishedByFile, changes } = await pendingOverlay(db, files);
  const published = (row: PublishedRow): ViewEntry => ({
    file: row.sourcePath,
    ref: pageFromFile(row.sourcePath)!,
    slug: row.slug,
    pending: null,
    published: row,
  });
  /** The page seen at one of `files` (undefined: none, or moved away). */
  const at = (file: string): ViewEntry | undefined => {
    const row = touched.has(file) ? undefined : publishedByFile.get(file);
    return entries.get(file) ?? (row && published(row));
  };
  /** Files a pending move takes away (not seen any more). */
  const movedAway = new Set(changes.flatMap((change) => (change.kind === 'move' && change.fromPath ? [change.fromPath] : [])));
  /** A page seen at the address of `ref` (another file may serve the same address: `guides` and `guides/index`). */
  const occupant = async (ref: PageRef, options: { countDeleted: boolean }) => {
    const row = await publishedAt(db, ref);
    if (row && !touched.has(row.sourcePath) && pageFromFile(row.sourcePath)) return published(row);
    const slug = pageSlug(ref.path);
    for (const entry of entries.values()) {
      if (entry.ref.locale !== ref.locale || entry.slug !== slug) continue;
      if (entry.pending === 'delete' && !options.countDeleted) continue;
      return entry;
    }
    return undefined;
  };
  return { at, movedAway, occupant };
}

type ListItemBase = Omit<PageListItem, 'translation'>;

function listItemOf(entry: ViewEntry): ListItemBase {
  const summary =
    entry.change && entry.change.kind !== 'delete'
      ? pageSummary(entry.change.content ?? '')
      : { title: entry.published!.title, cat: entry.published!.cat, date: entry.published!.date, draft: entry.published!.draft };
  return {
    locale: entry.ref.locale,
    path: entry.ref.path,
    ...summary,
    updatedAt: (entry.change?.createdAt ?? entry.published!.indexedAt).toISOString(),
    pending: entry.pending,
  };
}

function publishedEntry(row: PublishedRow): ViewEntry {
  return { file: row.sourcePath, ref: pageFromFile(row.sourcePath)!, slug: row.slug, pending: null, published: row };
}

function publishedItem(row: PublishedRow): ListItemBase {
  return listItemOf(publishedEntry(row));
}

/** A published page's tag names in one string, for the pages list's search (from `pages.tags`, as the page names them). */
const tagNamesSql = sql`coalesce((select group_concat(json_extract(tag.value, '$.name'), ' ') from json_each(${pages}.${sql.identifier('tags')}) as tag), '')`;

/** The list's order: newest change first, then by `locale/path`. */
function listOrder(a: ListItemBase, b: ListItemBase) {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  return `${a.locale}/${a.path}` < `${b.locale}/${b.path}` ? -1 : 1;
}

/** Whether `query` (lowercased) holds a letter with case beyond ASCII, which SQLite's lower() does not fold. */
const needsUnicodeCase = (query: string) => [...query].some((ch) => ch > '\x7f' && ch.toLowerCase() !== ch.toUpperCase());

/** `GET /api/pages`: published and pending pages, newest change first, 20 a page. */
export async function listPages(deps: PageDeps, options: PageListOptions = {}): Promise<PageList> {
  const { db } = deps;
  const { entries, touched } = await pendingOverlay(db);
  // Folded as public search and sign-in fold (common/persian-fold.ts): «كتاب», «کتابهای», «1403» find «کتاب‌های ۱۴۰۳»;
  // the words are looked for in the title, the address and the tags' names.
  const query = foldQuery(options.query ?? '') || undefined;
  const matches = (entry: ViewEntry, item: ListItemBase) =>
    (!options.locale || item.locale === options.locale) &&
    (!query || [item.title, item.path, ...tagNamesOf(entry)].some((text) => foldQuery(text).includes(query)));
  // The filters (issue 26 item 9): pending items are judged in code, published rows in SQL below.
  const pendingKeys = pendingTranslationKeys(entries);
  const translatedPending = await translatedEntries(db, [...entries.values()], pendingKeys, touched);
  const keep = (entry: ViewEntry, item: ListItemBase) => {
    if (options.status === 'draft' && !item.draft) return false;
    if (options.status === 'published' && !(entry.published && !entry.published.draft && entry.pending !== 'create'))
      return false;
    if (options.cat && item.cat !== options.cat) return false;
    if (options.author && authorOf(entry) !== options.author) return false;
    if (options.translation === 'missing' && translatedPending.has(entry.file)) return false;
    if (options.translation === 'translated' && !translatedPending.has(entry.file)) return false;
    return true;
  };
  // Out-of-date translations (`outdated`) are judged as published: pages with pending changes are not listed then.
  const pending = (options.outdated ? [] : [...entries.values()])
    .map((entry) => [entry, listItemOf(entry)] as const)
    .filter(([entry, item]) => matches(entry, item) && keep(entry, item))
    .map(([, item]) => item)
    .sort(listOrder);

  const other = (locale: Locale) => locales.find((l) => l !== locale)!;
  // The outer row's columns named with their table: drizzle writes bare names, which the subquery would read as its own.
  const outerKey = sql`coalesce(${pages}.${sql.identifier('translation_key')}, ${pages}.${sql.identifier('slug')})`;
  const translatedSql = (locale: Locale) =>
    sql`(exists (select 1 from ${pages} as other where other.locale = ${other(locale)} and coalesce(other.translation_key, other.slug) = ${outerKey} and other.source_path not in ${jsonValues([...touched])}) or ${outerKey} in ${jsonValues(pendingKeys[other(locale)])})`;
  const translatedFilter = () => {
    const byLocale = locales
      .filter((locale) => !options.locale || locale === options.locale)
      .map((locale) => and(eq(pages.locale, locale), translatedSql(locale)));
    const translated = or(...byLocale)!;
    return options.translation === 'translated' ? translated : sql`not ${translated}`;
  };
  const where = and(
    touched.size ? notInArray(pages.sourcePath, jsonValues([...touched])) : undefined,
    options.locale ? eq(pages.locale, options.locale) : undefined,
    options.outdated ? isOutdatedTranslation() : undefined,
    options.status === 'pending' ? sql`0` : undefined,
    options.status === 'draft' ? eq(pages.draft, true) : options.status === 'published' ? eq(pages.draft, false) : undefined,
    options.cat ? eq(pages.cat, options.cat) : undefined,
    options.author ? eq(pages.author, options.author) : undefined,
    options.translation ? translatedFilter() : undefined,
  );
  const published =
    query && needsUnicodeCase(query)
      ? inMemoryPublished(
          (await db.select(publishedColumns).from(pages).where(where))
            .filter((row) => matches(publishedEntry(row), publishedItem(row)))
            .map(publishedItem)
            .sort(listOrder),
        )
      : sqlPublished(db, and(where, query ? containsFolded([pages.title, pathSql, tagNamesSql], query) : undefined));

  // The page's rows: published row r (rank i) sits at i + (pending items before it); pending item
  // p (rank k) at k + (published rows before it). So published ranks from start − |pending| suffice.
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const start = (page - 1) * PAGES_PAGE_SIZE;
  const from = Math.max(0, start - pending.length);
  const [total, window, before] = await Promise.all([
    published.count(),
    published.window(from, start + PAGES_PAGE_SIZE - from),
    published.countBefore(pending),
  ]);
  const placed: [number, ListItemBase][] = [
    ...pending.map((item, k): [number, ListItemBase] => [before[k]! + k, item]),
    ...window.map((item, i): [number, ListItemBase] => [
      from + i + pending.filter((other) => listOrder(other, item) < 0).length,
      item,
    ]),
  ];
  const items = placed
    .filter(([position]) => position >= start && position < start + PAGES_PAGE_SIZE)
    .sort((a, b) => a[0] - b[0])
    .map(([, item]) => item);
  return {
    items: await withSchedules(db, await markOutdated(db, await withTranslations(db, items, entries, touched))),
    total: total + pending.length,
  };
}

/** Published rows matching the list's filters, by rank in its order. */
type PublishedSource = {
  count(): Promise<number>;
  window(offset: number, limit: number): Promise<ListItemBase[]>;
  /** For each pending item, how many published rows come before it. */
  countBefore(items: ListItemBase[]): Promise<number[]>;
};

function sqlPublished(db: Database, where: SQL | undefined): PublishedSource {
  const filter = where ?? sql`1`;
  return {
    // Every page, unfiltered: the one row per language and draft the triggers keep (drizzle/0029), not a count of 100 000.
    count: async () =>
      where
        ? db.$count(pages, where)
        : Number((await db.select({ n: sql<number>`coalesce(sum(${pageCounts.pages}), 0)` }).from(pageCounts))[0]?.n ?? 0),
    async window(offset, limit) {
      const rows = await db
        .select(publishedColumns)
        .from(pages)
        .where(where)
        .orderBy(desc(pages.indexedAt), pages.locale, pathSql)
        .limit(limit)
        .offset(offset);
      return rows.map(publishedItem);
    },
    async countBefore(items) {
      if (!items.length) return [];
      const points = JSON.stringify(items.map((item) => ({ t: Date.parse(item.updatedAt), k: `${item.locale}/${item.path}` })));
      const rows = await db.all<{ n: number }>(
        sql`select (select count(*) from ${pages} where ${filter} and (${pages.indexedAt} > json_extract(point.value, '$.t') or (${pages.indexedAt} = json_extract(point.value, '$.t') and ${keySql} < json_extract(point.value, '$.k')))) as n from json_each(${points}) as point order by point.key`,
      );
      return rows.map((row) => Number(row.n));
    },
  };
}

/** The same from rows filtered in code (a query with non-ASCII letters that have case: SQLite cannot fold them). */
function inMemoryPublished(sorted: ListItemBase[]): PublishedSource {
  return {
    count: async () => sorted.length,
    window: async (offset, limit) => sorted.slice(offset, offset + limit),
    countBefore: async (items) => items.map((item) => sorted.filter((row) => listOrder(row, item) < 0).length),
  };
}

/** `GET /api/pages`' filters besides the locale and the words: the pages list's (issue 26 item 9). */
export type PageListOptions = {
  locale?: Locale;
  query?: string;
  page?: number;
  /** `draft`: front matter `draft: true`; `published`: public in the index; `pending`: changed in the open build. */
  status?: 'draft' | 'published' | 'pending';
  cat?: string;
  /** Front matter `author`, as written. */
  author?: string;
  /** Whether the other language has the page (published or pending, not being deleted). */
  translation?: 'missing' | 'translated';
  /** Only out-of-date translations (docs/content.md "Outdated translations"). */
  outdated?: boolean;
};

/** A page's tag names as the editor sees them (its pending version first). */
function tagNamesOf(entry: ViewEntry): string[] {
  const tags: unknown =
    entry.change && entry.change.kind !== 'delete'
      ? readPage(entry.change.content ?? '').frontMatter.tags
      : entry.published?.tags;
  // A pending file's front matter as written (names); a published row's as indexed ({ slug, name }).
  if (!Array.isArray(tags)) return typeof tags === 'string' ? [tags] : [];
  return tags.map((tag: string | PageTag) => (typeof tag === 'string' ? tag : String(tag?.name ?? '')));
}

/** A page's front matter `author` as the editor sees it (its pending version first). */
function authorOf(entry: ViewEntry): string | null {
  if (entry.change && entry.change.kind !== 'delete') {
    const author = readPage(entry.change.content ?? '').frontMatter.author;
    return typeof author === 'string' && author ? author : null;
  }
  return entry.published?.author ?? null;
}

/** Translation keys of the pending pages of each language (not being deleted). */
function pendingTranslationKeys(entries: Map<string, ViewEntry>): Record<Locale, string[]> {
  const keys = Object.fromEntries(locales.map((locale) => [locale, [] as string[]])) as Record<Locale, string[]>;
  for (const entry of entries.values()) if (entry.pending !== 'delete') keys[entry.ref.locale].push(translationKeyOf(entry));
  return keys;
}

/** The files of the pending entries that have a translation (pending, or published and untouched). */
async function translatedEntries(
  db: Database,
  list: ViewEntry[],
  pendingKeys: Record<Locale, string[]>,
  touched: Set<string>,
): Promise<Set<string>> {
  const found = new Set<string>();
  const unknown: { file: string; locale: Locale; key: string }[] = [];
  for (const entry of list) {
    const key = translationKeyOf(entry);
    if (pendingKeys[otherLocale(entry.ref.locale)].includes(key)) found.add(entry.file);
    else unknown.push({ file: entry.file, locale: otherLocale(entry.ref.locale), key });
  }
  if (unknown.length) {
    const rows = await db
      .select({
        locale: pages.locale,
        sourcePath: pages.sourcePath,
        key: sql<string>`coalesce(${pages.translationKey}, ${pages.slug})`,
      })
      .from(pages)
      .where(
        and(
          // Both languages named, so the keys are looked up in pages_translation_idx, not in every page.
          inArray(pages.locale, [...locales]),
          inArray(sql`coalesce(${pages.translationKey}, ${pages.slug})`, jsonValues(unknown.map((item) => item.key))),
        ),
      );
    for (const item of unknown)
      if (rows.some((row) => row.locale === item.locale && row.key === item.key && !touched.has(row.sourcePath)))
        found.add(item.file);
  }
  return found;
}

/** Each scheduled item's next own schedule (page-schedules.ts), for the list's badge: one statement by primary key. */
async function withSchedules(db: Database, items: PageListItem[]): Promise<PageListItem[]> {
  if (!items.length) return items;
  const rows = await db
    .select({ file: pageSchedules.file, action: pageSchedules.action, at: pageSchedules.at })
    .from(pageSchedules)
    .where(
      inArray(
        pageSchedules.file,
        items.map((item) => pageFile(item.locale, item.path)),
      ),
    )
    .orderBy(asc(pageSchedules.at));
  return items.map((item) => {
    const next = rows.find((row) => row.file === pageFile(item.locale, item.path));
    return next ? { ...item, schedule: { action: next.action, at: next.at.toISOString() } } : item;
  });
}

/** The key that pairs a page seen in the list with its translation: front matter `translationKey`, else its address. */
function translationKeyOf(entry: ViewEntry): string {
  if (entry.change && entry.change.kind !== 'delete') {
    const key = readPage(entry.change.content ?? '').frontMatter.translationKey;
    return typeof key === 'string' && key ? key : entry.slug;
  }
  return entry.published?.translationKey ?? entry.slug;
}

/**
 * Each item's other-language page, when one is seen (pending or published, not being deleted): the
 * page of the other language with the same translation key (docs/content.md "Translations").
 */
async function withTranslations(
  db: Database,
  items: ListItemBase[],
  entries: Map<string, ViewEntry>,
  touched: Set<string>,
): Promise<PageListItem[]> {
  const itemEntries = await pendingView(
    db,
    items.map((item) => pageFile(item.locale, item.path)),
  );
  const keys = items.map((item) => {
    const entry = itemEntries.at(pageFile(item.locale, item.path));
    return entry ? translationKeyOf(entry) : pageSlug(item.path);
  });
  // Pending pages of the other language (their key from their own front matter) …
  const pendingPairs = [...entries.values()]
    .filter((entry) => entry.pending !== 'delete')
    .map((entry) => ({ locale: entry.ref.locale, path: entry.ref.path, key: translationKeyOf(entry) }));
  // … and published ones not touched by the open build, by key through pages_translation_idx (at most 20 keys).
  const unique = [...new Set(keys)];
  const published = unique.length
    ? (
        await db
          .select({
            locale: pages.locale,
            sourcePath: pages.sourcePath,
            key: sql<string>`coalesce(${pages.translationKey}, ${pages.slug})`,
          })
          .from(pages)
          .where(
            and(
              inArray(pages.locale, [...locales]),
              inArray(sql`coalesce(${pages.translationKey}, ${pages.slug})`, jsonValues(unique)),
            ),
          )
          .orderBy(pages.slug)
      ).filter((row) => !touched.has(row.sourcePath))
    : [];
  return items.map((item, i) => {
    const other = otherLocale(item.locale);
    const key = keys[i];
    const found =
      pendingPairs.find((pair) => pair.locale === other && pair.key === key)?.path ??
      published
        .map((row) => ({ ...row, ref: pageFromFile(row.sourcePath) }))
        .find((row) => row.locale === other && row.key === key)?.ref?.path;
    const { pending, ...rest } = item;
    return { ...rest, translation: found === undefined ? null : { locale: other, path: found }, pending };
  });
}

/** The file the editor sees at `ref` (a pending version wins), as stored; 404 when no page is seen there. */
export async function pageSource(deps: PageDeps, ref: PageRef) {
  const file = pageFile(ref.locale, ref.path);
  const entry = (await pendingView(deps.db, [file])).at(file);
  if (!entry) throw pageNotFound(ref);
  const publishedSha = entry.published?.sourceHash.split(':')[0] ?? null;
  let source: string;
  if (entry.change && entry.change.kind !== 'delete') source = entry.change.content ?? '';
  else source = await requireRepository(deps).readBlob(publishedSha!).catch(damageIn(file));
  return { source, entry, publishedSha };
}

/** `GET /api/pages/{locale}/{path}`: the page's front matter and Markdown; a pending version wins. */
export async function getPage(deps: PageDeps, ref: PageRef): Promise<PageDocument> {
  const { source, entry, publishedSha } = await pageSource(deps, ref);
  const { frontMatter, body } = readPage(source);
  return {
    locale: ref.locale,
    path: ref.path,
    frontMatter,
    body,
    pending: entry.pending,
    baseSha: entry.change ? entry.change.baseSha : publishedSha,
  };
}

// ---- writing -----------------------------------------------------------------------------------

type ChangeFields = Pick<Commit, 'path' | 'content' | 'kind' | 'baseSha' | 'fromPath'> & { message: string };

/** Writes one change into the open build: replaces `existing`, or adds a new one. */
async function writeChange(
  db: Database,
  buildId: number,
  userId: string,
  fields: ChangeFields,
  existing?: Commit,
): Promise<SavedChange> {
  const values = {
    path: fields.path,
    content: fields.content,
    kind: fields.kind,
    baseSha: fields.baseSha,
    fromPath: fields.fromPath,
    message: fields.message,
    blobSha: null,
    authorId: userId,
    createdAt: new Date(),
  };
  try {
    if (existing) {
      const updated = await db
        .update(commits)
        .set(values)
        .where(and(eq(commits.id, existing.id), eq(commits.buildId, buildId), stillOpen(buildId)))
        .returning({ id: commits.id });
      if (!updated.length) throw new AppError(409, 'api.changeRaced');
      return { commit: { id: existing.id, buildId } };
    }
    const id = await addChange(db, buildId, values);
    if (id === undefined) throw new AppError(409, 'api.publishInProgress');
    return { commit: { id, buildId } };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'api.changeRaced');
    throw error;
  }
}

async function removeChange(db: Database, buildId: number, change: Commit) {
  const removed = await db
    .delete(commits)
    .where(and(eq(commits.id, change.id), stillOpen(buildId)))
    .returning({ id: commits.id });
  if (!removed.length) throw new AppError(409, 'api.changeRaced');
}

/**
 * Refuses (413) a page D1 could not store in one row (2 MB): over 512 KB of Markdown, or a page
 * that renders to a row over 1.5 MB (server/content/page-size.ts). The sync skips the same pages
 * with a warning, so what is saved here can always be published.
 */
function requireStorableSize(content: string, locale: Locale) {
  const bytes = utf8Bytes(content);
  if (bytes > PAGE_SOURCE_MAX_BYTES)
    throw new AppError(
      413,
      'api.pageTooLarge',
      { bytes, limitBytes: PAGE_SOURCE_MAX_BYTES },
      { size: formatSize(bytes), limit: formatSize(PAGE_SOURCE_MAX_BYTES) },
    );
  if (bytes <= PAGE_RENDER_CHECK_BYTES) return;
  const rendered = renderPage({ text: content, locale });
  const stored = 'storedBytes' in rendered ? (rendered.storedBytes ?? 0) : 0;
  if (stored > PAGE_ROW_MAX_BYTES)
    throw new AppError(
      413,
      'api.pageRenderedTooLarge',
      { bytes: stored, limitBytes: PAGE_ROW_MAX_BYTES },
      { size: formatSize(stored), limit: formatSize(PAGE_ROW_MAX_BYTES) },
    );
}

/**
 * `PUT /api/pages/{locale}/{path}`: creates or updates a page in the open build. The front
 * matter is validated with the indexer's rules; `createOnly` (`If-None-Match: *`) refuses when a
 * page is already seen at that address.
 */
export async function savePage(
  deps: PageDeps,
  userId: string,
  ref: PageRef,
  input: { frontMatter: Record<string, unknown>; body: string; message?: string; baseSha?: string | null },
  options: { createOnly?: boolean } = {},
): Promise<SavedChange> {
  const { db } = deps;
  const repository = requireRepository(deps);
  const checked = checkFrontMatter(input.frontMatter);
  if (!checked.ok) throw new AppError(400, 'api.validationFailed', { issues: checked.issues });
  const build = await ensureOpenBuild(db, userId);
  const file = pageFile(ref.locale, ref.path);
  const view = await pendingView(db, [file]);
  if (view.movedAway.has(file)) throw new AppError(409, 'api.pageBeingMoved');
  const entry = view.at(file);
  const seen = entry && entry.pending !== 'delete';
  if (options.createOnly && seen) throw pageExists(ref);
  if (!entry && (await view.occupant(ref, { countDeleted: false }))) throw pageExists(ref);
  const message = input.message?.trim() ?? '';
  const change = entry?.change;
  const publishedSha = entry?.published?.sourceHash.split(':')[0] ?? null;
  // The file this one replaces: its front matter keeps its form where the fields did not change.
  const previous =
    change && change.kind !== 'delete'
      ? (change.content ?? undefined)
      : publishedSha
        ? await repository.readBlob(publishedSha).catch(damageIn(pageFile(ref.locale, ref.path)))
        : undefined;
  const content = serializePage(checked.data, checked.extra, input.body, previous);
  requireStorableSize(content, ref.locale);
  // A base the server does not know yet (the editor's "keep mine" after a conflict gives the
  // repository's newer version) must be a version the repository holds: a made-up one would hold
  // every publish back as a conflict until someone discards the change (F-48).
  if (input.baseSha && input.baseSha !== publishedSha && input.baseSha !== change?.baseSha)
    await repository.readBlob(input.baseSha).catch(() => {
      throw new AppError(409, 'api.baseShaUnknown');
    });
  if (change) {
    let kind = change.kind === 'delete' ? 'update' : change.kind;
    let baseSha = change.baseSha;
    // A base given by the editor wins: after a conflict it is how they keep their version (a
    // creation meeting a file made meanwhile becomes an update of it).
    if (input.baseSha !== undefined) {
      baseSha = input.baseSha;
      if (kind === 'create' && baseSha) kind = 'update';
    }
    return writeChange(db, build.id, userId, { ...change, kind, content, message, baseSha }, change);
  }
  return writeChange(db, build.id, userId, {
    path: file,
    content,
    message,
    kind: publishedSha ? 'update' : 'create',
    baseSha: publishedSha ? (input.baseSha ?? publishedSha) : null,
    fromPath: null,
  });
}

/** `DELETE /api/pages/{locale}/{path}`: a pending deletion (a pending creation is simply dropped). */
export async function deletePage(deps: PageDeps, userId: string, ref: PageRef): Promise<SavedChange> {
  const { db } = deps;
  requireRepository(deps);
  const file = pageFile(ref.locale, ref.path);
  const entry = (await pendingView(db, [file])).at(file);
  if (!entry) throw pageNotFound(ref);
  const build = await ensureOpenBuild(db, userId);
  const change = entry.change;
  if (change?.kind === 'delete') return { commit: { id: change.id, buildId: build.id } };
  if (change?.kind === 'create') {
    await removeChange(db, build.id, change);
    return { commit: null };
  }
  if (change?.kind === 'move') {
    // Deleting a page whose move is pending deletes it where it is published.
    return writeChange(
      db,
      build.id,
      userId,
      { path: change.fromPath!, content: null, kind: 'delete', baseSha: change.baseSha, fromPath: null, message: '' },
      change,
    );
  }
  if (change) return writeChange(db, build.id, userId, { ...change, content: null, kind: 'delete', message: '' }, change);
  return writeChange(db, build.id, userId, {
    path: file,
    content: null,
    kind: 'delete',
    baseSha: entry.published!.sourceHash.split(':')[0]!,
    fromPath: null,
    message: '',
  });
}

/**
 * Whether the page at `ref` has a translation through its address: the other language's page at the
 * same path (published or pending), or a published one whose `translationKey` is this address.
 */
async function hasTranslationByAddress(db: Database, ref: PageRef): Promise<boolean> {
  const other = otherLocale(ref.locale);
  const otherFile = pageFile(other, ref.path);
  const seen = (await pendingView(db, [otherFile])).at(otherFile);
  if (seen) return seen.pending !== 'delete';
  const slug = pageSlug(ref.path);
  const keyed = await db
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.locale, other), sql`coalesce(${pages.translationKey}, ${pages.slug}) = ${slug}`))
    .limit(1);
  return keyed.length > 0;
}

/**
 * `POST /api/pages/{locale}/{path}/move`: a pending move to another path (and/or locale). Once
 * published, the old address answers 301 to the new one; a page paired with its translation by its
 * address gets front matter `translationKey: <old address>`, so the pair holds.
 */
export async function movePage(deps: PageDeps, userId: string, from: PageRef, to: PageRef): Promise<SavedChange> {
  const { db } = deps;
  const repository = requireRepository(deps);
  const fromFile = pageFile(from.locale, from.path);
  const toFile = pageFile(to.locale, to.path);
  if (fromFile === toFile) throw new AppError(400, 'api.moveSamePlace');
  const view = await pendingView(db, [fromFile, toFile]);
  const entry = view.at(fromFile);
  if (!entry || entry.pending === 'delete') throw pageNotFound(from);
  // The destination must be free: no page seen there, and no file (even one being deleted) in the way.
  if (view.at(toFile)) throw pageExists(to);
  const other = await view.occupant(to, { countDeleted: true });
  if (other && other.file !== fromFile) throw pageExists(to);
  const build = await ensureOpenBuild(db, userId);
  // A page paired with its translation by its address keeps the pair: the old address becomes its key.
  const paired = from.locale === to.locale && (await hasTranslationByAddress(db, from));
  const keep = (content: string | null) =>
    paired && content !== null ? keepTranslationKey(content, pageSlug(from.path)) : content;
  const change = entry.change;
  if (change?.kind === 'create')
    return writeChange(db, build.id, userId, { ...change, path: toFile, content: keep(change.content) }, change);
  if (change?.kind === 'move') {
    // Moving back to where it is published is an update there (or nothing, when unchanged).
    if (change.fromPath === toFile)
      return writeChange(db, build.id, userId, { ...change, path: toFile, kind: 'update', fromPath: null }, change);
    return writeChange(db, build.id, userId, { ...change, path: toFile, content: keep(change.content) }, change);
  }
  if (change?.kind === 'update')
    return writeChange(
      db,
      build.id,
      userId,
      { ...change, path: toFile, kind: 'move', fromPath: fromFile, content: keep(change.content) },
      change,
    );
  const publishedSha = entry.published!.sourceHash.split(':')[0]!;
  return writeChange(db, build.id, userId, {
    path: toFile,
    content: keep(await repository.readBlob(publishedSha).catch(damageIn(fromFile))),
    kind: 'move',
    baseSha: publishedSha,
    fromPath: fromFile,
    message: '',
  });
}

export type { PageFrontMatter };

import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { csvFile, parseCsv } from '../../common/csv';
import { isLocale } from '../../common/locales';
import { type MessageKey, messageRef } from '../../common/messages';
import {
  isExternalRedirect,
  parseRedirectTarget,
  REDIRECT_IMPORT_MAX_ROWS,
  REDIRECTS_PAGE_SIZE,
  type RedirectInput,
  type RedirectItem,
  type RedirectStatus,
  redirectSchema,
} from '../../common/redirects';
import type { Database } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { splitStatements } from '../db/limits';
import { notFoundHits, pages, type Redirect, redirects } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError, type IssueLike } from '../errors';
import { routeRulesChanged } from './builds';

/*
 * Redirects by hand (docs/content.md "Redirects"): /manage/redirects, `/api/redirects`. Every
 * redirect, whoever made it (a published move, a site import, the owner), is listed, edited and
 * deleted here; one made or changed here obeys, besides the rules of one redirect
 * (common/redirects.ts: a path on this site, never one of its own routes, F-43):
 *
 * - one hop: its target is not itself the source of a redirect, and no redirect leads to its source
 *   (a chain, and so any loop, is refused; published moves keep it so too, publish-completion.ts);
 * - a published page wins: a source where a page is published is refused, since the page answers
 *   there (the request path asks for the page first, server/http/redirects.ts);
 * - an address of this site written in full (`https://this.site/en/x`) is kept as its path, under
 *   the same rules.
 *
 * A change takes effect at once in this process (the route rules are re-read, the page cache is
 * emptied) and within 5 seconds in others; its source leaves the 404 log.
 */

type Rule = Pick<Redirect, 'id' | 'from' | 'to'>;

/** Where a full address of this site (SITE_URL, the request's own origin) becomes its path. */
export type OwnOrigins = readonly string[];

function item(row: Redirect): RedirectItem {
  return {
    id: row.id,
    from: row.from,
    to: row.to,
    status: row.status === 302 ? 302 : 301,
    origin: row.origin,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The list: newest change first, filtered by part of the source or target, paged. */
export async function listRedirects(db: Database, input: { query?: string; page: number }) {
  const query = input.query?.trim();
  let where: SQL | undefined;
  if (query) {
    // Literal text: `\`, `%` and `_` escaped for LIKE … ESCAPE '\'.
    const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    where = or(
      sql`lower(${redirects.from}) like ${pattern} escape '\\'`,
      sql`lower(${redirects.to}) like ${pattern} escape '\\'`,
    );
  }
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(redirects)
      .where(where)
      .orderBy(desc(redirects.updatedAt), desc(redirects.id))
      .limit(REDIRECTS_PAGE_SIZE)
      .offset((input.page - 1) * REDIRECTS_PAGE_SIZE),
    db.select({ value: count() }).from(redirects).where(where),
  ]);
  return { items: rows.map(item), total: total?.value ?? 0, page: input.page, pageSize: REDIRECTS_PAGE_SIZE };
}

/** A target written as a full address of this site, as its path (refused like any path would be). */
function ownPath(input: RedirectInput, origins: OwnOrigins, at: PropertyKey[]): RedirectInput {
  if (!isExternalRedirect(input.to)) return input;
  const url = new URL(input.to);
  if (!origins.some((origin) => sameOrigin(origin, url))) return input;
  const local = parseRedirectTarget(`${url.pathname}${url.search}${url.hash}`);
  if (!local.ok) throw invalid([{ path: [...at, 'to'], message: local.message, code: 'custom' }]);
  if (local.value === input.from)
    throw invalid([{ path: [...at, 'to'], message: 'validation.redirectToItself', code: 'custom' }]);
  return { ...input, to: local.value };
}

function sameOrigin(origin: string, url: URL) {
  try {
    return new URL(origin).origin === url.origin;
  } catch {
    return false;
  }
}

const invalid = (issues: IssueLike[]) => new AppError(400, 'api.validationFailed', { issues });

/** The sources among `froms` where a page is published (`/en/about` while `en/about` is). */
async function publishedSources(db: Database, froms: readonly string[]): Promise<Set<string>> {
  const wanted = froms
    .map((from) => {
      const [, locale, ...rest] = from.split('/');
      return isLocale(locale) && rest.length ? { from, locale, slug: rest.join('/') } : undefined;
    })
    .filter((entry) => entry !== undefined);
  if (!wanted.length) return new Set();
  const statements = splitStatements(wanted, (part) =>
    db
      .select({ locale: pages.locale, slug: pages.slug })
      .from(pages)
      .where(
        or(
          ...(['fa', 'en'] as const).map((locale) =>
            and(
              eq(pages.locale, locale),
              inArray(
                pages.slug,
                part.filter((entry) => entry.locale === locale).map((entry) => entry.slug),
              ),
            ),
          ),
        ),
      ),
  );
  const found = new Set<string>();
  for (const statement of statements) for (const row of await statement) found.add(`/${row.locale}/${row.slug}`);
  return found;
}

/**
 * The refusals of a set of changes against every other redirect: duplicates, chains, loops and
 * published pages, each as an issue at `at(index)`. `replacing` are the ids the changes replace.
 */
async function problems(
  db: Database,
  changes: readonly RedirectInput[],
  at: (index: number) => PropertyKey[],
  replacing: ReadonlySet<number>,
): Promise<IssueLike[]> {
  const existing: Rule[] = await db.select({ id: redirects.id, from: redirects.from, to: redirects.to }).from(redirects);
  const bySource = new Map<string, { to: string; id?: number }>();
  for (const rule of existing) if (!replacing.has(rule.id)) bySource.set(rule.from, { to: rule.to, id: rule.id });
  const issues: IssueLike[] = [];
  const issue = (index: number, field: 'from' | 'to', key: MessageKey, values: Record<string, string>) =>
    issues.push({ path: [...at(index), field], message: messageRef(key, values), code: 'custom' });
  changes.forEach((change, index) => {
    if (bySource.has(change.from)) issue(index, 'from', 'api.redirectExists', { from: change.from });
  });
  if (issues.length) return issues;
  for (const change of changes) bySource.set(change.from, { to: change.to });
  const byTarget = new Map<string, string>();
  for (const [from, rule] of bySource) if (!byTarget.has(rule.to)) byTarget.set(rule.to, from);
  changes.forEach((change, index) => {
    const next = bySource.get(change.to);
    if (next && next.to === change.from) issue(index, 'to', 'api.redirectLoop', { from: change.from, to: change.to });
    else if (next) issue(index, 'to', 'api.redirectChainTo', { to: change.to, next: next.to });
    else {
      const before = byTarget.get(change.from);
      if (before !== undefined) issue(index, 'from', 'api.redirectChainFrom', { from: change.from, before });
    }
  });
  const published = await publishedSources(
    db,
    changes.map((change) => change.from),
  );
  changes.forEach((change, index) => {
    if (published.has(change.from)) issue(index, 'from', 'api.redirectFromPage', { from: change.from });
  });
  return issues;
}

/** After any change: this process's route rules are re-read at once, cached pages made again, the sources leave the 404 log. */
function afterChange(deps: Pick<AppDeps, 'db' | 'pageCache'>) {
  routeRulesChanged(deps.db);
  deps.pageCache?.clear();
}

const forgetNotFound = (db: Database, froms: readonly string[]) =>
  splitStatements(froms, (part) => db.delete(notFoundHits).where(inArray(notFoundHits.path, part)));

/** Adds a redirect made by hand; refusals as above (400 with the field, 409 for a source already taken). */
export async function createRedirect(
  deps: Pick<AppDeps, 'db' | 'pageCache'>,
  input: RedirectInput,
  origins: OwnOrigins,
): Promise<RedirectItem> {
  const { db } = deps;
  const change = ownPath(input, origins, []);
  const found = await problems(db, [change], () => [], new Set());
  if (found.length) throw refusal(found);
  const now = new Date();
  try {
    const [[row]] = await db.batch([
      db
        .insert(redirects)
        .values({ from: change.from, to: change.to, status: change.status, origin: 'manual', createdAt: now, updatedAt: now })
        .returning(),
      ...forgetNotFound(db, [change.from]),
    ]);
    afterChange(deps);
    return item(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'api.redirectExists', undefined, { from: change.from });
    throw error;
  }
}

/** A 409 when the only refusal is a source already taken, else a 400 naming the fields. */
function refusal(issues: IssueLike[]): AppError {
  const [first] = issues;
  if (issues.length === 1 && first && first.message.startsWith('api.redirectExists'))
    return new AppError(
      409,
      'api.redirectExists',
      { issues },
      { from: String(new URLSearchParams(first.message.split('?')[1]).get('from')) },
    );
  return invalid(issues);
}

/** Changes a redirect (it is then one made by hand); 404 when there is none. */
export async function updateRedirect(
  deps: Pick<AppDeps, 'db' | 'pageCache'>,
  id: number,
  input: RedirectInput,
  origins: OwnOrigins,
): Promise<RedirectItem> {
  const { db } = deps;
  const current = await db.select({ id: redirects.id }).from(redirects).where(eq(redirects.id, id)).get();
  if (!current) throw new AppError(404, 'api.redirectNotFound');
  const change = ownPath(input, origins, []);
  const found = await problems(db, [change], () => [], new Set([id]));
  if (found.length) throw refusal(found);
  try {
    const [[row]] = await db.batch([
      db
        .update(redirects)
        .set({ from: change.from, to: change.to, status: change.status, origin: 'manual', updatedAt: new Date() })
        .where(eq(redirects.id, id))
        .returning(),
      ...forgetNotFound(db, [change.from]),
    ]);
    if (!row) throw new AppError(404, 'api.redirectNotFound');
    afterChange(deps);
    return item(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'api.redirectExists', undefined, { from: change.from });
    throw error;
  }
}

export async function deleteRedirect(deps: Pick<AppDeps, 'db' | 'pageCache'>, id: number) {
  const [row] = await deps.db.delete(redirects).where(eq(redirects.id, id)).returning({ id: redirects.id });
  if (!row) throw new AppError(404, 'api.redirectNotFound');
  afterChange(deps);
}

const CSV_HEADER = ['from', 'to', 'status'];

/** Every redirect as CSV (`from,to,status`, by source), the file the import reads back. */
export async function redirectsCsv(db: Database): Promise<string> {
  const rows = await db
    .select({ from: redirects.from, to: redirects.to, status: redirects.status })
    .from(redirects)
    .orderBy(redirects.from);
  return csvFile([CSV_HEADER, ...rows.map((row) => [row.from, row.to, String(row.status)])]);
}

export type RedirectImportReport = { added: number; updated: number; unchanged: number };

/**
 * Imports a CSV of redirects (`from,to[,status]` per line, a `from,to,status` header optional, the
 * export's own file included): all or nothing. Every line is checked as a redirect added by hand
 * is, and against the others and the file's own lines; any problem refuses the whole file with
 * every problem by line (`issues` at `['csv', line, field]`), and nothing changes. A source already
 * there takes the file's target and status (made by hand from then on).
 */
export async function importRedirects(
  deps: Pick<AppDeps, 'db' | 'pageCache'>,
  csv: string,
  origins: OwnOrigins,
): Promise<RedirectImportReport> {
  const { db } = deps;
  const parsed = parseCsv(csv);
  if (parsed.unclosedAt !== undefined)
    throw invalid([{ path: ['csv', parsed.unclosedAt], message: 'validation.csvQuoteOpen', code: 'custom' }]);
  const lines = parsed.rows.filter(
    (row, index) =>
      !(index === 0 && row.cells.map((cell) => cell.trim().toLowerCase()).join(',') === CSV_HEADER.join(',')) &&
      !(index === 0 && row.cells.map((cell) => cell.trim().toLowerCase()).join(',') === 'from,to') &&
      row.cells.some((cell) => cell.trim()),
  );
  if (!lines.length) throw new AppError(400, 'api.redirectImportEmpty');
  if (lines.length > REDIRECT_IMPORT_MAX_ROWS)
    throw new AppError(400, 'api.redirectImportTooMany', undefined, { max: REDIRECT_IMPORT_MAX_ROWS });
  const issues: IssueLike[] = [];
  const inputs: { line: number; input: RedirectInput }[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of lines) {
    if (cells.length < 2 || cells.length > 3) {
      issues.push({ path: ['csv', line], message: 'validation.redirectCsvColumns', code: 'custom' });
      continue;
    }
    const [from = '', to = '', status] = cells;
    const result = redirectSchema.safeParse({ from, to, status: status?.trim() || undefined });
    if (!result.success) {
      for (const problem of result.error.issues)
        issues.push({ path: ['csv', line, ...problem.path], message: problem.message, code: 'custom' });
      continue;
    }
    try {
      const input = ownPath(result.data, origins, ['csv', line]);
      const first = seen.get(input.from);
      if (first !== undefined)
        issues.push({
          path: ['csv', line, 'from'],
          message: messageRef('validation.redirectCsvRepeated', { line: first }),
          code: 'custom',
        });
      else seen.set(input.from, line);
      inputs.push({ line, input });
    } catch (error) {
      if (error instanceof AppError && error.data?.issues) issues.push(...error.data.issues);
      else throw error;
    }
  }
  if (!issues.length) {
    const existing = await db
      .select({ id: redirects.id, from: redirects.from, to: redirects.to, status: redirects.status })
      .from(redirects);
    const bySource = new Map(existing.map((row) => [row.from, row]));
    const replacing = new Set(inputs.map(({ input }) => bySource.get(input.from)?.id).filter((id) => id !== undefined));
    issues.push(
      ...(await problems(
        db,
        inputs.map(({ input }) => input),
        (index) => ['csv', inputs[index]!.line],
        replacing,
      )),
    );
    if (!issues.length) return writeImport(deps, inputs, bySource);
  }
  throw new AppError(400, 'api.redirectImportInvalid', { issues: issues.slice(0, 100) }, { count: issues.length });
}

async function writeImport(
  deps: Pick<AppDeps, 'db' | 'pageCache'>,
  inputs: { input: RedirectInput }[],
  bySource: Map<string, { to: string; status: number }>,
): Promise<RedirectImportReport> {
  const { db } = deps;
  const report: RedirectImportReport = { added: 0, updated: 0, unchanged: 0 };
  const writes: { from: string; to: string; status: RedirectStatus }[] = [];
  for (const { input } of inputs) {
    const before = bySource.get(input.from);
    if (before && before.to === input.to && before.status === input.status) {
      report.unchanged++;
      continue;
    }
    report[before ? 'updated' : 'added']++;
    writes.push(input);
  }
  if (!writes.length) return report;
  const now = new Date();
  const statements = [
    ...splitStatements(writes, (part) =>
      db
        .insert(redirects)
        .values(part.map((rule) => ({ ...rule, origin: 'manual' as const, createdAt: now, updatedAt: now })))
        .onConflictDoUpdate({
          target: redirects.from,
          set: {
            to: sql`excluded.to_path`,
            status: sql`excluded.status`,
            origin: 'manual',
            updatedAt: now,
          },
        }),
    ),
    ...forgetNotFound(
      db,
      writes.map((rule) => rule.from),
    ),
  ];
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  afterChange(deps);
  return report;
}

import { createTwoFilesPatch } from 'diff';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type PageListItem, type PageRef, pageFile, pageFromFile, type TranslationStatus } from '../../common/authoring';
import { defaultLocale, translationLocale } from '../../common/locales';
import type { Database } from '../db/database';
import { pages } from '../db/schema';
import type { AppDeps } from '../deps';
import { requireRepository } from './builds';
import { pathsOf } from './page-moves';

/*
 * Translations that know when they are out of date (docs/content.md "Outdated translations").
 * The source of a pair is its page in the site's main language (`defaultLocale`, Persian); the
 * translation is the page of the other language with the same translation key. The translation is
 * out of date when the source's file was last changed by a later commit than the translation's:
 * the commits and their times are recorded in the index by the content sync (pages.last_commit,
 * pages.last_commit_at), so no request reads git history. Unrecorded times never count.
 */

const source = alias(pages, 'source');

/** The source page of `translation` (a `pages` alias or the table) that changed after it. */
function newerSource(translation: typeof pages) {
  return sql`${source.locale} = ${defaultLocale} and coalesce(${source.translationKey}, ${source.slug}) = coalesce(${translation.translationKey}, ${translation.slug}) and ${source.lastCommitAt} > ${translation.lastCommitAt}`;
}

/** SQL condition on `pages`: the row is an out-of-date translation (the pages screen's filter). */
export function isOutdatedTranslation(): SQL {
  return sql`(${pages.locale} = ${translationLocale} and exists (select 1 from ${pages} as ${sql.identifier('source')} where ${newerSource(pages)}))`;
}

/** How many translations are out of date (the overview). */
export async function countOutdatedTranslations(db: Database): Promise<number> {
  return db.$count(pages, isOutdatedTranslation());
}

/**
 * The list's items, each out-of-date translation marked with the time its source changed. Only
 * items as published (no pending change) are judged: a pending edit is the translator at work.
 */
export async function markOutdated(db: Database, items: PageListItem[]): Promise<PageListItem[]> {
  const files = items
    .filter((item) => item.locale === translationLocale && item.pending === null)
    .map((item) => pageFile(item.locale, item.path));
  if (!files.length) return items.map((item) => ({ ...item, outdated: null }));
  const rows = await db
    .select({ file: pages.sourcePath, since: sql<number>`max(${source.lastCommitAt})` })
    .from(pages)
    .innerJoin(source, newerSource(pages))
    .where(sql`${pages.sourcePath} in (select value from json_each(${JSON.stringify(files)}))`)
    .groupBy(pages.sourcePath);
  const since = new Map(rows.map((row) => [row.file, new Date(Number(row.since)).toISOString()]));
  return items.map((item) => ({
    ...item,
    outdated: item.pending === null ? (since.get(pageFile(item.locale, item.path)) ?? null) : null,
  }));
}

/**
 * The source's file as it was at `commit` (made at `at`): at its address then, which published
 * moves lead back to (D10: a move of the source keeps the diff to what changed since), the same
 * chain History follows (page-history.ts `pathsOf`). Undefined when it was at none of them.
 */
export async function sourceAt(
  deps: Pick<AppDeps, 'db' | 'contentRepository'>,
  file: string,
  commit: string,
  at: Date,
): Promise<{ file: string; text: string } | undefined> {
  const repository = requireRepository(deps);
  const chain = await pathsOf(deps.db, file);
  // Its address at that time first (the oldest one it still had then), then the later ones.
  const held = chain.filter((entry) => entry.until + 1000 >= at.getTime()).reverse();
  for (const entry of held) {
    const text = await repository.readFileAt(commit, entry.file);
    if (text !== undefined) return { file: entry.file, text };
  }
  return undefined;
}

/** Bytes of the two versions of a source the diff compares at most (a page is at most 512 KB). */
const DIFF_SOURCE_MAX = 600_000;

/**
 * `GET /api/translations/{locale}/{path}`: whether the published page is an out-of-date
 * translation and, when it is, its source's change since the translation was last changed, as a
 * unified diff (the source's file at the translation's last commit against the source now; empty
 * before when the source was not at that address then).
 */
export async function translationStatus(
  deps: Pick<AppDeps, 'db' | 'contentRepository'>,
  ref: PageRef,
): Promise<TranslationStatus> {
  if (ref.locale !== translationLocale) return { outdated: null };
  const row = await deps.db
    .select({
      path: source.sourcePath,
      sourceHash: source.sourceHash,
      changedAt: source.lastCommitAt,
      changedIn: source.lastCommit,
      since: pages.lastCommitAt,
      sinceCommit: pages.lastCommit,
    })
    .from(pages)
    .innerJoin(source, newerSource(pages))
    .where(sql`${pages.sourcePath} = ${pageFile(ref.locale, ref.path)}`)
    .orderBy(source.slug)
    .get();
  const sourceRef = row && pageFromFile(row.path);
  if (!row || !sourceRef || !row.changedAt || !row.since || !row.sinceCommit || !row.changedIn) return { outdated: null };
  const repository = requireRepository(deps);
  const now = row.sourceHash.split(':')[0]!;
  const [found, after] = await Promise.all([sourceAt(deps, row.path, row.sinceCommit, row.since), repository.readBlob(now)]);
  const then = found?.text;
  const thenPath = found?.file ?? row.path;
  const before = then ?? '';
  const tooBig = before.length + after.length > DIFF_SOURCE_MAX;
  return {
    outdated: {
      source: sourceRef,
      changedAt: row.changedAt.toISOString(),
      changedIn: row.changedIn,
      since: row.since.toISOString(),
      sinceCommit: row.sinceCommit,
      sourceExisted: then !== undefined,
      diff: tooBig
        ? null
        : createTwoFilesPatch(then ? `a/${thenPath}` : '/dev/null', `b/${row.path}`, before, after, undefined, undefined, {
            context: 3,
          }),
    },
  };
}

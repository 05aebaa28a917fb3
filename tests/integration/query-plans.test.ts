import type { Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import type { ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageHandler } from '../../app/lib/app-context.server';
import { seedPagesSql } from '../../scripts/seed-pages.mjs';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import * as schema from '../../server/db/schema';
import { createInstalledSite } from '../support/site';

/*
 * Issue 35 F-1: no list may read the whole `pages` table. Every statement the public and dashboard
 * lists run (through the real app and route modules, as statement-count.test.ts does) is asked
 * `EXPLAIN QUERY PLAN` with its own parameters; a plan fails when it
 * - scans `pages` (a full pass, through the table or a whole index), or
 * - looks a row up in a correlated subquery of `pages` by nothing finer than the language, draft
 *   and noindex columns (a scan of a locale per row: the 107-second sitemap), or
 * - sorts a list of pages in a temporary b-tree to answer a LIMIT (all rows read, then sorted).
 * Plans depend on the schema, not on the row count (there are no statistics), so a few thousand
 * rows suffice; they are seeded by bulk SQL (scripts/seed-pages.mjs).
 */
let vite: ViteDevServer;
let build: ServerBuild;

beforeAll(async () => {
  vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'silent' });
  build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
}, 180_000);

afterAll(async () => {
  await vite?.close();
});

type PlanRow = { id: number; parent: number; detail: string };

/** Names `pages` goes by in a statement: itself and its aliases (`pages as other`, `pages p`). */
function pagesNames(statement: string) {
  const names = new Set(['pages']);
  for (const match of statement.matchAll(/"?\bpages"?\s+(?:as\s+)?"?([a-z_]\w*)"?/gi)) {
    const name = match[1]!.toLowerCase();
    if (!/^(where|on|left|inner|join|group|order|limit|set|values|indexed|using|cross|natural|union|as)$/.test(name))
      names.add(name);
  }
  return names;
}

/** What is wrong with a plan of `statement`, or an empty list. */
function planProblems(statement: string, plan: PlanRow[]): string[] {
  const names = pagesNames(statement);
  const byId = new Map(plan.map((row) => [row.id, row]));
  const inCorrelated = (row: PlanRow) => {
    for (let at = byId.get(row.parent); at; at = byId.get(at.parent)) if (/^CORRELATED/.test(at.detail)) return true;
    return false;
  };
  const problems: string[] = [];
  // Search ranks the full-text index's matches by relevance: a sort of the matches of its words, not
  // of the site's pages (bounded by the search's own limits, server/services/search.ts).
  const ranksMatches = plan.some((row) => /^SCAN pages_search VIRTUAL TABLE/.test(row.detail));
  const limited = /\blimit\b/i.test(statement);
  const sorts = plan.some((row) => /^USE TEMP B-TREE FOR (?:RIGHT PART OF )?ORDER BY/.test(row.detail) && !inCorrelated(row));
  // The table the statement walks first: a list of pages when it is `pages` (or a page's tags).
  const driving = plan.find((row) => /^(SCAN|SEARCH) /.test(row.detail) && !inCorrelated(row));
  const drivingTable = driving && /^(?:SCAN|SEARCH) (\w+)/.exec(driving.detail)![1]!.toLowerCase();
  const listsPages = drivingTable !== undefined && (names.has(drivingTable) || drivingTable === 'page_tags');
  for (const row of plan) {
    const scan = /^SCAN (\w+)( USING (?:COVERING )?INDEX)?/.exec(row.detail);
    // Walking an index in the list's own order and stopping at the LIMIT is not a scan: it reads
    // the page asked for (and the offset before it, in the index only).
    const orderedWalk = Boolean(scan?.[2]) && limited && !sorts && !/\bgroup by\b/i.test(statement);
    if (scan && names.has(scan[1]!.toLowerCase()) && !orderedWalk) problems.push(`full scan: ${row.detail}`);
    const search = /^SEARCH (\w+) USING (?:COVERING )?INDEX \w+ \(([^)]*)\)/.exec(row.detail);
    if (search && names.has(search[1]!.toLowerCase()) && inCorrelated(row)) {
      const columns = search[2]!.split(' AND ').map((term) => term.replace(/[=<>].*$/, '').trim());
      if (columns.every((column) => ['locale', 'draft', 'noindex'].includes(column)))
        problems.push(`a locale's pages searched per row: ${row.detail}`);
    }
    // (After a GROUP BY the sort is of the groups, a language's tags by use, not of pages.)
    if (
      listsPages &&
      !ranksMatches &&
      !/\bgroup by\b/i.test(statement) &&
      /^USE TEMP B-TREE FOR (?:RIGHT PART OF )?ORDER BY/.test(row.detail) &&
      !inCorrelated(row) &&
      limited
    )
      problems.push(`sorts the pages it lists: ${row.detail}`);
  }
  return problems;
}

async function plannedSite() {
  const site = await createInstalledSite();
  const client = (site.deps.db as unknown as { $client: Client }).$client;
  const started = performance.now();
  await client.batch(seedPagesSql(3000), 'write');
  const seededMs = performance.now() - started;
  const statements: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(client, {
    schema,
    logger: { logQuery: (query, params) => statements.push({ sql: query, params }) },
  }) as unknown as Database;
  const app = createApp({ ...site.deps, db, pageHandler: createPageHandler(build), pageCache: undefined });
  /** The statements of one request, each with its plan. */
  const plans = async (path: string, cookie?: string) => {
    statements.length = 0;
    const response = await app.request(path, { headers: cookie ? { cookie } : undefined });
    await response.arrayBuffer();
    const out: { sql: string; plan: PlanRow[] }[] = [];
    for (const { sql, params } of statements) {
      if (!/^\s*(select|with)\b/i.test(sql)) continue;
      const result = await client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as never });
      out.push({
        sql,
        plan: result.rows.map((row) => ({ id: Number(row.id), parent: Number(row.parent), detail: String(row.detail) })),
      });
    }
    return { status: response.status, statements: out };
  };
  return { ...site, plans, seededMs };
}

const PUBLIC = [
  '/en',
  '/fa',
  '/en/logs',
  '/en/logs?page=60',
  // The date archives (common/date-archive.ts): a range of pages_logs_idx, and the widget's count by date.
  '/en/logs/2015/06',
  '/en/logs/2015?page=3',
  '/fa/logs/1395/05',
  '/fa/logs/1395',
  '/en/cats/tuts',
  '/fa/cats/notes?page=20',
  '/en/tags/tag-1',
  '/en/tags/tag-1?page=10',
  '/en/authors/owner',
  '/en/authors/owner?page=5',
  '/en/search?q=river',
  '/fa/search?q=%DA%A9%D8%AA%D8%A7%D8%A8',
  '/en/logs/page-101',
  '/sitemap.xml',
  '/en/sitemap.xml',
  '/fa/sitemap.xml',
  '/en/feed.xml',
  '/en/tags/tag-1/feed.xml',
  '/en/cats/tuts/feed.xml',
  '/fa/cats/notes/feed.xml',
  '/en/authors/owner/feed.xml',
  '/api/public/pages?locale=en',
  '/api/public/pages?locale=en&page=70',
  '/api/public/pages?locale=fa&cat=notes&page=15',
  '/api/public/pages/en/logs/page-101',
  '/api/public/tags?locale=en',
  '/api/search?q=river&locale=en',
];

const DASHBOARD = [
  '/en/manage',
  '/en/manage?days=90',
  '/api/analytics?days=30',
  '/en/manage/pages',
  '/en/manage/pages?page=100',
  '/en/manage/pages?query=page',
  '/en/manage/pages?status=published&cat=tuts',
  '/en/manage/pages?status=draft',
  '/en/manage/pages?translation=missing',
  '/en/manage/pages?translation=translated',
  '/en/manage/pages?outdated=1',
  '/en/manage/pages?author=owner&locale=fa',
  // The editor's link search.
  '/api/pages?locale=en&query=page',
  '/api/pages?page=100',
  '/en/manage/media',
  '/api/media',
];

describe('query plans of the lists (issue 35 F-1)', () => {
  it('the checker itself fails a scan, a per-row scan and a sorted list', () => {
    expect(planProblems('select * from pages', [{ id: 2, parent: 0, detail: 'SCAN pages' }])).toHaveLength(1);
    expect(
      planProblems('select (select slug from pages as other where other.locale = ?) from pages where locale = ? limit 5', [
        { id: 2, parent: 0, detail: 'SEARCH pages USING INDEX pages_public_idx (locale=? AND draft=?)' },
        { id: 5, parent: 0, detail: 'CORRELATED SCALAR SUBQUERY 1' },
        { id: 9, parent: 5, detail: 'SEARCH other USING INDEX pages_public_idx (locale=? AND draft=?)' },
        { id: 20, parent: 0, detail: 'USE TEMP B-TREE FOR ORDER BY' },
      ]),
    ).toEqual([
      "a locale's pages searched per row: SEARCH other USING INDEX pages_public_idx (locale=? AND draft=?)",
      'sorts the pages it lists: USE TEMP B-TREE FOR ORDER BY',
    ]);
    // A count of every page is a full pass; a list walked in its index's order up to its LIMIT is not.
    expect(
      planProblems('select count(*) from pages', [
        { id: 3, parent: 0, detail: 'SCAN pages USING COVERING INDEX pages_source_path_idx' },
      ]),
    ).toHaveLength(1);
    expect(
      planProblems('select slug from pages order by indexed_at desc limit 20 offset 40', [
        { id: 3, parent: 0, detail: 'SCAN pages USING INDEX pages_manage_idx' },
      ]),
    ).toEqual([]);
    expect(
      planProblems('select slug from pages where locale = ? order by slug limit 20', [
        { id: 2, parent: 0, detail: 'SEARCH pages USING COVERING INDEX pages_public_idx (locale=? AND draft=?)' },
      ]),
    ).toEqual([]);
  });

  it('no public list scans pages, searches a locale per row or sorts what it lists', async () => {
    const { plans, seededMs } = await plannedSite();
    console.info(`seeded 3 000 pages in ${seededMs.toFixed(0)} ms`);
    const failures: string[] = [];
    for (const path of PUBLIC) {
      const { status, statements } = await plans(path);
      expect(status, path).toBe(200);
      for (const { sql, plan } of statements)
        for (const problem of planProblems(sql, plan)) failures.push(`${path}\n  ${problem}\n  ${sql}`);
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 120_000);

  it('no dashboard list does either', async () => {
    const { plans, cookies } = await plannedSite();
    const failures: string[] = [];
    for (const path of DASHBOARD) {
      const { status, statements } = await plans(path, cookies.owner);
      expect(status, path).toBe(200);
      for (const { sql, plan } of statements)
        for (const problem of planProblems(sql, plan)) failures.push(`${path}\n  ${problem}\n  ${sql}`);
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 120_000);
});

import { eq, sql } from 'drizzle-orm';
import { emptyHeadCode, type HeadCode, isValidHeadCode } from '../../common/head-code';
import { settings } from '../db/schema';
import type { AppDeps } from '../deps';
import { HEAD_CODE_KEY } from './site';

/*
 * Settings → Code (owner only; common/head-code.ts): what the owner pasted and the tags it was
 * parsed into, one settings row. Public pages read it with the site state (readSiteState, the same
 * statement), so it costs no query of its own.
 */

export async function readHeadCode(db: AppDeps['db']): Promise<HeadCode> {
  const row = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, HEAD_CODE_KEY)).get();
  return isValidHeadCode(row?.value) ? row.value : emptyHeadCode;
}

/**
 * Replaces the head code (already parsed by `headCodeInputSchema`). `updated_at` moves forward as
 * with every settings write, which gives cached pages a new version on Node and on Workers, and
 * this process's page cache is emptied, so the next request already carries the new tags and policy.
 */
export async function saveHeadCode(deps: Pick<AppDeps, 'db' | 'pageCache'>, next: HeadCode): Promise<HeadCode> {
  const bumped = sql`CAST(max(unixepoch('subsec') * 1000, ${settings.updatedAt} + 1) AS INTEGER)`;
  await deps.db
    .insert(settings)
    .values({ key: HEAD_CODE_KEY, value: next })
    .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: bumped } });
  await deps.pageCache?.clear();
  return next;
}

import type { Context } from 'hono';
import { legacyAddressKey } from '../../common/legacy-address';
import type { Database } from '../db/database';
import { isClosedDatabaseError, isMissingTableError } from '../db/errors';
import type { NotFoundHit, NotFoundRecorder, WaitUntil } from '../deps';
import { errorForLog } from '../errors';
import { NOT_FOUND_PATH_MAX, writeNotFound } from '../services/not-found-log';
import { isBotCached } from './page-views';

function logFailure(error: unknown) {
  // Before installation there are no tables; a batch due after the database closed is lost.
  if (!isMissingTableError(error) && !isClosedDatabaseError(error))
    console.error(`Recording the 404 log failed:\n${errorForLog(error)}`);
}

/**
 * On Node 404s wait in memory and are written every `flushMs`, at most `maxWaiting` distinct paths
 * at a time (beyond that they are dropped rather than memory grown: a flood of made-up paths costs
 * a bounded map and one batch a second). On Workers each is written through `waitUntil` after its
 * response. Either way the table stays within its cap (server/services/not-found-log.ts).
 */
export function createNotFoundRecorder(db: Database, { flushMs = 1000, maxWaiting = 1000 } = {}): NotFoundRecorder {
  let waiting: NotFoundHit[] = [];
  let paths = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function flush() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    paths = new Set();
    await writeNotFound(db, batch).catch(logFailure);
  }

  return {
    record(hit, waitUntil) {
      if (waitUntil) {
        waitUntil(writeNotFound(db, [hit]).catch(logFailure));
        return;
      }
      if (!paths.has(hit.path)) {
        if (paths.size >= maxWaiting) return;
        paths.add(hit.path);
      }
      // Repeats of a waiting path are counted, up to the same bound of entries per path set.
      if (waiting.length >= maxWaiting * 10) return;
      waiting.push(hit);
      if (!timer) {
        timer = setTimeout(() => void flush(), flushMs);
        // Node: a waiting batch does not keep the process alive.
        (timer as { unref?: () => void }).unref?.();
      }
    },
    flush,
  };
}

/**
 * The 404 log's entry for a page request that answered 404, or undefined: GET only, the path as the
 * redirects table keys it (decoded, no trailing slash; common/legacy-address.ts), never its query;
 * React Router's data requests, undecodable and overlong paths are left out. Only whether the user
 * agent is a bot is kept, not the agent itself.
 */
export function notFoundHitOf(request: Request, status: number, now = Date.now()): NotFoundHit | undefined {
  if (status !== 404 || request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  if (url.pathname.endsWith('.data') || url.pathname.length > NOT_FOUND_PATH_MAX * 3) return undefined;
  const path = legacyAddressKey(url.pathname, '');
  if (!path || path.length > NOT_FOUND_PATH_MAX) return undefined;
  const userAgent = request.headers.get('user-agent') ?? '';
  return { path, bot: !userAgent || isBotCached(userAgent), at: now };
}

/** Records a page's 404 after its response (the page handler's, so cached pages never reach this). */
export function recordNotFound(c: Context, recorder: NotFoundRecorder, status: number) {
  const hit = notFoundHitOf(c.req.raw, status);
  if (!hit) return;
  let waitUntil: WaitUntil | undefined;
  try {
    const ctx = c.executionCtx;
    waitUntil = ctx.waitUntil.bind(ctx);
  } catch {
    // Node: no execution context; the hit joins the next batch.
  }
  recorder.record(hit, waitUntil);
}

import { and, count, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import {
  DELIVERIES_PAGE_SIZE,
  DELIVERY_HEADER,
  DELIVERY_TIMEOUT_MS,
  type DeliveryItem,
  type DeliveryPage,
  EVENT_HEADER,
  MAX_ATTEMPTS,
  MAX_OUTGOING_WEBHOOKS,
  type OutgoingWebhookEvent,
  type OutgoingWebhookInput,
  type OutgoingWebhookItem,
  RETRY_DELAYS_MS,
  SIGNATURE_HEADER,
  SNIPPET_CHARS,
} from '../../common/outgoing-webhooks';
import { randomToken } from '../auth/tokens';
import type { Database } from '../db/database';
import { type OutgoingWebhookDelivery, outgoingWebhookDeliveries, outgoingWebhooks } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { claimLapsed } from '../jobs/leases';
import { refuseWebhookUrl, type UrlRefusal } from '../outgoing-webhooks/address';
import { createFetchTransport, type OutgoingWebhookTransport, UnsafeAddressError } from '../outgoing-webhooks/transport';

/*
 * Outgoing webhooks (issue 28 item 5; docs/outgoing-webhooks.md): the owner's endpoints, the events
 * queued for them, and their delivery — signed, retried with backoff, logged. Delivery is
 * at-least-once: a receiver dedupes on the event id (`X-Daftar-Delivery`).
 */

export type WebhookDeps = Pick<AppDeps, 'db' | 'webhookTransport'>;

/** A delivery left `sending` longer than this by a worker that is gone is tried again. */
export const DELIVERY_LEASE_MS = 2 * 60_000;

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the
 * secret>`. The time is signed with the body, so a receiver can refuse an old delivery replayed.
 */
export async function signDelivery(secret: string, body: string, timestamp: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `t=${timestamp},v1=${hex(await crypto.subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${body}`)))}`;
}

/** The transport deps give (Node: the resolving one), else plain fetch with no private addresses. */
function transportOf(deps: WebhookDeps): OutgoingWebhookTransport {
  return deps.webhookTransport ?? createFetchTransport({ allowPrivate: false });
}

const refusalKeys = {
  invalid: 'api.outgoingWebhookUrlInvalid',
  scheme: 'api.outgoingWebhookUrlScheme',
  credentials: 'api.outgoingWebhookUrlCredentials',
  private: 'api.outgoingWebhookUrlPrivate',
} as const satisfies Record<UrlRefusal, string>;

/** A URL the owner typed, checked as it is written and where it resolves to now: 400 naming the rule. */
async function vetUrl(deps: WebhookDeps & Pick<AppDeps, 'config'>, value: string): Promise<string> {
  const refusal = refuseWebhookUrl(value, { allowPrivate: deps.config.OUTGOING_WEBHOOKS_ALLOW_PRIVATE });
  const issue = (key: string) => new AppError(400, key as never, { issues: [{ path: ['url'], message: key }] });
  if (refusal) throw issue(refusalKeys[refusal]);
  try {
    await transportOf(deps).vet(new URL(value));
  } catch (error) {
    if (error instanceof UnsafeAddressError) throw issue(refusalKeys.private);
    // A name that does not resolve (yet) is allowed: it is checked again at every delivery.
  }
  return new URL(value).href;
}

function itemOf(
  row: typeof outgoingWebhooks.$inferSelect,
  last?: Pick<OutgoingWebhookDelivery, 'status' | 'lastStatus' | 'lastAttemptAt'>,
): OutgoingWebhookItem {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    last: last ? { status: last.status, code: last.lastStatus, at: last.lastAttemptAt?.toISOString() ?? null } : null,
  };
}

/** Every endpoint, oldest first, each with its latest delivery's outcome. Never a secret. */
export async function listOutgoingWebhooks(db: Database): Promise<OutgoingWebhookItem[]> {
  const rows = await db.select().from(outgoingWebhooks).orderBy(outgoingWebhooks.id);
  const latest = await Promise.all(
    rows.map((row) =>
      db
        .select({
          status: outgoingWebhookDeliveries.status,
          lastStatus: outgoingWebhookDeliveries.lastStatus,
          lastAttemptAt: outgoingWebhookDeliveries.lastAttemptAt,
        })
        .from(outgoingWebhookDeliveries)
        .where(eq(outgoingWebhookDeliveries.webhookId, row.id))
        .orderBy(desc(outgoingWebhookDeliveries.id))
        .limit(1)
        .get(),
    ),
  );
  return rows.map((row, index) => itemOf(row, latest[index]));
}

/** A new endpoint. The answer carries its secret: the only time it is shown. */
export async function createOutgoingWebhook(
  deps: WebhookDeps & Pick<AppDeps, 'config'>,
  input: OutgoingWebhookInput,
  userId: string,
): Promise<OutgoingWebhookItem & { secret: string }> {
  const url = await vetUrl(deps, input.url);
  if ((await deps.db.$count(outgoingWebhooks)) >= MAX_OUTGOING_WEBHOOKS)
    throw new AppError(400, 'api.outgoingWebhookTooMany', undefined, { max: MAX_OUTGOING_WEBHOOKS });
  const secret = `whsec_${randomToken(32)}`;
  const row = await deps.db
    .insert(outgoingWebhooks)
    .values({
      url,
      events: [...new Set(input.events)],
      description: input.description?.trim() ?? '',
      enabled: input.enabled ?? true,
      secret,
      createdBy: userId,
    })
    .returning()
    .get();
  return { ...itemOf(row), secret };
}

export async function updateOutgoingWebhook(
  deps: WebhookDeps & Pick<AppDeps, 'config'>,
  id: number,
  input: Partial<OutgoingWebhookInput>,
): Promise<OutgoingWebhookItem> {
  const url = input.url === undefined ? undefined : await vetUrl(deps, input.url);
  const row = await deps.db
    .update(outgoingWebhooks)
    .set({
      ...(url ? { url } : {}),
      ...(input.events ? { events: [...new Set(input.events)] } : {}),
      ...(input.description !== undefined ? { description: input.description.trim() } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      updatedAt: new Date(),
    })
    .where(eq(outgoingWebhooks.id, id))
    .returning()
    .get();
  if (!row) throw new AppError(404, 'api.notFound');
  return itemOf(row);
}

/** A new secret (the old one stops signing at once), shown once. */
export async function rotateOutgoingWebhookSecret(db: Database, id: number): Promise<{ secret: string }> {
  const secret = `whsec_${randomToken(32)}`;
  const row = await db
    .update(outgoingWebhooks)
    .set({ secret, updatedAt: new Date() })
    .where(eq(outgoingWebhooks.id, id))
    .returning({ id: outgoingWebhooks.id })
    .get();
  if (!row) throw new AppError(404, 'api.notFound');
  return { secret };
}

/** Deletes an endpoint with its deliveries (queued ones are never sent). */
export async function deleteOutgoingWebhook(db: Database, id: number) {
  const row = await db.delete(outgoingWebhooks).where(eq(outgoingWebhooks.id, id)).returning({ id: outgoingWebhooks.id }).get();
  if (!row) throw new AppError(404, 'api.notFound');
}

function deliveryItem(row: OutgoingWebhookDelivery): DeliveryItem {
  return {
    id: row.id,
    eventId: row.eventId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    code: row.lastStatus,
    error: row.lastError,
    snippet: row.responseSnippet,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

/** 404 unless the endpoint exists. */
async function requireEndpoint(db: Database, id: number) {
  const hook = await db.select({ id: outgoingWebhooks.id }).from(outgoingWebhooks).where(eq(outgoingWebhooks.id, id)).get();
  if (!hook) throw new AppError(404, 'api.notFound');
}

/** An endpoint's delivery log: newest first, paged. 404 for an unknown endpoint. */
export async function listDeliveries(db: Database, webhookId: number, page: number): Promise<DeliveryPage> {
  await requireEndpoint(db, webhookId);
  const where = eq(outgoingWebhookDeliveries.webhookId, webhookId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outgoingWebhookDeliveries)
      .where(where)
      .orderBy(desc(outgoingWebhookDeliveries.id))
      .limit(DELIVERIES_PAGE_SIZE)
      .offset((page - 1) * DELIVERIES_PAGE_SIZE),
    db.select({ value: count() }).from(outgoingWebhookDeliveries).where(where),
  ]);
  return { items: rows.map(deliveryItem), total: total?.value ?? 0, page, pageSize: DELIVERIES_PAGE_SIZE };
}

// ---- queueing events --------------------------------------------------------------------------

/** Databases with deliveries queued by this process since the last look (server/http/api.ts sends them after the answer). */
const queued = new WeakSet<Database>();
export function takeQueuedFlag(db: Database) {
  const was = queued.has(db);
  queued.delete(db);
  return was;
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The statement that queues events of one kind for every enabled endpoint that wants them: one
 * INSERT … SELECT over the endpoints and a JSON array of the events, however many there are. It
 * binds no values (D1 batches a raw statement only then): the JSON is ours, written as an SQL string.
 * Usable inside another batch (a publish queues its events in its own transaction).
 */
export function queueEventsStatement(
  db: Database,
  event: OutgoingWebhookEvent | 'ping',
  items: { data: Record<string, unknown> }[],
  { webhookId, now = Date.now() }: { webhookId?: number; now?: number } = {},
) {
  queued.add(db);
  const events = JSON.stringify(items.map((item) => ({ id: crypto.randomUUID(), data: item.data })));
  const at = String(Math.trunc(now));
  const which =
    webhookId === undefined
      ? `w.enabled = 1 AND EXISTS (SELECT 1 FROM json_each(w.events) WHERE value = ${quote(event)})`
      : `w.id = ${Math.trunc(webhookId)}`;
  return db.run(
    sql.raw(
      `INSERT INTO outgoing_webhook_deliveries (webhook_id, event_id, event, data, status, attempts, next_attempt_at, created_at)
       SELECT w.id, json_extract(e.value, '$.id'), ${quote(event)}, json_extract(e.value, '$.data'), 'pending', 0, ${at}, ${at}
       FROM outgoing_webhooks w, json_each(${quote(events)}) e WHERE ${which}
       ON CONFLICT DO NOTHING`,
    ),
  );
}

/** Queues one event now (outside any other transaction): a comment, a confirmed subscriber. */
export async function queueOutgoingEvent(db: Database, event: OutgoingWebhookEvent, data: Record<string, unknown>) {
  await queueEventsStatement(db, event, [{ data }]);
}

const EVENTS_PER_STATEMENT = 100;

/** The statements a publish adds to its transaction: its pages published and deleted, and the build. */
export function publishEventStatements(
  db: Database,
  input: {
    build: { id: number; title: string; commitSha: string; publishedBy: string | null; revertOf: number | null };
    pages: {
      published: { address: string; file: string; previousAddress?: string }[];
      deleted: { address: string; file: string }[];
    };
  },
): BatchItem<'sqlite'>[] {
  const { build, pages } = input;
  const statements: BatchItem<'sqlite'>[] = [];
  const base = { buildId: build.id, commitSha: build.commitSha };
  // A statement of at most EVENTS_PER_STATEMENT events stays far below D1's 100 KB per statement.
  for (const [event, list] of [
    ['page.published', pages.published],
    ['page.deleted', pages.deleted],
  ] as const)
    for (let at = 0; at < list.length; at += EVENTS_PER_STATEMENT)
      statements.push(
        queueEventsStatement(
          db,
          event,
          list.slice(at, at + EVENTS_PER_STATEMENT).map((page) => ({ data: { ...page, ...base } })),
        ),
      );
  statements.push(
    queueEventsStatement(db, 'build.published', [
      {
        data: {
          ...base,
          title: build.title,
          publishedBy: build.publishedBy,
          revertOf: build.revertOf,
          pages: pages.published.length,
          deletedPages: pages.deleted.length,
        },
      },
    ]),
  );
  return statements;
}

/** "Send test event": a `ping` for one endpoint, delivered like any event. */
export async function queueTestEvent(db: Database, webhookId: number) {
  await requireEndpoint(db, webhookId);
  await queueEventsStatement(db, 'ping', [{ data: { message: 'A test event from Daftar.' } }], { webhookId });
}

// ---- delivering -------------------------------------------------------------------------------

/** When a failed attempt number `attempts` (1-based) is tried again, or undefined once it was the last. */
export function nextAttemptAfter(attempts: number, now: number): Date | undefined {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return attempts < MAX_ATTEMPTS && delay !== undefined ? new Date(now + delay) : undefined;
}

/** Deliveries a dead worker left `sending` go back to the queue (the receiver may see one twice). */
export async function releaseStuckDeliveries(db: Database, { leaseMs = DELIVERY_LEASE_MS, now = Date.now() } = {}) {
  const rows = await db
    .update(outgoingWebhookDeliveries)
    .set({ status: 'pending', claimedAt: null, nextAttemptAt: new Date(now) })
    .where(and(eq(outgoingWebhookDeliveries.status, 'sending'), claimLapsed(outgoingWebhookDeliveries.claimedAt, leaseMs, now)))
    .returning({ id: outgoingWebhookDeliveries.id });
  return rows.length;
}

async function attempt(deps: WebhookDeps, row: OutgoingWebhookDelivery, now: () => number) {
  const hook = await deps.db.select().from(outgoingWebhooks).where(eq(outgoingWebhooks.id, row.webhookId)).get();
  const started = now();
  if (!hook) return; // deleted with its rows meanwhile
  if (!hook.enabled) {
    // Turned off after the event was queued (or while it waited for a retry): not sent.
    await deps.db
      .update(outgoingWebhookDeliveries)
      .set({ status: 'failed', lastError: 'the endpoint is turned off', claimedAt: null })
      .where(eq(outgoingWebhookDeliveries.id, row.id));
    return false;
  }
  const body = JSON.stringify({
    id: row.eventId,
    event: row.event,
    createdAt: row.createdAt.toISOString(),
    data: JSON.parse(row.data),
  });
  const timestamp = Math.floor(started / 1000);
  let status: number | null = null;
  let snippet: string | null = null;
  let error: string | null = null;
  try {
    const answer = await transportOf(deps).send({
      url: hook.url,
      body,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Daftar-Webhooks/1',
        [EVENT_HEADER]: row.event,
        [DELIVERY_HEADER]: row.eventId,
        [SIGNATURE_HEADER]: await signDelivery(hook.secret, body, timestamp),
      },
    });
    status = answer.status;
    snippet = answer.snippet.slice(0, SNIPPET_CHARS);
    if (status >= 300 && status < 400) error = 'redirect not followed';
    else if (status < 200 || status >= 300) error = `HTTP ${status}`;
  } catch (caught) {
    const name = caught instanceof Error ? caught.name : '';
    error =
      caught instanceof UnsafeAddressError
        ? 'refused: the address is private'
        : name === 'TimeoutError' || name === 'AbortError'
          ? `timed out after ${DELIVERY_TIMEOUT_MS / 1000} s`
          : (caught instanceof Error ? caught.message : String(caught)).slice(0, 200);
  }
  const at = now();
  const attempts = row.attempts + 1;
  const retryAt = error ? nextAttemptAfter(attempts, at) : undefined;
  await deps.db
    .update(outgoingWebhookDeliveries)
    .set({
      status: !error ? 'delivered' : retryAt ? 'pending' : 'failed',
      attempts,
      lastStatus: status,
      lastError: error,
      responseSnippet: snippet,
      durationMs: at - started,
      lastAttemptAt: new Date(at),
      claimedAt: null,
      ...(retryAt ? { nextAttemptAt: retryAt } : {}),
    })
    .where(and(eq(outgoingWebhookDeliveries.id, row.id), eq(outgoingWebhookDeliveries.status, 'sending')));
  return !error;
}

/**
 * Sends the deliveries that are due, one claimed at a time (`pending` → `sending` in one
 * statement, so two processes never send the same row at once), until none is due, `limit` were
 * tried, `budgetMs` passed or the process stops.
 */
export async function deliverDueWebhooks(
  deps: WebhookDeps,
  {
    limit = Number.POSITIVE_INFINITY,
    budgetMs = Number.POSITIVE_INFINITY,
    now = () => Date.now(),
    signal,
  }: { limit?: number; budgetMs?: number; now?: () => number; signal?: AbortSignal } = {},
): Promise<{ delivered: number; failed: number }> {
  const { db } = deps;
  const result = { delivered: 0, failed: 0 };
  const started = now();
  while (result.delivered + result.failed < limit && now() - started < budgetMs && !signal?.aborted) {
    const due = new Date(now());
    const claimed = await db
      .update(outgoingWebhookDeliveries)
      .set({ status: 'sending', claimedAt: due })
      .where(
        and(
          eq(outgoingWebhookDeliveries.status, 'pending'),
          eq(
            outgoingWebhookDeliveries.id,
            sql`(${db
              .select({ id: outgoingWebhookDeliveries.id })
              .from(outgoingWebhookDeliveries)
              .where(and(eq(outgoingWebhookDeliveries.status, 'pending'), lte(outgoingWebhookDeliveries.nextAttemptAt, due)))
              .orderBy(outgoingWebhookDeliveries.nextAttemptAt, outgoingWebhookDeliveries.id)
              .limit(1)})`,
          ),
        ),
      )
      .returning()
      .get();
    if (!claimed) break;
    const ok = await attempt(deps, claimed, now);
    if (ok) result.delivered++;
    else result.failed++;
  }
  return result;
}

/** How long a finished delivery stays in its endpoint's log. */
export const DELIVERY_LOG_DAYS = 30;

/** Finished deliveries older than DELIVERY_LOG_DAYS leave the log (the `expired-rows` job). */
export async function purgeOldDeliveries(db: Database, now = Date.now()) {
  const rows = await db
    .delete(outgoingWebhookDeliveries)
    .where(
      and(
        inArray(outgoingWebhookDeliveries.status, ['delivered', 'failed']),
        lt(outgoingWebhookDeliveries.createdAt, new Date(now - DELIVERY_LOG_DAYS * 86_400_000)),
      ),
    )
    .returning({ id: outgoingWebhookDeliveries.id });
  return rows.length;
}

/** The background job (server/jobs): stuck rows back to the queue, then what is due. */
export async function runOutgoingWebhooks(deps: WebhookDeps, options: { budgetMs?: number; signal?: AbortSignal } = {}) {
  await releaseStuckDeliveries(deps.db);
  return deliverDueWebhooks(deps, options);
}

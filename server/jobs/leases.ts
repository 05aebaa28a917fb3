import { and, count, eq, like, ne, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { leases } from '../db/schema';

/*
 * Leases (the `leases` table): at most one holder of a name at a time, until it expires. A holder
 * is one server process or one Workers invocation (a random id); a holder that dies simply stops
 * renewing, and its lease lapses. Nothing here trusts a clock of another process beyond the
 * expiry times written to the database.
 *
 * The wall clock may step (an NTP correction, a host whose clock ran ahead, a virtual machine
 * resumed): a lease written before the clock stepped back an hour would otherwise hold for that
 * hour more, and keep every process off its job (review 2026-12-07 scale-out F-7). So a lease, or
 * any claim written with a time (a publish, a mail or a webhook delivery being sent), whose time
 * lies more than its own length in the future is not believed: it lapses as if its time were up.
 * After any step back a claim therefore holds at most twice its length; clocks of hosts that
 * differ by less than a length never take each other's claims.
 */

/**
 * Whether a claim taken at `column` (ms, or a `timestamp_ms` column) for `lengthMs` has lapsed at
 * `now`: its time is up, or it was taken more than a length in the future (the clock stepped back).
 */
export function claimLapsed(column: SQLWrapper, lengthMs: number, now: number): SQL {
  return or(sql`${column} <= ${now - lengthMs}`, sql`${column} > ${now + lengthMs}`) as SQL;
}

/** The same rule over an expiry (`taken + lengthMs`) instead of the time taken. */
export function expiryLapsed(column: SQLWrapper, lengthMs: number, now: number): SQL {
  return or(sql`${column} <= ${now}`, sql`${column} > ${now + 2 * lengthMs}`) as SQL;
}

/** The expiry rule for an expiry read into memory (ms). */
export const expiryTimeLapsed = (expiresAt: number, lengthMs: number, now: number) =>
  expiresAt <= now || expiresAt > now + 2 * lengthMs;

/** The rule for a claim read into memory (`takenAt` in ms). */
export const claimTimeLapsed = (takenAt: number, lengthMs: number, now: number) =>
  takenAt <= now - lengthMs || takenAt > now + lengthMs;

/**
 * Takes or renews `name` for `holder` until `now + ttlMs`: one conditional upsert, so of N
 * processes asking at once exactly one gets a free (or lapsed) lease. True when `holder` holds it.
 * Every holder of a name asks for the same `ttlMs` (a job's period, the heartbeat's TTL).
 */
export async function takeLease(db: Database, name: string, holder: string, ttlMs: number, now = Date.now()) {
  const taken = await db
    .insert(leases)
    .values({ name, holder, expiresAt: now + ttlMs })
    .onConflictDoUpdate({
      target: leases.name,
      set: { holder, expiresAt: now + ttlMs },
      setWhere: or(expiryLapsed(leases.expiresAt, ttlMs, now), eq(leases.holder, holder)),
    })
    .returning({ holder: leases.holder });
  return taken[0]?.holder === holder;
}

/** Gives `name` back, if `holder` still holds it. */
export async function releaseLease(db: Database, name: string, holder: string) {
  await db.delete(leases).where(and(eq(leases.name, name), eq(leases.holder, holder)));
}

/** Gives back every lease `holder` holds (a clean stop). */
export async function releaseAllLeases(db: Database, holder: string) {
  await db.delete(leases).where(eq(leases.holder, holder));
}

/**
 * Drops leases that expired (a dead process's heartbeat and jobs), and heartbeats that lapsed by
 * lying in the future (the others are taken over under their own name when next asked for).
 */
export async function purgeExpiredLeases(db: Database, now = Date.now(), heartbeatTtlMs = HEARTBEAT_TTL_MS) {
  const gone = await db
    .delete(leases)
    .where(
      or(
        sql`${leases.expiresAt} <= ${now}`,
        and(like(leases.name, 'process:%'), expiryLapsed(leases.expiresAt, heartbeatTtlMs, now)),
      ),
    )
    .returning({ name: leases.name });
  return gone.length;
}

/** How often a Node process says it is alive, and how long that holds without a renewal. */
export const HEARTBEAT_EVERY_MS = 15_000;
export const HEARTBEAT_TTL_MS = 60_000;

/** A running server process says it is alive: `process:<holder>`, renewed by its job runner. */
export const heartbeatName = (holder: string) => `process:${holder}`;

/**
 * Whether a server process other than `holder` is alive (its heartbeat has not lapsed). When none
 * is, work left `publishing` or `sending` in the database belongs to no one and can be taken up at
 * once; otherwise it may be another process's, and only its own lease's expiry frees it.
 */
export async function otherProcessAlive(
  db: Database,
  holder: string,
  now = Date.now(),
  heartbeatTtlMs = HEARTBEAT_TTL_MS,
): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(leases)
    .where(
      and(
        like(leases.name, 'process:%'),
        ne(leases.name, heartbeatName(holder)),
        sql`not (${expiryLapsed(leases.expiresAt, heartbeatTtlMs, now)})`,
      ),
    );
  return (row?.n ?? 0) > 0;
}

import { and, count, eq, gt, like, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { leases } from '../db/schema';

/*
 * Leases (the `leases` table): at most one holder of a name at a time, until it expires. A holder
 * is one server process or one Workers invocation (a random id); a holder that dies simply stops
 * renewing, and its lease lapses. Nothing here trusts a clock of another process beyond the
 * expiry times written to the database.
 */

/**
 * Takes or renews `name` for `holder` until `now + ttlMs`: one conditional upsert, so of N
 * processes asking at once exactly one gets a free (or expired) lease. True when `holder` holds it.
 */
export async function takeLease(db: Database, name: string, holder: string, ttlMs: number, now = Date.now()) {
  const taken = await db
    .insert(leases)
    .values({ name, holder, expiresAt: now + ttlMs })
    .onConflictDoUpdate({
      target: leases.name,
      set: { holder, expiresAt: now + ttlMs },
      setWhere: sql`${leases.expiresAt} <= ${now} OR ${leases.holder} = ${holder}`,
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

/** Drops leases that expired (a dead process's heartbeat and jobs). */
export async function purgeExpiredLeases(db: Database, now = Date.now()) {
  const gone = await db.delete(leases).where(lte(leases.expiresAt, now)).returning({ name: leases.name });
  return gone.length;
}

/** A running server process says it is alive: `process:<holder>`, renewed by its job runner. */
export const heartbeatName = (holder: string) => `process:${holder}`;

/**
 * Whether a server process other than `holder` is alive (its heartbeat has not lapsed). When none
 * is, work left `publishing` or `sending` in the database belongs to no one and can be taken up at
 * once; otherwise it may be another process's, and only its own lease's expiry frees it.
 */
export async function otherProcessAlive(db: Database, holder: string, now = Date.now()): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(leases)
    .where(and(like(leases.name, 'process:%'), ne(leases.name, heartbeatName(holder)), gt(leases.expiresAt, now)));
  return (row?.n ?? 0) > 0;
}

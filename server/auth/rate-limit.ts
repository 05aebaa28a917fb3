/**
 * Sign-in and registration throttles (docs/security.md). Events are counted per key in a sliding
 * window, in memory: per process on node, per isolate on Workers.
 *
 * Sign-in refuses (429) per (address, user name) pair and per address, never per name alone, so
 * nobody can lock an account from their own addresses. Failures for a name from everywhere only
 * slow that name's sign-ins down, and not at all from an address that has no failures.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures for one user name from one address before that pair is refused. */
export const PAIR_FAILURE_LIMIT = 5;
/** Failures from one address (any names) before the address is refused; it may be shared, so more room. */
export const IP_FAILURE_LIMIT = 20;
/** Failures for one user name (any address) before its sign-ins are slowed down. */
export const NAME_SLOWDOWN_AFTER = 5;
/** The first delay; it doubles with each further failure for the name, up to the maximum. */
export const NAME_DELAY_BASE_MS = 250;
export const NAME_DELAY_MAX_MS = 8_000;

export const REGISTER_WINDOW_MS = 60 * 60 * 1000;
/** Registration attempts (any outcome) from one address per window. */
export const REGISTER_IP_LIMIT = 10;

/** At most this many keys are kept; past it expired keys are swept, then the oldest dropped. */
export const MAX_TRACKED_KEYS = 50_000;

type Clock = { now?: () => number };

/** Counts events per key within a sliding window. */
export function createWindowCounter({
  windowMs,
  now = () => Date.now(),
  maxKeys = MAX_TRACKED_KEYS,
}: Clock & { windowMs: number; maxKeys?: number }) {
  const events = new Map<string, number[]>();
  const recent = (key: string) => {
    const list = (events.get(key) ?? []).filter((time) => now() - time < windowMs);
    if (list.length) events.set(key, list);
    else events.delete(key);
    return list;
  };
  const sweep = () => {
    for (const key of [...events.keys()]) recent(key);
    // Still too many live keys (a flood of distinct names or addresses): forget the oldest.
    for (const key of events.keys()) {
      if (events.size <= maxKeys) break;
      events.delete(key);
    }
  };
  return {
    count: (key: string) => recent(key).length,
    /** Milliseconds until the key is below `limit` again, or 0 when it is now. */
    retryAfter(key: string, limit: number): number {
      const list = recent(key);
      if (list.length < limit) return 0;
      return (list[list.length - limit] ?? 0) + windowMs - now();
    },
    add(key: string) {
      const list = recent(key);
      events.delete(key); // re-inserted last: Map order is then oldest activity first
      events.set(key, [...list, now()]);
      if (events.size > maxKeys) sweep();
    },
    reset(key: string) {
      events.delete(key);
    },
    size: () => events.size,
  };
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The sign-in throttle: one per app (server/http/accounts.ts). */
export function createLoginThrottle({
  now = () => Date.now(),
  sleep = sleepFor,
  maxKeys,
}: Clock & { sleep?: (ms: number) => Promise<void>; maxKeys?: number } = {}) {
  const failures = createWindowCounter({ windowMs: LOGIN_WINDOW_MS, now, maxKeys });
  const keys = (ip: string, userName: string) => {
    const name = userName.trim().toLowerCase();
    return { ip: `ip:${ip}`, pair: `pair:${ip}\n${name}`, name: `name:${name}` };
  };
  const throttle = {
    /** Milliseconds until this address may try this name again (0 = now): per pair and per address. */
    retryAfter(ip: string, userName: string): number {
      const key = keys(ip, userName);
      return Math.max(failures.retryAfter(key.pair, PAIR_FAILURE_LIMIT), failures.retryAfter(key.ip, IP_FAILURE_LIMIT));
    },
    /**
     * The pause before this attempt's password is checked: none for an address without failures,
     * otherwise growing with the name's failures from every address.
     */
    delay(ip: string, userName: string): number {
      const key = keys(ip, userName);
      if (failures.count(key.ip) === 0) return 0;
      const count = failures.count(key.name);
      if (count < NAME_SLOWDOWN_AFTER) return 0;
      return Math.min(NAME_DELAY_BASE_MS * 2 ** (count - NAME_SLOWDOWN_AFTER), NAME_DELAY_MAX_MS);
    },
    async slowDown(ip: string, userName: string) {
      const ms = throttle.delay(ip, userName);
      if (ms > 0) await sleep(ms);
    },
    fail(ip: string, userName: string) {
      const key = keys(ip, userName);
      for (const k of [key.ip, key.pair, key.name]) failures.add(k);
    },
    /** A correct password clears its pair; the address and name counts stand until they expire. */
    succeed(ip: string, userName: string) {
      failures.reset(keys(ip, userName).pair);
    },
    trackedKeys: failures.size,
  };
  return throttle;
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/** The registration throttle: every attempt from an address counts, whatever its outcome. */
export function createRegistrationThrottle({ now = () => Date.now(), maxKeys }: Clock & { maxKeys?: number } = {}) {
  const attempts = createWindowCounter({ windowMs: REGISTER_WINDOW_MS, now, maxKeys });
  return {
    /** Records an attempt and answers 0, or, past the limit, the milliseconds to wait (not recorded). */
    attempt(ip: string): number {
      const wait = attempts.retryAfter(`ip:${ip}`, REGISTER_IP_LIMIT);
      if (wait === 0) attempts.add(`ip:${ip}`);
      return wait;
    },
  };
}
export type RegistrationThrottle = ReturnType<typeof createRegistrationThrottle>;

export const COMMENT_WINDOW_MS = 10 * 60 * 1000;
/** Comments one user may post per window. */
export const COMMENT_USER_LIMIT = 10;
/** Comments from one address (any users; it may be shared) per window. */
export const COMMENT_IP_LIMIT = 30;

/** The comment throttle: every accepted comment counts for its author and its address. */
export function createCommentThrottle({ now = () => Date.now(), maxKeys }: Clock & { maxKeys?: number } = {}) {
  const posts = createWindowCounter({ windowMs: COMMENT_WINDOW_MS, now, maxKeys });
  return {
    /** Milliseconds until this user may post from this address again (0 = now). */
    retryAfter(userId: string, ip: string): number {
      return Math.max(posts.retryAfter(`user:${userId}`, COMMENT_USER_LIMIT), posts.retryAfter(`ip:${ip}`, COMMENT_IP_LIMIT));
    },
    record(userId: string, ip: string) {
      posts.add(`user:${userId}`);
      posts.add(`ip:${ip}`);
    },
  };
}
export type CommentThrottle = ReturnType<typeof createCommentThrottle>;

/**
 * Counts failures per key (`ip:…`, `user:…`) in a sliding window; once a key reaches its
 * limit it is refused until its oldest failure leaves the window. In memory: per process on
 * node, per isolate on Workers.
 */
export const LOGIN_FAILURE_LIMIT = 5;
/** An address may be shared (office, proxy), so it gets more room than one user name. */
export const IP_FAILURE_LIMIT = 20;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export function createRateLimiter({ windowMs = LOGIN_WINDOW_MS, now = () => Date.now() } = {}) {
  const limitFor = (key: string) => (key.startsWith('ip:') ? IP_FAILURE_LIMIT : LOGIN_FAILURE_LIMIT);
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const list = (failures.get(key) ?? []).filter((time) => now() - time < windowMs);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };
  return {
    /** Milliseconds until the key may try again, or 0 when it may now. */
    retryAfter(keys: string[]): number {
      let wait = 0;
      for (const key of keys) {
        const list = recent(key);
        if (list.length >= limitFor(key)) wait = Math.max(wait, (list[0] ?? 0) + windowMs - now());
      }
      return wait;
    },
    fail(keys: string[]) {
      for (const key of keys) failures.set(key, [...recent(key), now()]);
    },
    reset(key: string) {
      failures.delete(key);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

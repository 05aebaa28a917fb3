/**
 * Counts failures per key (an IP, a user name) in a sliding window; once a key reaches the
 * limit it is refused until its oldest failure leaves the window. In memory: per process on
 * node, per isolate on Workers.
 */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export function createRateLimiter({ limit = LOGIN_FAILURE_LIMIT, windowMs = LOGIN_WINDOW_MS, now = () => Date.now() } = {}) {
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
        if (list.length >= limit) wait = Math.max(wait, (list[0] ?? 0) + windowMs - now());
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

import { inArray, lte, sql } from 'drizzle-orm';
import type { MessageKey } from '../../common/messages';
import { userNameKey } from '../../common/user-name';
import type { Database } from '../db/database';
import { rateLimits } from '../db/schema';
import { AppError } from '../errors';

/**
 * Abuse limits (docs/security.md), kept in the database (`rate_limits`) so every server process
 * and every Workers isolate of a site counts against one limit. Each key counts events in a
 * fixed window that starts with its first event; one statement checks and counts, so two
 * processes racing cannot both slip under a limit. Only requests that can be abused touch the
 * table: a cached page never does.
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

export const COMMENT_WINDOW_MS = 10 * 60 * 1000;
/** Comments one user may post per window. */
export const COMMENT_USER_LIMIT = 10;
/** Comments from one address (any users; it may be shared) per window. */
export const COMMENT_IP_LIMIT = 30;

/** Subscription requests per client address, and per email address, in an hour. */
export const SUBSCRIBE_WINDOW_MS = 60 * 60 * 1000;
export const SUBSCRIBE_IP_LIMIT = 10;
export const SUBSCRIBE_EMAIL_LIMIT = 3;

/** Searches from one address per minute (a worst-case query costs about 7 ms of CPU; F-30). */
export const SEARCH_WINDOW_MS = 60 * 1000;
export const SEARCH_IP_LIMIT = 120;

/**
 * Forgot-password requests (issue 27): per client address, and per account (any address; for a
 * name or address that is no account, per what was typed, so both cost the same). Past the
 * address's limit the answer is 429; past the account's, the usual 202 and no mail.
 */
export const FORGOT_WINDOW_MS = 60 * 60 * 1000;
export const FORGOT_IP_LIMIT = 10;
export const FORGOT_ACCOUNT_LIMIT = 3;

/** Confirmation mails one account may have sent (a new address, or the link again) per window. */
export const EMAIL_CONFIRM_SEND_LIMIT = 5;

/** Wrong tokens (setup token, confirmation and reset links, passkey proofs) from one address per window. */
export const TOKEN_WINDOW_MS = 15 * 60 * 1000;
export const TOKEN_GUESS_LIMIT = 10;

/**
 * Password-less passkey options per address (F-49): each stores a challenge row for 5 minutes, and
 * a sign-in needs one or two. Past it, 429.
 */
export const PASSKEY_OPTIONS_WINDOW_MS = 15 * 60 * 1000;
export const PASSKEY_OPTIONS_IP_LIMIT = 30;

/** One limit: at most `limit` events for `key` within a window of `windowMs`. */
export type LimitRule = { key: string; limit: number; windowMs: number };

type Clock = { now?: () => number };

/** The counters, over the site's database. Cheap to make: it holds nothing but the database. */
export function createLimits(db: Database, { now = () => Date.now() }: Clock = {}) {
  /** One atomic statement: counts an event for `key` (a new window when the last one ended). */
  const count = (key: string, windowMs: number, at: number, by = 1) =>
    db
      .insert(rateLimits)
      .values({ key, count: by, resetAt: at + windowMs })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.resetAt} <= ${at} THEN ${by} ELSE ${rateLimits.count} + ${by} END`,
          resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${at} THEN ${at + windowMs} ELSE ${rateLimits.resetAt} END`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });

  const limits = {
    /**
     * Counts one event under every rule, unless that takes any key over its limit: then nothing is
     * counted and the answer is how long until it would fit (ms). `counts`: each key's count,
     * this event included.
     */
    async take(rules: LimitRule[]): Promise<{ wait: number; counts: number[] }> {
      const at = now();
      const [first, ...rest] = rules.map((rule) => count(rule.key, rule.windowMs, at));
      if (!first) return { wait: 0, counts: [] };
      const rows = (await db.batch([first, ...rest])).map((result) => result[0] ?? { count: 0, resetAt: at });
      const over = rows.flatMap((row, i) => (row.count > (rules[i]?.limit ?? 0) ? [row.resetAt - at] : []));
      if (!over.length) return { wait: 0, counts: rows.map((row) => row.count) };
      await limits.refund(rules.map((rule) => rule.key));
      return { wait: Math.max(1, ...over), counts: rows.map((row) => row.count - 1) };
    },
    /** Counts one event under each rule whatever the limit (a failure that happened). */
    async add(rules: Omit<LimitRule, 'limit'>[]) {
      const at = now();
      const [first, ...rest] = rules.map((rule) => count(rule.key, rule.windowMs, at));
      if (first) await db.batch([first, ...rest]);
    },
    /** Takes back one event of each key (one that was counted but did not happen). */
    async refund(keys: string[]) {
      if (!keys.length) return;
      await db
        .update(rateLimits)
        .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
        .where(inArray(rateLimits.key, keys));
    },
    /** Each key's live count (0 once its window ended) and the milliseconds until its window ends. */
    async read(keys: string[]): Promise<{ count: number; wait: number }[]> {
      if (!keys.length) return [];
      const at = now();
      const rows = await db.select().from(rateLimits).where(inArray(rateLimits.key, keys));
      return keys.map((key) => {
        const row = rows.find((r) => r.key === key);
        return row && row.resetAt > at ? { count: row.count, wait: row.resetAt - at } : { count: 0, wait: 0 };
      });
    },
    /** Clears `clear` and takes one event back from `refund`, in one transaction. */
    async forgive({ clear, refund }: { clear: string[]; refund: string[] }) {
      await db.batch([
        db.delete(rateLimits).where(inArray(rateLimits.key, clear)),
        db
          .update(rateLimits)
          .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
          .where(inArray(rateLimits.key, refund)),
      ]);
    },
    /** Drops counters whose window ended (a background job, server/jobs). */
    async purgeExpired(): Promise<number> {
      const gone = await db.delete(rateLimits).where(lte(rateLimits.resetAt, now())).returning({ key: rateLimits.key });
      return gone.length;
    },
  };
  return limits;
}
export type Limits = ReturnType<typeof createLimits>;

/**
 * The address a per-address limit counts (F-57). An IPv6 client is usually given a whole /64
 * (2⁶⁴ addresses): counted one address at a time, it could never run out of tries. So every
 * IPv6 address counts as its /64; an IPv4 address (also one written as `::ffff:a.b.c.d`) counts
 * as itself. Anything that is not an address is counted as the text it is.
 */
export function limitAddress(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  const mappedV4 = mapped?.[1];
  if (mappedV4?.split('.').every((byte) => Number(byte) <= 255)) return mappedV4;
  if (!address.includes(':') || address.length > 45) return address;
  const halves = address.split('::');
  if (halves.length > 2) return address;
  const groupsOf = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  // A dotted IPv4 tail (`64:ff9b::192.0.2.1`) is two groups.
  const last = tail.length ? tail : head;
  const dotted = last.at(-1)?.includes('.') ? last.pop() : undefined;
  if (dotted) {
    const bytes = dotted.split('.').map(Number);
    if (bytes.length !== 4 || bytes.some((byte) => !(byte >= 0 && byte <= 255))) return address;
    last.push(((bytes[0]! << 8) | bytes[1]!).toString(16), ((bytes[2]! << 8) | bytes[3]!).toString(16));
  }
  const missing = 8 - head.length - tail.length;
  const groups = halves.length === 2 ? [...head, ...Array(Math.max(missing, 0)).fill('0'), ...tail] : head;
  if (groups.length !== 8 || (halves.length === 2 && missing < 1) || groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group)))
    return address;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The sign-in throttle (server/services/accounts.ts). */
export function createLoginThrottle(limits: Limits, { sleep = sleepFor }: { sleep?: (ms: number) => Promise<void> } = {}) {
  const keys = (ip: string, userName: string) => {
    // Every spelling that signs in to one account counts as that account (ي/ی, ك/ک, case, digits).
    const name = userNameKey(userName);
    const address = limitAddress(ip);
    return { ip: `login-ip:${address}`, pair: `login-pair:${address}\n${name}`, name: `login-name:${name}` };
  };
  return {
    /**
     * Counts this attempt for its pair and address before the password is checked (so parallel
     * guesses from many processes cannot pass the limit together) and pauses it while the name
     * has many failures. Answers 0, or past a limit the milliseconds to wait (nothing counted).
     */
    async attempt(ip: string, userName: string): Promise<number> {
      const key = keys(ip, userName);
      const taken = await limits.take([
        { key: key.pair, limit: PAIR_FAILURE_LIMIT, windowMs: LOGIN_WINDOW_MS },
        { key: key.ip, limit: IP_FAILURE_LIMIT, windowMs: LOGIN_WINDOW_MS },
      ]);
      if (taken.wait) return taken.wait;
      // No pause for an address without failures of its own (its count is this attempt alone).
      if ((taken.counts[1] ?? 0) > 1) {
        const [name] = await limits.read([key.name]);
        const ms = nameDelay(name?.count ?? 0);
        if (ms > 0) await sleep(ms);
      }
      return 0;
    },
    /** A wrong password: the attempt stays counted, and the name's failures grow. */
    async fail(ip: string, userName: string) {
      await limits.add([{ key: keys(ip, userName).name, windowMs: LOGIN_WINDOW_MS }]);
    },
    /** A correct password clears its pair and gives the address its attempt back; the name's count stands. */
    async succeed(ip: string, userName: string) {
      const key = keys(ip, userName);
      await limits.forgive({ clear: [key.pair], refund: [key.ip] });
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/** The pause before a password is checked, growing with the name's failures from every address. */
export function nameDelay(nameFailures: number): number {
  if (nameFailures < NAME_SLOWDOWN_AFTER) return 0;
  return Math.min(NAME_DELAY_BASE_MS * 2 ** (nameFailures - NAME_SLOWDOWN_AFTER), NAME_DELAY_MAX_MS);
}

/** Every registration attempt from an address counts, whatever its outcome. Answers 0 or the wait (ms). */
export async function takeRegistration(limits: Limits, ip: string): Promise<number> {
  return (await limits.take([{ key: `register-ip:${limitAddress(ip)}`, limit: REGISTER_IP_LIMIT, windowMs: REGISTER_WINDOW_MS }]))
    .wait;
}

/** The comment limits: an accepted comment counts for its author and its address. */
export function commentRules(userId: string, ip: string): LimitRule[] {
  return [
    { key: `comment-user:${userId}`, limit: COMMENT_USER_LIMIT, windowMs: COMMENT_WINDOW_MS },
    { key: `comment-ip:${limitAddress(ip)}`, limit: COMMENT_IP_LIMIT, windowMs: COMMENT_WINDOW_MS },
  ];
}

/** Newsletter subscription requests: per client address and per email address. */
export function subscribeRules(ip: string, email: string): LimitRule[] {
  return [
    { key: `subscribe-ip:${limitAddress(ip)}`, limit: SUBSCRIBE_IP_LIMIT, windowMs: SUBSCRIBE_WINDOW_MS },
    { key: `subscribe-email:${email.trim().toLowerCase()}`, limit: SUBSCRIBE_EMAIL_LIMIT, windowMs: SUBSCRIBE_WINDOW_MS },
  ];
}

/** Confirmation mails for one account (PUT /api/profile/email, its resend, the users screen). Answers 0 or the wait (ms). */
export async function takeEmailConfirmSend(limits: Limits, userId: string): Promise<number> {
  return (await limits.take([{ key: `email-send:${userId}`, limit: EMAIL_CONFIRM_SEND_LIMIT, windowMs: FORGOT_WINDOW_MS }])).wait;
}

/** Password-less passkey options from one address (each stores a challenge). */
export function passkeyOptionsRule(ip: string): LimitRule {
  return { key: `passkey-options:${limitAddress(ip)}`, limit: PASSKEY_OPTIONS_IP_LIMIT, windowMs: PASSKEY_OPTIONS_WINDOW_MS };
}

/**
 * Wrong API keys from one address (issue 42; server/auth/api-keys.ts): refused (429) like sign-ins
 * from an address once it has had `IP_FAILURE_LIMIT` in `LOGIN_WINDOW_MS`. The count is read in the
 * statement batch that looks the key up, and only a wrong key adds to it, so a right key costs no write.
 */
export function apiKeyFailureRule(ip: string): LimitRule {
  return { key: `api-key-ip:${limitAddress(ip)}`, limit: IP_FAILURE_LIMIT, windowMs: LOGIN_WINDOW_MS };
}

/** Searches from one address. Answers 0 or the wait (ms). */
export async function takeSearch(limits: Limits, ip: string): Promise<number> {
  return (await limits.take([{ key: `search-ip:${limitAddress(ip)}`, limit: SEARCH_IP_LIMIT, windowMs: SEARCH_WINDOW_MS }])).wait;
}

/**
 * Wrong guesses of a secret token (`what`: `setup`, `newsletter-confirm`, `email-confirm`,
 * `password-reset`, `passkey`) from one address. The tokens' entropy is the real defence; counting
 * the tries keeps anyone from spending the server on them. Like sign-in, a try is counted before
 * the token is checked, in the statement that checks the limit (F-44: reading the count first and
 * counting a miss afterwards let 40 parallel guesses all be judged), and given back when the token
 * was right or the try failed for another reason.
 */
export function tokenGuesses(limits: Limits, what: string) {
  const rule = (ip: string) => ({
    key: `token-${what}:${limitAddress(ip)}`,
    limit: TOKEN_GUESS_LIMIT,
    windowMs: TOKEN_WINDOW_MS,
  });
  const guesses = {
    /** Counts a try; answers 0, or the wait (ms) when the address has no tries left (nothing counted). */
    async take(ip: string): Promise<number> {
      return (await limits.take([rule(ip)])).wait;
    },
    /** Gives a counted try back (the token was right, or the try was refused for another reason). */
    async giveBack(ip: string) {
      await limits.refund([rule(ip).key]);
    },
    /**
     * Runs `check` as one counted try: 429 when the address has none left; the try stays counted
     * only when `check` throws an error `isWrong` calls a wrong token.
     */
    async judge<T>(ip: string, check: () => Promise<T>, isWrong: (error: unknown) => boolean): Promise<T> {
      const wait = await guesses.take(ip);
      if (wait > 0) throw tooManyAttempts(wait);
      let result: T;
      try {
        result = await check();
      } catch (error) {
        if (!isWrong(error)) await guesses.giveBack(ip);
        throw error;
      }
      await guesses.giveBack(ip);
      return result;
    },
  };
  return guesses;
}

/** Whether an error is the AppError of one message (a wrong token's, for `tokenGuesses().judge`). */
export const isAppError = (messageKey: MessageKey) => (error: unknown) =>
  error instanceof AppError && error.messageKey === messageKey;

/** The 429 every limit answers with: how long to wait, in seconds (data) and minutes (message). */
export function tooManyAttempts(wait: number, messageKey: MessageKey = 'api.tooManyAttempts') {
  return new AppError(429, messageKey, { retryAfterSeconds: Math.ceil(wait / 1000) }, { minutes: Math.ceil(wait / 60000) });
}

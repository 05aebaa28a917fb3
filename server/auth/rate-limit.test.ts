import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/database';
import {
  COMMENT_IP_LIMIT,
  COMMENT_USER_LIMIT,
  COMMENT_WINDOW_MS,
  commentRules,
  createLimits,
  createLoginThrottle,
  IP_FAILURE_LIMIT,
  LOGIN_WINDOW_MS,
  limitAddress,
  NAME_DELAY_BASE_MS,
  NAME_DELAY_MAX_MS,
  NAME_SLOWDOWN_AFTER,
  nameDelay,
  PAIR_FAILURE_LIMIT,
  REGISTER_IP_LIMIT,
  REGISTER_WINDOW_MS,
  TOKEN_GUESS_LIMIT,
  TOKEN_WINDOW_MS,
  takeRegistration,
  tokenGuesses,
} from './rate-limit';

/** Limits over a real migrated database, on a clock the test moves. */
async function limitsAt(start = 1_000_000) {
  const { db } = await createTestDatabase();
  const clock = { time: start };
  return { db, clock, limits: createLimits(db, { now: () => clock.time }) };
}

/** A login attempt that fails its password, as server/services/accounts.ts makes it. */
async function failLogin(throttle: ReturnType<typeof createLoginThrottle>, ip: string, name: string) {
  const wait = await throttle.attempt(ip, name);
  if (!wait) await throttle.fail(ip, name);
  return wait;
}

describe('database counters', () => {
  it('counts in a fixed window, refuses past the limit without counting, and starts again when it ends', async () => {
    const { clock, limits } = await limitsAt();
    const rule = { key: 'k', limit: 2, windowMs: 1000 };
    expect(await limits.take([rule])).toEqual({ wait: 0, counts: [1] });
    clock.time += 400;
    expect(await limits.take([rule])).toEqual({ wait: 0, counts: [2] });
    expect((await limits.take([rule])).wait).toBe(600);
    expect(await limits.read(['k'])).toEqual([{ count: 2, wait: 600 }]);
    clock.time += 600;
    expect(await limits.read(['k'])).toEqual([{ count: 0, wait: 0 }]);
    expect(await limits.take([rule])).toEqual({ wait: 0, counts: [1] });
  });

  it('refuses the whole event when one key is over, counting none of them', async () => {
    const { limits } = await limitsAt();
    await limits.take([{ key: 'ip', limit: 1, windowMs: 1000 }]);
    const both = [
      { key: 'user', limit: 5, windowMs: 1000 },
      { key: 'ip', limit: 1, windowMs: 1000 },
    ];
    expect((await limits.take(both)).wait).toBeGreaterThan(0);
    expect((await limits.read(['user', 'ip'])).map((r) => r.count)).toEqual([0, 1]);
  });

  it('holds one limit for many callers at once (the check and the count are one statement)', async () => {
    const { db } = await limitsAt();
    // Two "processes": two limiters over one database, 40 attempts in parallel.
    const a = createLimits(db);
    const b = createLimits(db);
    const rule = { key: 'shared', limit: 10, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).take([rule])));
    expect(results.filter((r) => r.wait === 0)).toHaveLength(10);
  });

  it('purges counters whose window ended', async () => {
    const { clock, limits } = await limitsAt();
    await limits.take([{ key: 'old', limit: 9, windowMs: 1000 }]);
    await limits.take([{ key: 'new', limit: 9, windowMs: 5000 }]);
    clock.time += 2000;
    expect(await limits.purgeExpired()).toBe(1);
    expect((await limits.read(['new']))[0]?.count).toBe(1);
  });
});

describe('login throttle', () => {
  it('refuses a pair after 5 failures within 15 minutes, not other addresses or names', async () => {
    const { clock, limits } = await limitsAt();
    const throttle = createLoginThrottle(limits, { sleep: async () => {} });
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) expect(await failLogin(throttle, '1.1.1.1', 'Owner')).toBe(0);
    expect(await throttle.attempt('1.1.1.1', 'owner')).toBe(LOGIN_WINDOW_MS);
    expect(await throttle.attempt('2.2.2.2', 'owner')).toBe(0);
    expect(await throttle.attempt('1.1.1.1', 'someone-else')).toBe(0);
    clock.time += LOGIN_WINDOW_MS;
    expect(await throttle.attempt('1.1.1.1', 'owner')).toBe(0);
  });

  it('counts every spelling of one name as that name (ي/ی, ك/ک, case)', async () => {
    const { limits } = await limitsAt();
    const throttle = createLoginThrottle(limits, { sleep: async () => {} });
    const spellings = ['علی_رضایی', 'علي_رضایی', 'علي_رضايي', 'علی_رضايي', 'علی_رضایی'];
    for (const name of spellings) expect(await failLogin(throttle, '1.1.1.1', name)).toBe(0);
    expect(await throttle.attempt('1.1.1.1', 'علي_رضایی')).toBe(LOGIN_WINDOW_MS);
  });

  it('never locks a name as such: failures from many addresses leave a fresh address free', async () => {
    const { limits } = await limitsAt();
    const throttle = createLoginThrottle(limits, { sleep: async () => {} });
    for (let i = 0; i < 50; i++) await failLogin(throttle, `10.0.0.${i}`, 'owner');
    expect(await throttle.attempt('192.0.2.1', 'owner')).toBe(0);
  });

  it('refuses an address after 20 failures across names', async () => {
    const { limits } = await limitsAt();
    const throttle = createLoginThrottle(limits, { sleep: async () => {} });
    for (let i = 0; i < IP_FAILURE_LIMIT; i++) expect(await failLogin(throttle, '1.1.1.1', `name${i}`)).toBe(0);
    expect(await throttle.attempt('1.1.1.1', 'fresh')).toBeGreaterThan(0);
  });

  it('slows a failing name down, doubling up to the maximum, but not for an address without failures', async () => {
    expect(nameDelay(NAME_SLOWDOWN_AFTER - 1)).toBe(0);
    expect(nameDelay(NAME_SLOWDOWN_AFTER)).toBe(NAME_DELAY_BASE_MS);
    expect(nameDelay(NAME_SLOWDOWN_AFTER + 1)).toBe(NAME_DELAY_BASE_MS * 2);
    expect(nameDelay(NAME_SLOWDOWN_AFTER + 30)).toBe(NAME_DELAY_MAX_MS);
    const { limits } = await limitsAt();
    const slept: number[] = [];
    const throttle = createLoginThrottle(limits, { sleep: async (ms) => void slept.push(ms) });
    for (let i = 0; i < NAME_SLOWDOWN_AFTER + 1; i++) await failLogin(throttle, `198.51.100.${i}`, 'owner');
    await throttle.attempt('192.0.2.50', 'owner'); // a clean address: no pause
    expect(slept).toEqual([]);
    await failLogin(throttle, '203.0.113.9', 'other'); // this address has a failure of its own
    await throttle.attempt('203.0.113.9', 'owner');
    expect(slept).toEqual([nameDelay(NAME_SLOWDOWN_AFTER + 1)]);
  });

  it('a correct password clears its pair and gives the address its attempt back', async () => {
    const { limits } = await limitsAt();
    const throttle = createLoginThrottle(limits, { sleep: async () => {} });
    for (let i = 0; i < PAIR_FAILURE_LIMIT - 1; i++) await failLogin(throttle, '1.1.1.1', 'a');
    expect(await throttle.attempt('1.1.1.1', 'a')).toBe(0);
    await throttle.succeed('1.1.1.1', 'a');
    expect((await limits.read(['login-pair:1.1.1.1\na', 'login-ip:1.1.1.1'])).map((r) => r.count)).toEqual([
      0,
      PAIR_FAILURE_LIMIT - 1,
    ]);
  });
});

describe('registration, comments and token guesses', () => {
  it('allows 10 registration attempts per address per hour', async () => {
    const { clock, limits } = await limitsAt();
    for (let i = 0; i < REGISTER_IP_LIMIT; i++) expect(await takeRegistration(limits, '1.1.1.1')).toBe(0);
    expect(await takeRegistration(limits, '1.1.1.1')).toBe(REGISTER_WINDOW_MS);
    expect(await takeRegistration(limits, '2.2.2.2')).toBe(0);
    clock.time += REGISTER_WINDOW_MS;
    expect(await takeRegistration(limits, '1.1.1.1')).toBe(0);
  });

  it('allows 10 comments per user and 30 per address per 10 minutes', async () => {
    const { clock, limits } = await limitsAt();
    for (let i = 0; i < COMMENT_USER_LIMIT; i++) expect((await limits.take(commentRules('u1', '1.1.1.1'))).wait).toBe(0);
    expect((await limits.take(commentRules('u1', '9.9.9.9'))).wait).toBe(COMMENT_WINDOW_MS);
    expect((await limits.take(commentRules('u2', '1.1.1.1'))).wait).toBe(0);
    for (let i = 0; i < COMMENT_IP_LIMIT - COMMENT_USER_LIMIT - 1; i++) await limits.take(commentRules(`u${i + 10}`, '1.1.1.1'));
    expect((await limits.take(commentRules('u3', '1.1.1.1'))).wait).toBe(COMMENT_WINDOW_MS);
    expect((await limits.take(commentRules('u3', '2.2.2.2'))).wait).toBe(0);
    clock.time += COMMENT_WINDOW_MS;
    expect((await limits.take(commentRules('u1', '1.1.1.1'))).wait).toBe(0);
  });

  it('counts wrong tokens per address and refuses further tries past the limit', async () => {
    const { clock, limits } = await limitsAt();
    const guesses = tokenGuesses(limits, 'setup');
    const wrong = () => Promise.reject(new Error('wrong token'));
    const right = () => Promise.resolve('ok');
    const isWrong = (error: unknown) => error instanceof Error && error.message === 'wrong token';
    // A right token gives its try back: it never counts.
    for (let i = 0; i < 3 * TOKEN_GUESS_LIMIT; i++) expect(await guesses.judge('1.1.1.1', right, isWrong)).toBe('ok');
    // Another failure (not a wrong token) gives it back too.
    for (let i = 0; i < 3 * TOKEN_GUESS_LIMIT; i++)
      await expect(guesses.judge('1.1.1.1', () => Promise.reject(new Error('outage')), isWrong)).rejects.toThrow('outage');
    for (let i = 0; i < TOKEN_GUESS_LIMIT; i++)
      await expect(guesses.judge('1.1.1.1', wrong, isWrong)).rejects.toThrow('wrong token');
    await expect(guesses.judge('1.1.1.1', right, isWrong)).rejects.toMatchObject({ statusCode: 429 });
    expect(await guesses.take('1.1.1.1')).toBe(TOKEN_WINDOW_MS);
    expect(await guesses.judge('2.2.2.2', right, isWrong)).toBe('ok');
    expect(await tokenGuesses(limits, 'newsletter-confirm').judge('1.1.1.1', right, isWrong)).toBe('ok');
    clock.time += TOKEN_WINDOW_MS;
    expect(await guesses.judge('1.1.1.1', right, isWrong)).toBe('ok');
  });
});

describe('the address a limit counts (F-57)', () => {
  it('counts an IPv6 address as its /64 and an IPv4 address as itself', () => {
    expect(limitAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(limitAddress('2001:0DB8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(limitAddress('2001:db8:1:2::')).toBe('2001:db8:1:2::/64');
    expect(limitAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(limitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(limitAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(limitAddress('192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts what is not an address as the text it is (no throw, no merging)', () => {
    for (const odd of [
      '',
      'unknown',
      'a::b::c',
      '1:2:3:4:5:6:7:8:9',
      '2001:db8::zz',
      '1:2:3:4:5:6:7::8',
      '::ffff:999.1.1.1',
      'x'.repeat(5000),
    ])
      expect(limitAddress(odd)).toBe(odd.trim().toLowerCase());
    expect(limitAddress('1:2:3:4:5:6:7:8')).toBe('1:2:3:4::/64');
  });

  it('refuses a /64 after 20 failures spread over its addresses, and not its neighbour', async () => {
    const { limits } = await limitsAt();
    const throttle = createLoginThrottle(limits, { sleep: async () => {} });
    for (let i = 0; i < IP_FAILURE_LIMIT; i++)
      expect(await failLogin(throttle, `2001:db8:7:7:${i.toString(16)}::1`, `name${i}`)).toBe(0);
    expect(await throttle.attempt('2001:db8:7:7:abcd:1234:5678:9abc', 'fresh')).toBeGreaterThan(0);
    expect(await throttle.attempt('2001:db8:7:8::1', 'fresh')).toBe(0);
  });

  it('counts registrations and wrong tokens per /64 too', async () => {
    const { limits } = await limitsAt();
    for (let i = 0; i < REGISTER_IP_LIMIT; i++) expect(await takeRegistration(limits, `2001:db8:9:9::${i + 1}`)).toBe(0);
    expect(await takeRegistration(limits, '2001:db8:9:9:ffff::2')).toBeGreaterThan(0);
    const guesses = tokenGuesses(limits, 'password-reset');
    for (let i = 0; i < TOKEN_GUESS_LIMIT; i++) expect(await guesses.take(`2001:db8:5:5::${i + 1}`)).toBe(0);
    expect(await guesses.take('2001:db8:5:5::ffff')).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import {
  COMMENT_IP_LIMIT,
  COMMENT_USER_LIMIT,
  COMMENT_WINDOW_MS,
  createCommentThrottle,
  createLoginThrottle,
  createRegistrationThrottle,
  createWindowCounter,
  IP_FAILURE_LIMIT,
  LOGIN_WINDOW_MS,
  NAME_DELAY_BASE_MS,
  NAME_DELAY_MAX_MS,
  NAME_SLOWDOWN_AFTER,
  PAIR_FAILURE_LIMIT,
  REGISTER_IP_LIMIT,
  REGISTER_WINDOW_MS,
} from './rate-limit';

describe('login throttle', () => {
  it('refuses a (name, address) pair after 5 failures until the window passes; other addresses stay open', () => {
    let time = 0;
    const throttle = createLoginThrottle({ now: () => time });
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) throttle.fail('1.1.1.1', 'Owner');
    expect(throttle.retryAfter('1.1.1.1', 'owner')).toBe(LOGIN_WINDOW_MS);
    expect(throttle.retryAfter('2.2.2.2', 'owner')).toBe(0);
    expect(throttle.retryAfter('1.1.1.1', 'someone-else')).toBe(0);
    time = LOGIN_WINDOW_MS;
    expect(throttle.retryAfter('1.1.1.1', 'owner')).toBe(0);
  });

  it('never refuses a name failing from many addresses', () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < 200; i++) throttle.fail(`10.0.${i >> 8}.${i & 255}`, 'owner');
    expect(throttle.retryAfter('192.0.2.1', 'owner')).toBe(0);
  });

  it('refuses an address after 20 failures across names', () => {
    const throttle = createLoginThrottle();
    for (let i = 0; i < IP_FAILURE_LIMIT - 1; i++) throttle.fail('1.1.1.1', `name${i}`);
    expect(throttle.retryAfter('1.1.1.1', 'fresh')).toBe(0);
    throttle.fail('1.1.1.1', 'last');
    expect(throttle.retryAfter('1.1.1.1', 'fresh')).toBeGreaterThan(0);
  });

  it('slows a name down progressively, but not for an address without failures', async () => {
    const slept: number[] = [];
    const throttle = createLoginThrottle({ sleep: async (ms) => void slept.push(ms) });
    const delays: number[] = [];
    for (let i = 0; i < NAME_SLOWDOWN_AFTER + 8; i++) {
      delays.push(throttle.delay('203.0.113.9', 'owner'));
      throttle.fail(`198.51.100.${i}`, 'owner'); // a distributed attacker
      throttle.fail('203.0.113.9', `other${i}`); // this address has failures of its own
    }
    expect(delays.slice(0, NAME_SLOWDOWN_AFTER)).toEqual([0, 0, 0, 0, 0]);
    expect(delays.slice(NAME_SLOWDOWN_AFTER)).toEqual([250, 500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(NAME_DELAY_BASE_MS).toBe(250);
    expect(Math.max(...delays)).toBe(NAME_DELAY_MAX_MS);
    // A clean address is not slowed at all.
    expect(throttle.delay('192.0.2.50', 'owner')).toBe(0);
    await throttle.slowDown('192.0.2.50', 'owner');
    expect(slept).toEqual([]);
    await throttle.slowDown('203.0.113.9', 'owner');
    expect(slept).toEqual([NAME_DELAY_MAX_MS]);
  });

  it('clears the pair on success, keeps memory bounded', () => {
    const throttle = createLoginThrottle({ maxKeys: 100 });
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) throttle.fail('1.1.1.1', 'a');
    throttle.succeed('1.1.1.1', 'a');
    expect(throttle.retryAfter('1.1.1.1', 'a')).toBe(0);
    for (let i = 0; i < 1000; i++) throttle.fail(`10.0.${i >> 8}.${i & 255}`, `name${i}`);
    expect(throttle.trackedKeys()).toBeLessThanOrEqual(100);
  });
});

describe('window counter', () => {
  it('answers the wait until the key is under its limit again', () => {
    let time = 0;
    const counter = createWindowCounter({ windowMs: 1000, now: () => time });
    counter.add('k');
    time = 400;
    counter.add('k');
    expect(counter.retryAfter('k', 2)).toBe(600);
    expect(counter.retryAfter('k', 1)).toBe(1000);
    time = 1000;
    expect(counter.count('k')).toBe(1);
  });
});

describe('registration throttle', () => {
  it('allows 10 attempts per address per hour', () => {
    let time = 0;
    const throttle = createRegistrationThrottle({ now: () => time });
    for (let i = 0; i < REGISTER_IP_LIMIT; i++) expect(throttle.attempt('1.1.1.1')).toBe(0);
    expect(throttle.attempt('1.1.1.1')).toBe(REGISTER_WINDOW_MS);
    expect(throttle.attempt('2.2.2.2')).toBe(0);
    time = REGISTER_WINDOW_MS;
    expect(throttle.attempt('1.1.1.1')).toBe(0);
  });
});

describe('comment throttle', () => {
  it('allows 10 comments per user and 30 per address per 10 minutes', () => {
    let time = 0;
    const throttle = createCommentThrottle({ now: () => time });
    for (let i = 0; i < COMMENT_USER_LIMIT; i++) {
      expect(throttle.retryAfter('u1', '1.1.1.1')).toBe(0);
      throttle.record('u1', '1.1.1.1');
    }
    expect(throttle.retryAfter('u1', '9.9.9.9')).toBe(COMMENT_WINDOW_MS);
    expect(throttle.retryAfter('u2', '1.1.1.1')).toBe(0);
    for (let i = 0; i < COMMENT_IP_LIMIT - COMMENT_USER_LIMIT; i++) throttle.record(`u${i + 10}`, '1.1.1.1');
    expect(throttle.retryAfter('u2', '1.1.1.1')).toBe(COMMENT_WINDOW_MS);
    expect(throttle.retryAfter('u2', '2.2.2.2')).toBe(0);
    time = COMMENT_WINDOW_MS;
    expect(throttle.retryAfter('u1', '1.1.1.1')).toBe(0);
  });
});

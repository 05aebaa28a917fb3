import { describe, expect, it } from 'vitest';
import { createRateLimiter, IP_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT, LOGIN_WINDOW_MS } from './rate-limit';

describe('rate limiter', () => {
  it('refuses a user name after 5 failures until the window passes', () => {
    let time = 0;
    const limiter = createRateLimiter({ now: () => time });
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) limiter.fail(['user:a']);
    expect(limiter.retryAfter(['user:a'])).toBe(LOGIN_WINDOW_MS);
    expect(limiter.retryAfter(['user:b'])).toBe(0);
    time = LOGIN_WINDOW_MS;
    expect(limiter.retryAfter(['user:a'])).toBe(0);
  });
  it('gives a shared address more room, and a success resets the name', () => {
    const limiter = createRateLimiter();
    for (let i = 0; i < IP_FAILURE_LIMIT - 1; i++) limiter.fail(['ip:1']);
    expect(limiter.retryAfter(['ip:1'])).toBe(0);
    limiter.fail(['ip:1']);
    expect(limiter.retryAfter(['ip:1'])).toBeGreaterThan(0);
    limiter.fail(['user:x']);
    limiter.reset('user:x');
    expect(limiter.retryAfter(['user:x'])).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { hashPassword, MAX_PASSWORD_ITERATIONS, MIN_PASSWORD_ITERATIONS, verifyPassword } from './password';

describe('password hashing', () => {
  it('hashes with 600 000 chained PBKDF2 iterations and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^pbkdf2-sha256-r100k\$600000\$[\w+/=]+\$[\w+/=]+$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
  });
  it('salts every hash', async () => {
    expect(await hashPassword('same', 1000)).not.toBe(await hashPassword('same', 1000));
  });
  it('still verifies single-call hashes and rejects unknown formats', async () => {
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode('pw'), 'PBKDF2', false, ['deriveBits']);
    const salt = new Uint8Array(16);
    const bits = new Uint8Array(
      await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: 1000 }, key, 256),
    );
    const legacy = `pbkdf2-sha256$1000$${btoa(String.fromCharCode(...salt))}$${btoa(String.fromCharCode(...bits))}`;
    expect(await verifyPassword('pw', legacy)).toBe(true);
    expect(await verifyPassword('pw', 'md5$abc')).toBe(false);
  });

  it('refuses a stored hash whose iteration count is absurd, without running it (F-24)', async () => {
    const hash = await hashPassword('pw', MIN_PASSWORD_ITERATIONS);
    const [scheme, , salt, digest] = hash.split('$');
    const started = performance.now();
    // 4e9 iterations would take hours; the answer must come at once, and be a refusal.
    const answer = await Promise.race([
      verifyPassword('pw', `${scheme}$4000000000$${salt}$${digest}`),
      new Promise<string>((resolve) => setTimeout(() => resolve('still deriving after 2 s'), 2000)),
    ]);
    expect(answer).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await verifyPassword('pw', `${scheme}$${MAX_PASSWORD_ITERATIONS + 1}$${salt}$${digest}`)).toBe(false);
  });
  it('refuses a hash with fewer iterations than this code ever writes (F-24)', async () => {
    expect(await verifyPassword('pw', await hashPassword('pw', 1))).toBe(false);
    expect(await verifyPassword('pw', await hashPassword('pw', MIN_PASSWORD_ITERATIONS - 1))).toBe(false);
    expect(await verifyPassword('pw', await hashPassword('pw', MIN_PASSWORD_ITERATIONS))).toBe(true);
  });
  it('refuses malformed counts and extra fields', async () => {
    const [scheme, , salt, digest] = (await hashPassword('pw', 1000)).split('$');
    for (const count of ['1e3', '01000', '-1000', '1000.0', ' 1000', ''])
      expect(await verifyPassword('pw', `${scheme}$${count}$${salt}$${digest}`), count).toBe(false);
    expect(await verifyPassword('pw', `${scheme}$1000$${salt}$${digest}$x`)).toBe(false);
  });
});

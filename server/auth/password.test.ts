import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

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
});

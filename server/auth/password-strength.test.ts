import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { MIN_PASSWORD_SCORE, passwordScore, requireStrongPassword } from './password-strength';

describe('password strength', () => {
  it.each(['password', '123456', 'qwerty123', 'p@ssw0rd', 'iloveyou2', 'letmein!'])('refuses %j', async (password) => {
    expect(await passwordScore(password)).toBeLessThan(MIN_PASSWORD_SCORE);
    const refusal = await requireStrongPassword(password).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      statusCode: 400,
      messageKey: 'api.validationFailed',
      data: { issues: [{ path: ['password'], message: 'validation.passwordWeak' }] },
    });
  });

  it('counts the account’s own names as known words', async () => {
    expect(await passwordScore('shirin123')).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
    expect(await passwordScore('shirin123', ['shirin', 'Shirin', 'Ahmadi'])).toBeLessThan(MIN_PASSWORD_SCORE);
  });

  it.each(['correct horse battery staple', 'Tabriz-lantern-1404', 'test-password'])('accepts %j', async (password) => {
    await expect(requireStrongPassword(password, ['someone'])).resolves.toBeUndefined();
  });

  it('loads the dictionaries lazily: the module imports zxcvbn-ts and its data only dynamically', () => {
    const source = readFileSync(new URL('./password-strength.ts', import.meta.url), 'utf8');
    const staticImports = source.match(/^import .*$/gm) ?? [];
    expect(
      staticImports.filter(
        (line) => (line.includes('@zxcvbn-ts') || line.includes('password-dictionaries')) && !line.startsWith('import type'),
      ),
    ).toEqual([]);
    expect(source).toContain("import('./password-dictionaries')");
  });

  it.each([
    'sunshine',
    'princess',
    'football1',
    'Monkey123',
    'superman!',
    'trustno1',
    'qazwsx',
    '1qaz2wsx',
    'zaq12wsx',
    'asdfghjkl',
    'ashley2000',
    '19871987',
  ])('refuses %j (common password, keyboard pattern or date: the dictionary kept for the Worker)', async (password) => {
    expect(await passwordScore(password)).toBeLessThan(MIN_PASSWORD_SCORE);
  });

  it('knows the 10 000 most common passwords, most common first', async () => {
    const { commonPasswords } = await import('./password-dictionaries');
    const list = commonPasswords.split('\n');
    expect(list).toHaveLength(10_000);
    expect(list.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
    expect(await passwordScore(list[9_999]!)).toBeLessThan(MIN_PASSWORD_SCORE);
  });
});

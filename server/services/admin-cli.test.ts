import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createInstalledSite } from '../../tests/support/site';
import { userRoles } from '../db/schema';
import { cliCreateAdmin, cliResetLink } from './admin-cli';
import { readResetLink, resetPassword } from './password-resets';

describe('admin CLI: a locked-out owner', () => {
  it('reset-password prints a one-time link that sets a new password once', async () => {
    const { deps, ids } = await createInstalledSite();
    const { url, expiresAt } = await cliResetLink(deps.db, 'owner', { origin: 'https://daftar.example', locale: 'fa' });
    expect(url).toMatch(/^https:\/\/daftar\.example\/fa\/reset-password\?token=[\w-]+$/);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
    const token = new URL(url).searchParams.get('token') ?? '';
    expect(await readResetLink(deps.db, token)).toMatchObject({ status: 'valid', userId: ids.owner });
    await resetPassword(deps.db, { token, password: 'Lantern river copper 8812' }, deps.passwordIterations);
    expect((await readResetLink(deps.db, token)).status).toBe('used');
  });

  it('reset-password names an unknown account plainly', async () => {
    const { deps } = await createInstalledSite();
    await expect(cliResetLink(deps.db, 'nobody', { origin: 'http://localhost:3000', locale: 'en' })).rejects.toThrow(
      'No account is called "nobody".',
    );
  });

  it('create-admin adds an owner with the installer form’s rules', async () => {
    const { deps } = await createInstalledSite();
    const { id, owners } = await cliCreateAdmin(
      deps.db,
      {
        firstName: 'Maryam',
        lastName: 'Rahimi',
        about: 'Back in charge',
        userName: 'maryam',
        password: 'Lantern river copper 8812',
      },
      deps.passwordIterations,
    );
    expect(owners).toBe(2);
    expect(await deps.db.select().from(userRoles).where(eq(userRoles.userId, id))).toEqual([{ userId: id, roleId: 'owner' }]);
  });

  it.each([
    [{ userName: 'owner', password: 'Lantern river copper 8812' }, 'The user name "owner" is taken.'],
    [{ userName: 'new-admin', password: 'password' }, 'too easy to guess'],
    [{ userName: 'a b', password: 'Lantern river copper 8812' }, 'userName: Use letters and digits (Persian or English)'],
  ])('create-admin refuses %o', async (fields, message) => {
    const { deps } = await createInstalledSite();
    await expect(
      cliCreateAdmin(
        deps.db,
        { firstName: 'Maryam', lastName: 'Rahimi', about: 'Back in charge', ...fields },
        deps.passwordIterations,
      ),
    ).rejects.toThrow(message);
  });
});

import { describe, expect, it } from 'vitest';
import { createTestDeps } from '../../tests/support/deps';
import { pendingMigrations, runMigrations } from '../db/migrate';
import { migrations } from '../db/migrations.generated';
import { applyReleaseMigrations, upgradeInstalledSite } from './upgrade';

describe('starting an updated installed site', () => {
  it('applies the migrations the update brought before serving, then re-indexes', async () => {
    const { deps } = await createTestDeps();
    // The database as the previous version left it: every migration but the newest.
    await runMigrations(deps.db, migrations.slice(0, -1));
    const newest = migrations.at(-1)?.name;
    const said: string[] = [];

    const { applied, reindexed } = await upgradeInstalledSite(deps, (message) => said.push(message));

    expect(applied).toEqual([newest]);
    expect(await pendingMigrations(deps.db)).toEqual([]);
    expect(said.join('\n')).toContain(`Database upgraded: ${newest}`);
    await expect(reindexed).resolves.toBeTypeOf('boolean');
  });

  it('does nothing on an up-to-date database', async () => {
    const { deps } = await createTestDeps({ migrate: true });
    const said: string[] = [];
    const { applied, reindexed } = await upgradeInstalledSite(deps, (message) => said.push(message));
    expect(applied).toEqual([]);
    expect(said).toEqual([]);
    await expect(reindexed).resolves.toBe(false);
  });

  it('leaves a database the installer has not migrated yet to the installer', async () => {
    const { deps } = await createTestDeps();
    expect(await applyReleaseMigrations(deps.db)).toEqual([]);
    expect(await pendingMigrations(deps.db)).toHaveLength(migrations.length);
  });
});

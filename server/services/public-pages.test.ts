import { describe, expect, it } from 'vitest';
import { createTestDeps } from '../../tests/support/deps';
import { runMigrations } from '../db/migrate';
import { archiveView, contentPageView, homeView } from './public-pages';
import { readSiteState } from './site';

describe('public pages before installation', () => {
  it('do not fail on a database without tables (the root shows the installer)', async () => {
    const { deps } = await createTestDeps({ migrate: false });
    const state = { ...(await readSiteState(deps.db)), locale: 'fa' as const };
    const input = { deps, state, request: new Request('http://localhost/fa') };
    expect(await homeView(input)).toMatchObject({ page: null, latest: [], totalLogs: 0 });
    expect(await contentPageView({ ...input, slug: 'about' })).toBeUndefined();
    expect(await archiveView({ ...input, pageNumber: 1 })).toBeUndefined();
  });

  it('are empty on a migrated database that is not installed yet', async () => {
    const { deps, db } = await createTestDeps();
    await runMigrations(db);
    const state = { ...(await readSiteState(deps.db)), locale: 'en' as const };
    expect(state.installed).toBe(false);
    expect(await homeView({ deps, state, request: new Request('http://localhost/en') })).toMatchObject({
      page: null,
      latest: [],
    });
  });
});

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultSiteSettings, type MenuEntry, type SiteSettings } from '../../common/site-settings';
import { createAuthoringSite } from '../../tests/support/authoring';
import { createTestDeps } from '../../tests/support/deps';
import { RENDERER_VERSION } from '../content/render';
import type { Database } from '../db/database';
import { pendingMigrations, runMigrations } from '../db/migrate';
import { migrations } from '../db/migrations.generated';
import { contentBuilds, contentSyncs, pages, settings } from '../db/schema';
import { runContentSyncSteps } from './content-sync-runner';
import { DASH_MENU_SEEN_KEY, mergeNewDashEntries } from './dash-menu-upgrade';
import { getSiteSettings, SITE_SETTINGS_KEY } from './site';
import { applyReleaseMigrations, upgradeInstalledSite, upgradeWithChunkedSync } from './upgrade';

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

  it('re-indexes an index an older renderer made, with no migration to apply (search text folded anew)', async () => {
    const site = await createAuthoringSite();
    const { db } = site.deps;
    // As an older version left it: its renderer version, and search text folded less (أ kept).
    await db.update(contentBuilds).set({ rendererVersion: RENDERER_VERSION - 1 });
    await db.run(
      sql`update pages set search_text = 'أحمد', source_hash = replace(source_hash, ${`:r${RENDERER_VERSION}`}, ':r0')`,
    );
    const said: string[] = [];
    const { applied, reindexed } = await upgradeInstalledSite(site.deps, (message) => said.push(message));
    expect(applied).toEqual([]);
    expect(said.join('\n')).toContain('indexed by an older version');
    await reindexed;
    const texts = await db.select({ text: pages.searchText }).from(pages).where(eq(pages.locale, 'fa'));
    expect(texts.some((row) => row.text === 'أحمد')).toBe(false);
    // Up to date now: the next start does nothing.
    const again = await upgradeInstalledSite(site.deps, (message) => said.push(message));
    await expect(again.reindexed).resolves.toBe(false);
  });

  it('leaves a database the installer has not migrated yet to the installer', async () => {
    const { deps } = await createTestDeps();
    expect(await applyReleaseMigrations(deps.db)).toEqual([]);
    expect(await pendingMigrations(deps.db)).toHaveLength(migrations.length);
  });
});

describe('starting an updated Worker (chunked re-index)', () => {
  it('starts a chunked re-index when the index was made by an older renderer, with no migration to apply, once', async () => {
    const site = await createAuthoringSite();
    const { db } = site.deps;
    const syncs = () => db.select({ status: contentSyncs.status }).from(contentSyncs);
    const before = (await syncs()).length;
    const said: string[] = [];
    expect(await upgradeWithChunkedSync(db, (message) => said.push(message))).toEqual({ applied: [], reindexing: false });
    expect(said).toEqual([]);

    await db.update(contentBuilds).set({ rendererVersion: RENDERER_VERSION - 1 });
    await db.run(
      sql`update pages set search_text = 'أحمد', source_hash = replace(source_hash, ${`:r${RENDERER_VERSION}`}, ':r0')`,
    );
    expect(await upgradeWithChunkedSync(db, (message) => said.push(message))).toEqual({ applied: [], reindexing: true });
    expect(said.join('\n')).toContain('indexed by an older version');
    expect((await syncs()).slice(before)).toEqual([{ status: 'running' }]);
    // Another isolate starting meanwhile carries the same sync on rather than starting a second one.
    await upgradeWithChunkedSync(db, () => {});
    expect((await syncs()).slice(before)).toEqual([{ status: 'running' }]);

    // The steps (a request's, the cron's) finish it: the pages rendered anew, and nothing to do next time.
    for (let i = 0; i < 20 && (await syncs()).at(-1)?.status === 'running'; i++)
      await runContentSyncSteps({ db, contentRepository: site.deps.contentRepository }, { maxSteps: 8 });
    expect((await syncs()).at(-1)?.status).toBe('done');
    const texts = await db.select({ text: pages.searchText }).from(pages).where(eq(pages.locale, 'fa'));
    expect(texts.some((row) => row.text === 'أحمد')).toBe(false);
    expect(await upgradeWithChunkedSync(db, () => {})).toEqual({ applied: [], reindexing: false });
  });

  it('starts one after applying a release migration', async () => {
    const { deps } = await createTestDeps();
    await runMigrations(deps.db, migrations.slice(0, -1));
    const said: string[] = [];
    const { applied, reindexing } = await upgradeWithChunkedSync(deps.db, (message) => said.push(message));
    expect(applied).toEqual([migrations.at(-1)?.name]);
    expect(reindexing).toBe(true);
    expect(said.join('\n')).toContain('Database upgraded');
    expect(await deps.db.select({ status: contentSyncs.status }).from(contentSyncs)).toEqual([{ status: 'running' }]);
  });
});

describe('dashboard menu entries a release brings', () => {
  const pre = defaultSiteSettings.dashMenu.filter(
    (entry) => !['/manage/media', '/manage/integrations', '/manage/webhooks', '/manage/redirects'].includes(entry.to),
  );
  const stored = async (db: Database) =>
    (await db.select().from(settings).where(eq(settings.key, SITE_SETTINGS_KEY)).get())?.value as SiteSettings;

  it('adds Media, Integrations, Redirects and Webhooks to a site installed before them, keeping the owner’s order and removals', async () => {
    const site = await createAuthoringSite();
    const { db } = site.deps;
    // As the earlier release left it: no seen list; the owner moved Settings first and removed Builds.
    const mine = pre.filter((entry) => entry.to !== '/manage/builds');
    const settingsEntry = mine.find((entry) => entry.to === '/manage/settings') as MenuEntry;
    const menu = [settingsEntry, ...mine.filter((entry) => entry !== settingsEntry)];
    const before = await stored(db);
    await db
      .update(settings)
      .set({ value: { ...before, dashMenu: menu } })
      .where(eq(settings.key, SITE_SETTINGS_KEY));
    await db.delete(settings).where(eq(settings.key, DASH_MENU_SEEN_KEY));
    const said: string[] = [];

    await upgradeInstalledSite({ ...site.deps, contentRepository: undefined }, (message) => said.push(message));

    const targets = (await stored(db)).dashMenu.map((entry) => entry.to);
    expect(targets).toEqual([
      '/manage/settings',
      '/manage',
      '/manage/pages',
      '/manage/media',
      '/manage/comments',
      '/manage/newsletter',
      '/manage/users',
      // After the last of its default predecessors the menu has (Settings moved first, Builds removed).
      '/manage/integrations',
      '/manage/redirects',
      '/manage/webhooks',
      '/manage/api',
    ]);
    expect(said.join('\n')).toContain('/manage/media, /manage/integrations, /manage/redirects, /manage/webhooks');
    expect((await getSiteSettings(db)).dashMenu.find((entry) => entry.to === '/manage/media')?.label.fa).toBe('رسانه');

    // The owner then removes Media: the next start leaves it removed.
    const now = await stored(db);
    const without = now.dashMenu.filter((entry) => entry.to !== '/manage/media');
    await db
      .update(settings)
      .set({ value: { ...now, dashMenu: without } })
      .where(eq(settings.key, SITE_SETTINGS_KEY));
    await upgradeInstalledSite({ ...site.deps, contentRepository: undefined }, (message) => said.push(message));
    expect((await stored(db)).dashMenu.map((entry) => entry.to)).not.toContain('/manage/media');
  });

  it('adds nothing to a site installed by this release, even after the owner removes entries', async () => {
    const site = await createAuthoringSite();
    const { db } = site.deps;
    const now = await stored(db);
    const without = now.dashMenu.filter((entry) => entry.to !== '/manage/webhooks');
    await db
      .update(settings)
      .set({ value: { ...now, dashMenu: without } })
      .where(eq(settings.key, SITE_SETTINGS_KEY));
    await upgradeInstalledSite({ ...site.deps, contentRepository: undefined }, () => {});
    expect((await stored(db)).dashMenu).toEqual(without);
  });

  it('places an entry after its default predecessor, or at the end without one', () => {
    const entry = (to: string) => ({ label: { fa: to, en: to }, to });
    const { menu, added } = mergeNewDashEntries([entry('/x')], ['/manage', '/manage/pages']);
    expect(added).toContain('/manage/media');
    expect(menu[0]?.to).toBe('/x');
    expect(
      mergeNewDashEntries(
        [entry('/manage/pages'), entry('/y')],
        defaultSiteSettings.dashMenu.map((e) => e.to).filter((to) => to !== '/manage/media'),
      ).menu.map((e) => e.to),
    ).toEqual(['/manage/pages', '/manage/media', '/y']);
  });
});

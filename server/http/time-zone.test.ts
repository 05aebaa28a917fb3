import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../common/site-settings';
import { client } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { createTestDeps, TEST_SETUP_TOKEN } from '../../tests/support/deps';
import { createInstalledSite } from '../../tests/support/site';
import { createApp } from '../app';
import { settings } from '../db/schema';
import { getSiteSettings, SITE_SETTINGS_KEY } from '../services/site';
import { exportSite, importSite, parseSiteExport } from '../services/site-export';

/*
 * Settings → time zone (issue 34 §2): one IANA zone for every time the site shows. Tehran unless
 * chosen; an unknown name is refused in both languages and changes nothing.
 */

type Site = Awaited<ReturnType<typeof createInstalledSite>>;
const owner = (site: Site, locale = 'en') => client(site, 'owner', locale);
const read = async (site: Site) => (await json(await owner(site).get('/api/settings'))) as SiteSettings;
const version = async (site: Site) => (await owner(site).get('/api/settings')).headers.get('etag');

const HOSTILE_ZONES: unknown[] = [
  '',
  '   ',
  'Mars/Olympus_Mons',
  'Tehran',
  '+03:30',
  'UTC+3',
  '../../etc/passwd',
  'Asia/Tehran<script>alert(1)</script>',
  'تهران',
  'Asia/Tehran\u0000',
  `Asia/${'x'.repeat(500)}`,
  42,
  null,
  true,
  ['Asia/Tehran'],
  { name: 'Asia/Tehran' },
];

describe('the site time zone setting', () => {
  it('is Asia/Tehran on a fresh site, and on a site upgraded from before the setting', async () => {
    const site = await createInstalledSite();
    expect((await read(site)).timeZone).toBe('Asia/Tehran');
    // An older site's stored settings have no timeZone at all.
    const stored = await site.deps.db.select().from(settings).where(eq(settings.key, SITE_SETTINGS_KEY)).get();
    const { timeZone: _gone, ...older } = stored!.value as SiteSettings;
    await site.deps.db.update(settings).set({ value: older }).where(eq(settings.key, SITE_SETTINGS_KEY));
    expect((await read(site)).timeZone).toBe('Asia/Tehran');
  });

  it('saves a zone the owner chooses, in Intl spelling, and the next read returns it', async () => {
    const site = await createInstalledSite();
    const settings = await read(site);
    expect((await owner(site).put('/api/settings', { ...settings, timeZone: 'Europe/Berlin' })).status).toBe(200);
    expect((await read(site)).timeZone).toBe('Europe/Berlin');
    expect((await owner(site).put('/api/settings', { ...settings, timeZone: ' america/los_angeles ' })).status).toBe(200);
    expect((await read(site)).timeZone).toBe('America/Los_Angeles');
  });

  it('refuses an unknown, malformed or missing zone with 400 on `timeZone`, in both languages, and changes nothing', async () => {
    const site = await createInstalledSite();
    const settings = await read(site);
    const before = await version(site);
    const { timeZone: _missing, ...withoutZone } = settings;
    for (const timeZone of [...HOSTILE_ZONES, undefined]) {
      const body = timeZone === undefined ? withoutZone : { ...settings, timeZone };
      const en = await owner(site, 'en').put('/api/settings', body);
      expect(en.status, JSON.stringify(timeZone)).toBe(400);
      const enBody = await json(en);
      expect(enBody.data.issues).toEqual([
        expect.objectContaining({
          path: ['timeZone'],
          message: 'Choose a time zone from the list: an IANA name such as Asia/Tehran or Europe/Berlin',
        }),
      ]);
      const fa = await json(await owner(site, 'fa').put('/api/settings', body));
      expect(fa.data.issues[0]?.message).toBe(
        'منطقهٔ زمانی را از فهرست برگزینید: نامی از فهرست IANA مانند Asia/Tehran یا Europe/Berlin',
      );
    }
    expect(await version(site)).toBe(before);
    expect((await read(site)).timeZone).toBe('Asia/Tehran');
  });

  it('reads a stored zone this runtime does not know (a hand edit, an older ICU) as Tehran', async () => {
    const site = await createInstalledSite();
    const stored = (await getSiteSettings(site.deps.db)) as SiteSettings;
    await site.deps.db
      .update(settings)
      .set({ value: { ...stored, timeZone: 'Mars/Olympus_Mons' } })
      .where(eq(settings.key, SITE_SETTINGS_KEY));
    expect((await getSiteSettings(site.deps.db)).timeZone).toBe('Asia/Tehran');
    expect((await read(site)).timeZone).toBe('Asia/Tehran');
  });

  it('travels with the settings in a site export and back through an import', async () => {
    const from = await createInstalledSite();
    const settings = await read(from);
    expect((await owner(from).put('/api/settings', { ...settings, timeZone: 'Asia/Kabul' })).status).toBe(200);
    const file = await exportSite(from.deps.db, { withSecrets: false });

    const to = await createInstalledSite();
    expect((await read(to)).timeZone).toBe('Asia/Tehran');
    await importSite(to.deps.db, parseSiteExport(JSON.stringify(file)));
    expect((await read(to)).timeZone).toBe('Asia/Kabul');
  });
});

describe('the installer and the time zone', () => {
  const account = {
    firstName: 'Shirin',
    lastName: 'Ahmadi',
    about: '',
    userName: 'shirin',
    password: 'correct horse battery',
  };
  async function readyInstaller() {
    const { deps } = await createTestDeps();
    const app = createApp(deps);
    const post = (path: string, body?: unknown, locale = 'en') =>
      app.request(`/api/install/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-setup-token': TEST_SETUP_TOKEN, 'x-locale': locale },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect((await post('migrations-run')).status).toBe(200);
    expect((await post('database-loading')).status).toBe(200);
    return { deps, post };
  }
  const installed = async (deps: Awaited<ReturnType<typeof readyInstaller>>['deps']) =>
    (await deps.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM settings WHERE key = 'installed_at'`))[0]?.n;

  it('keeps the zone the installer sends', async () => {
    const { deps, post } = await readyInstaller();
    expect((await post('admin-loading', { ...account, timeZone: 'Europe/Berlin' })).status).toBe(200);
    expect((await getSiteSettings(deps.db)).timeZone).toBe('Europe/Berlin');
  });

  it('leaves Asia/Tehran when the call names no zone (installing through the API)', async () => {
    const { deps, post } = await readyInstaller();
    expect((await post('admin-loading', account)).status).toBe(200);
    expect((await getSiteSettings(deps.db)).timeZone).toBe('Asia/Tehran');
  });

  it('refuses an unknown zone before creating anyone, in both languages', async () => {
    const { deps, post } = await readyInstaller();
    for (const timeZone of HOSTILE_ZONES) {
      const en = await post('admin-loading', { ...account, timeZone });
      expect(en.status, JSON.stringify(timeZone)).toBe(400);
      expect((await json(en)).data.issues).toContainEqual(
        expect.objectContaining({
          path: ['timeZone'],
          message: 'Choose a time zone from the list: an IANA name such as Asia/Tehran or Europe/Berlin',
        }),
      );
    }
    const fa = await json(await post('admin-loading', { ...account, timeZone: 'Mars/Olympus_Mons' }, 'fa'));
    expect(fa.data.issues[0]?.message).toMatch(/^منطقهٔ زمانی را از فهرست برگزینید/);
    expect(await installed(deps)).toBe(0);
    expect(await deps.db.all(sql`SELECT id FROM users`)).toEqual([]);
    expect((await getSiteSettings(deps.db)).timeZone).toBe('Asia/Tehran');
  });
});

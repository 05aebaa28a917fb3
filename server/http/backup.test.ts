import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allPermissions } from '../../common/permissions';
import { readBackup, restoreBackup } from '../../platforms/node/backup';
import { createInstalledSite, loginAs } from '../../tests/support/site';
import { createApp } from '../app';
import { roles, userRoles } from '../db/schema';
import { createUser } from '../services/users';
import { backupFileName } from './backup';

const scratch = () => mkdtempSync(path.join(tmpdir(), 'daftar-backup-api-'));

describe('GET /api/backup (the dashboard’s download)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives the owner an archive that restore accepts, never cached, with a log line', async () => {
    const site = await createInstalledSite();
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    const response = await site.app.request('/api/backup', {
      headers: { cookie: site.cookies.owner, 'sec-fetch-site': 'same-origin' },
    });
    expect(response.status).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="daftar-backup-${day}.tar.gz"`);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^Backup downloaded by owner \\(${site.ids.owner}\\) `)));

    const file = path.join(scratch(), 'download.tar.gz');
    writeFileSync(file, bytes);
    const { manifest } = readBackup(file);
    const restored = await restoreBackup(file, path.join(scratch(), 'restored'));
    expect(restored.counts).toEqual(manifest.counts);
    expect(manifest.counts.users).toBe(3);
  });

  it('is for owners only: a manager holding every permission but not the owner role gets 403, signed out 401', async () => {
    const site = await createInstalledSite();
    const { db } = site.deps;
    await db
      .insert(roles)
      .values({ id: 'manager', name: 'manager', description: 'Everything but owning', permissions: allPermissions });
    const manager = await createUser(
      db,
      {
        firstName: 'Mina',
        lastName: 'Manager',
        about: 'Runs things',
        userName: 'manager',
        password: 'Lantern river copper 8812',
      },
      ['manager'],
      site.deps.passwordIterations,
    );
    expect(await db.$count(userRoles, sql`${userRoles.userId} = ${manager}`)).toBe(1);
    const managerCookie = await loginAs(site.deps, manager);
    for (const cookie of [managerCookie, site.cookies.editor, site.cookies.member]) {
      const response = await site.app.request('/api/backup', { headers: { cookie } });
      expect(response.status).toBe(403);
      expect(response.headers.get('content-disposition')).toBeNull();
    }
    expect((await site.app.request('/api/backup')).status).toBe(401);
  });

  it('answers GET only; refuses a download another site starts; 501 where the platform has no backups', async () => {
    const site = await createInstalledSite();
    const cookie = site.cookies.owner;
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await site.app.request('/api/backup', {
        method,
        headers: { cookie, origin: 'http://localhost', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status, method).toBe(404);
    }
    const crossSite = await site.app.request('/api/backup', { headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);

    const workers = createApp({ ...site.deps, backup: undefined });
    const response = await workers.request('/api/backup', { headers: { cookie, 'accept-language': 'en' } });
    expect(response.status).toBe(501);
    expect(((await response.json()) as { message: string }).message).toMatch(/cannot be downloaded on this platform/);
  });

  it('names the file after the site and the day, in ASCII whatever the name', () => {
    const at = new Date('2026-11-23T22:10:00Z');
    expect(backupFileName('My Notebook', at)).toBe('my-notebook-backup-2026-11-23.tar.gz');
    expect(backupFileName('Café "quotes"/..\\', at)).toBe('cafe-quotes-backup-2026-11-23.tar.gz');
    expect(backupFileName('دفتر', at)).toBe('daftar-backup-2026-11-23.tar.gz');
  });
});

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createSessionCookie, startInstalledServer, withSiteDatabase } from '../support/install';
import { expect, test } from './fixtures';

/*
 * The review's reproduction of F-7 (../shared/reviews/2026-12-07-scale-out.md): the built server
 * runs with its wall clock an hour ahead (libfaketime, the offset read from a file on every call,
 * the monotonic clock left alone as NTP leaves it), then the clock steps back to the true time and
 * a build is scheduled a few seconds ahead. It used to stay unpublished for the hour (the job
 * runner compared the wall clock with its last run); it must publish within seconds of its time.
 */

const LIBFAKETIME = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/faketime/libfaketime.so.1'].find((file) =>
  existsSync(file),
);

test('a build scheduled after the wall clock stepped back an hour publishes on time (F-7)', async () => {
  test.skip(!LIBFAKETIME, 'needs libfaketime (Debian: apt-get install -y faketime)');
  test.setTimeout(120_000);
  const folder = mkdtempSync(path.join(tmpdir(), 'daftar-clock-'));
  const offset = path.join(folder, 'offset');
  writeFileSync(offset, '+1h\n');
  const server = await startInstalledServer({
    LD_PRELOAD: LIBFAKETIME!,
    FAKETIME_TIMESTAMP_FILE: offset,
    FAKETIME_NO_CACHE: '1',
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  });
  try {
    // The server's jobs ran on the fast clock: the scheduled-publish job's lease (left to lapse
    // after each run) and the process's heartbeat end about an hour from now.
    const leaseEnd = (name: string) =>
      withSiteDatabase(server, async (db) => {
        const [row] = await db.all<{ at: number | null }>(sql`select max(expires_at) as at from leases where name like ${name}`);
        return row?.at ?? 0;
      });
    await expect.poll(() => leaseEnd('job:scheduled-publish'), { timeout: 30_000 }).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(await leaseEnd('process:%')).toBeGreaterThan(Date.now() + 30 * 60_000);

    // The clock steps back to the true time.
    writeFileSync(offset, '+0\n');
    const cookie = await createSessionCookie(server, 'owner');
    const headers = { cookie: `${cookie.name}=${cookie.value}`, 'content-type': 'application/json' };
    const saved = await fetch(`${server.url}/api/pages/en/logs/on-time`, {
      method: 'PUT',
      headers: { ...headers, 'if-none-match': '*' },
      body: JSON.stringify({ frontMatter: { title: 'On time' }, body: 'Published when it was due.' }),
    });
    expect(saved.status).toBe(200);
    const due = Date.now() + 8_000;
    const scheduled = await fetch(`${server.url}/api/builds/publish`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ at: new Date(due).toISOString() }),
    });
    expect(scheduled.status).toBe(202);

    // Published within seconds of its time (the job looks every 5 s), not an hour later.
    await expect
      .poll(async () => (await fetch(`${server.url}/en/logs/on-time`)).status, { timeout: 45_000, intervals: [1000] })
      .toBe(200);
    expect(Date.now() - due).toBeLessThan(30_000);
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});

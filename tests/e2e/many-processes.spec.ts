import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { eq, sql } from 'drizzle-orm';
import { builds, leases, pageViews } from '../../server/db/schema';
import { createSessionCookie, OWNER, startInstalledServer, withSiteDatabase } from '../support/install';
import { type RunningServer, startServer } from '../support/server';

/*
 * One site, many processes (issue 23), with real built servers (`npm run serve`'s command) on one
 * data folder — no mocks: the jobs and their leases, the abuse limits kept in the database,
 * WEB_CONCURRENCY, and a clean stop on SIGTERM. Every site here is installed through the API
 * in the running server, the path a new owner takes.
 */

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

/** An API call as a signed-in role (or anonymous), from the server's own origin. */
async function api(server: RunningServer, cookie: string | undefined, method: string, url: string, body?: unknown) {
  return fetch(`${server.url}${url}`, {
    method,
    headers: {
      origin: server.url,
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...(method === 'PUT' ? { 'if-none-match': '*' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function editorCookie(server: RunningServer) {
  const { name, value } = await createSessionCookie(server, 'editor');
  return `${name}=${value}`;
}

/** A page saved into the open build. */
async function savePage(server: RunningServer, cookie: string, slug: string) {
  const saved = await api(server, cookie, 'PUT', `/api/pages/en/logs/${slug}`, {
    frontMatter: { title: `Post ${slug}`, date: '2026-11-20' },
    body: 'Written by a test of many processes.',
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
}

/** The number of commits in the site's local content repository. */
function commitCount(dataDir: string) {
  return Number(
    execFileSync('git', ['rev-list', '--count', 'HEAD'], { cwd: path.join(dataDir, 'repo') })
      .toString()
      .trim(),
  );
}

/**
 * A site installed through the API in a server that is then stopped, so the test can start its own
 * servers on the same data folder (removed after the test).
 */
async function installedDataFolder() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'daftar-many-'));
  const installer = await startInstalledServer({ DATA_DIR: dataDir });
  await installer.stop();
  return { dataDir, [Symbol.dispose]: () => rmSync(dataDir, { recursive: true, force: true }) };
}

test.describe.configure({ mode: 'serial' });

test('a site installed in the running server runs its timed work: a scheduled publish lands, the jobs take their leases', async () => {
  const server = await startInstalledServer();
  try {
    const cookie = await editorCookie(server);
    await savePage(server, cookie, 'later');
    const at = new Date(Date.now() + 3000).toISOString();
    const scheduled = await api(server, cookie, 'POST', '/api/builds/publish', { at });
    expect(scheduled.status).toBe(202);
    expect((await fetch(`${server.url}/en/logs/later`)).status).toBe(404);
    await expect.poll(async () => (await fetch(`${server.url}/en/logs/later`)).status, { timeout: 20_000 }).toBe(200);
    // Every job ran in this process once the site was installed (each run takes its lease first):
    // the session purge, the newsletter queue, the roll-ups and the purge of expired rows.
    const held = await withSiteDatabase(server, (db) => db.select({ name: leases.name }).from(leases));
    const names = held.map((row) => row.name);
    for (const job of ['session-purge', 'newsletter-queue', 'page-view-roll-up', 'expired-rows', 'interrupted-publishes'])
      expect(names, job).toContain(`job:${job}`);
    expect(names.some((name) => name.startsWith('process:'))).toBe(true);
  } finally {
    await server.stop();
  }
});

test('two servers on one data folder hold one login limit: 5 wrong passwords in all, then 429 from either', async () => {
  using folder = await installedDataFolder();
  const first = await startServer({ DATA_DIR: folder.dataDir });
  const second = await startServer({ DATA_DIR: folder.dataDir });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const server = i % 2 ? second : first;
      const response = await api(server, undefined, 'POST', '/api/auth/login', { userName: OWNER.userName, password: 'wrong' });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  } finally {
    await second.stop();
    await first.stop();
  }
});

test('with WEB_CONCURRENCY=2 a scheduled publish lands exactly once (one git commit), and SIGTERM stops every process', async () => {
  using folder = await installedDataFolder();
  const server = await startServer({ DATA_DIR: folder.dataDir, WEB_CONCURRENCY: '2' });
  try {
    await expect.poll(() => server.output()).toMatch(/2 processes/);
    const cookie = await editorCookie(server);
    await savePage(server, cookie, 'once');
    const commitsBefore = commitCount(server.dataDir);
    const at = new Date(Date.now() + 3000).toISOString();
    expect((await api(server, cookie, 'POST', '/api/builds/publish', { at })).status).toBe(202);
    await expect.poll(async () => (await fetch(`${server.url}/en/logs/once`)).status, { timeout: 20_000 }).toBe(200);
    // Both processes checked for the due build every few seconds: wait out a few more checks.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(commitCount(server.dataDir)).toBe(commitsBefore + 1);
    const published = await withSiteDatabase(server, (db) =>
      db.select({ id: builds.id }).from(builds).where(eq(builds.status, 'published')),
    );
    expect(published.length).toBeGreaterThan(0);
  } finally {
    await server.stop();
  }
  expect(server.output()).not.toMatch(/Serving process \d+ ended/);
});

test('SIGTERM after N page views: all N are counted after the restart', async () => {
  using folder = await installedDataFolder();
  const server = await startServer({ DATA_DIR: folder.dataDir });
  const views = 40;
  const viewed = (db: Parameters<Parameters<typeof withSiteDatabase>[1]>[0]) =>
    db
      .select({ n: sql<number>`coalesce(sum(${pageViews.views}), 0)` })
      .from(pageViews)
      .where(eq(pageViews.locale, 'en'));
  const before = Number((await withSiteDatabase(server, viewed))[0]?.n ?? 0);
  for (let i = 0; i < views; i++) {
    const response = await fetch(`${server.url}/en`, { headers: { 'user-agent': BROWSER, accept: 'text/html' } });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  }
  await server.stop(); // SIGTERM, at once: the views still wait in memory
  expect(server.output()).toMatch(/SIGTERM: stopping/);
  const restarted = await startServer({ DATA_DIR: folder.dataDir });
  try {
    const after = Number((await withSiteDatabase(restarted, viewed))[0]?.n ?? 0);
    expect(after - before).toBe(views);
  } finally {
    await restarted.stop();
  }
});

test('a server starting while another one publishes leaves that publish alone', async () => {
  using folder = await installedDataFolder();
  const first = await startServer({ DATA_DIR: folder.dataDir });
  try {
    const cookie = await editorCookie(first);
    await savePage(first, cookie, 'in-flight');
    // The open build as the first server holds it mid-publish (its commit not made yet).
    const building = await withSiteDatabase(first, async (db) => {
      const [open] = await db
        .update(builds)
        .set({ status: 'publishing', publishingSince: new Date() })
        .where(eq(builds.status, 'open'))
        .returning({ id: builds.id });
      return open?.id;
    });
    expect(building).toBeDefined();
    const second = await startServer({ DATA_DIR: folder.dataDir });
    try {
      // The second server's jobs have looked at it by now (they run at start); the first is alive.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const [row] = await withSiteDatabase(first, (db) =>
        db
          .select({ status: builds.status })
          .from(builds)
          .where(eq(builds.id, building as number)),
      );
      expect(row?.status).toBe('publishing');
    } finally {
      await second.stop();
    }
  } finally {
    await first.stop();
  }
});

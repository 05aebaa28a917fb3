import fs, { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import git from 'isomorphic-git';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { comments, commits, newsletterSubscribers, pages, settings, users } from '../../server/db/schema';
import type { Mailer } from '../../server/mail/mailer';
import { SITE_SETTINGS_KEY } from '../../server/services/site';
import { TEST_DATABASE_FILE } from '../../tests/support/database';
import { imageBytes } from '../../tests/support/images';
import { createInstalledSite } from '../../tests/support/site';
import { createBackup, restoreBackup } from './backup';
import { createNodeDatabase } from './database';
import { createLocalRepository } from './local-repository';

/*
 * The "done when": a backup taken in the middle of a 30-second mixed write load restores
 * to a site where everything that existed at the snapshot is there. Four writers go through the
 * real API the whole time — people registering and commenting, readers subscribing, the owner
 * saving settings, an editor uploading images and publishing pages — and the backup is taken at
 * 15 s. Everything whose write had finished before the backup started must be in the restored
 * site; nothing whose write started after the backup ended may be; the manifest's counts are the
 * restored database's. `BACKUP_LOAD_SECONDS` changes the length (30 by default).
 */

const LOAD_MS = Number(process.env.BACKUP_LOAD_SECONDS ?? 30) * 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Write = { key: string; started: number; done: number };

describe('backup during a 30-second mixed write load', () => {
  it(
    'restores every user, comment, subscriber, setting, page and media file that existed at the snapshot',
    async () => {
      const site = await createInstalledSite({ TRUST_PROXY: 'true' });
      const sent: string[] = [];
      const mailer: Mailer = { description: 'test', send: async (message) => void sent.push(message.to) };
      const app = createApp({ ...site.deps, mailer });
      const dataDir = path.dirname(site.deps.contentRepository!.location);
      const source = { db: site.deps.db, dataDir, databaseUrl: `file:${path.join(dataDir, TEST_DATABASE_FILE)}` };

      const request = (method: string, url: string, { cookie, ip, body }: { cookie?: string; ip?: string; body?: unknown }) =>
        app.request(url, {
          method,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(ip ? { 'x-forwarded-for': ip } : {}),
            ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
        });
      const ok = async (response: Response, what: string) => {
        if (response.status >= 300) throw new Error(`${what}: ${response.status} ${await response.text()}`);
        return response;
      };

      const writes: Record<'users' | 'comments' | 'subscribers' | 'settings' | 'pages' | 'media', Write[]> = {
        users: [],
        comments: [],
        subscribers: [],
        settings: [],
        pages: [],
        media: [],
      };
      const started = performance.now();
      let backupEnd: number | undefined;
      // Each kind writes for LOAD_MS and then, on a machine too busy to have managed it, until it has
      // written once after the backup (at most LOAD_MS more): the checks below need both sides.
      const running = (...kinds: (keyof typeof writes)[]) => {
        const elapsed = performance.now() - started;
        if (elapsed < LOAD_MS) return true;
        const after = backupEnd;
        return (
          elapsed < LOAD_MS * 2 &&
          kinds.some((kind) => after === undefined || !writes[kind].some((write) => write.started > after))
        );
      };
      const ipOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      let ips = 0;

      /** Runs `write` and records when it started and when its answer came. */
      async function track(kind: keyof typeof writes, write: () => Promise<string>) {
        const at = performance.now();
        const key = await write();
        writes[kind].push({ key, started: at, done: performance.now() });
      }

      const people = async () => {
        for (let n = 0; running('users', 'comments'); n++) {
          const userName = `load-user-${n}`;
          let cookie = '';
          await track('users', async () => {
            const response = await ok(
              await request('POST', '/api/auth/register', {
                ip: ipOf(++ips),
                body: {
                  firstName: 'Load',
                  lastName: 'Tester',
                  about: 'Writes a lot',
                  userName,
                  password: 'Lantern river copper 8812',
                },
              }),
              'register',
            );
            cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
            return userName;
          });
          await track('comments', async () => {
            const response = await ok(
              await request('POST', '/api/comments', {
                cookie,
                ip: ipOf(++ips),
                body: { locale: 'en', path: 'logs/welcome-to-daftar', body: `Comment number ${n}` },
              }),
              'comment',
            );
            return String(((await response.json()) as { id: number }).id);
          });
          // Sign-ups are paced: each one's password-strength check (zxcvbn) holds the event loop
          // for a while, and back to back they would starve every other writer.
          await sleep(250);
        }
      };
      const readers = async () => {
        for (let n = 0; running('subscribers'); n++) {
          await track('subscribers', async () => {
            const email = `reader-${n}@example.com`;
            await ok(
              await request('POST', '/api/newsletter/subscribe', {
                ip: ipOf(++ips),
                body: { email, locale: n % 2 ? 'en' : 'fa' },
              }),
              'subscribe',
            );
            return email;
          });
          await sleep(5);
        }
      };
      const owner = async () => {
        const current = (await (await request('GET', '/api/settings', { cookie: site.cookies.owner })).json()) as {
          siteName: { fa: string; en: string };
        };
        for (let n = 0; running('settings'); n++) {
          await track('settings', async () => {
            await ok(
              await request('PUT', '/api/settings', {
                cookie: site.cookies.owner,
                body: { ...current, siteName: { ...current.siteName, en: `Load ${n}` } },
              }),
              'settings',
            );
            return String(n);
          });
          await sleep(50);
        }
      };
      const editor = async () => {
        for (let n = 0; running('media', 'pages'); n++) {
          let media = '';
          await track('media', async () => {
            const form = new FormData();
            form.set('file', new Blob([imageBytes('png')], { type: 'image/png' }), `load-${n}.png`);
            const response = await ok(await request('POST', '/api/media', { cookie: site.cookies.editor, body: form }), 'upload');
            media = ((await response.json()) as { path: string }).path;
            return media;
          });
          await track('pages', async () => {
            await ok(
              await request('PUT', `/api/pages/en/load/page-${n}`, {
                cookie: site.cookies.editor,
                body: {
                  frontMatter: { title: `Load page ${n}`, date: '2026-11-23' },
                  body: `![A picture](/${media})\n\nPage ${n}.\n`,
                },
              }),
              'page',
            );
            await ok(
              await request('POST', '/api/builds/publish', { cookie: site.cookies.editor, body: { title: `Load ${n}` } }),
              'publish',
            );
            return `load/page-${n}`;
          });
        }
      };

      const archive = path.join(mkdtempSync(path.join(tmpdir(), 'daftar-backup-load-')), 'site.tar.gz');
      const backup = (async () => {
        // Half-way, once every kind has written (a busy machine can take longer for the first page).
        await sleep(LOAD_MS / 2);
        while (Object.values(writes).some((list) => list.length === 0) && performance.now() - started < LOAD_MS) await sleep(100);
        const at = performance.now();
        const manifest = await createBackup(source, archive);
        backupEnd = performance.now();
        return { manifest, at, end: backupEnd };
      })();
      await Promise.all([people(), readers(), owner(), editor()]);
      const { manifest, at: backupStart, end: backupFinished } = await backup;
      const total = Object.fromEntries(Object.entries(writes).map(([kind, list]) => [kind, list.length]));
      console.info(
        `backup-load: ${LOAD_MS / 1000} s of writes ${JSON.stringify(total)}; backup at ${((backupStart - started) / 1000).toFixed(1)} s took ${((backupFinished - backupStart) / 1000).toFixed(1)} s; manifest ${JSON.stringify(manifest.counts)}`,
      );
      // The load was real on every front, before and after the backup.
      for (const [kind, list] of Object.entries(writes)) {
        expect(list.filter((write) => write.done < backupStart).length, `${kind} before the backup`).toBeGreaterThan(0);
        expect(list.filter((write) => write.started > backupFinished).length, `${kind} after the backup`).toBeGreaterThan(0);
      }

      const target = path.join(mkdtempSync(path.join(tmpdir(), 'daftar-backup-load-')), 'restored');
      const restored = await restoreBackup(archive, target);
      expect(restored.counts).toEqual(manifest.counts);
      const { db, close } = await createNodeDatabase(`file:${path.join(target, 'daftar.db')}`);
      try {
        /** What the restored site holds of one kind: before the backup all, after it none. */
        const expectSnapshot = (kind: keyof typeof writes, present: Set<string>) => {
          const before = writes[kind].filter((write) => write.done < backupStart).map((write) => write.key);
          const after = writes[kind].filter((write) => write.started > backupFinished).map((write) => write.key);
          expect(
            before.filter((key) => !present.has(key)),
            `${kind} written before the backup but missing from it`,
          ).toEqual([]);
          expect(
            after.filter((key) => present.has(key)),
            `${kind} written after the backup but in it`,
          ).toEqual([]);
        };
        const userRows = await db.select({ username: users.username }).from(users).where(like(users.username, 'load-user-%'));
        expectSnapshot('users', new Set(userRows.map((row) => row.username)));
        expect(manifest.counts.users).toBe(3 + userRows.length);
        const commentRows = await db.select({ id: comments.id }).from(comments);
        expectSnapshot('comments', new Set(commentRows.map((row) => String(row.id))));
        const readerRows = await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers);
        expectSnapshot('subscribers', new Set(readerRows.map((row) => row.email)));
        const pageRows = await db
          .select({ slug: pages.slug, sourcePath: pages.sourcePath })
          .from(pages)
          .where(and(eq(pages.locale, 'en'), like(pages.slug, 'load/%')));
        expectSnapshot('pages', new Set(pageRows.map((row) => row.slug)));
        const mediaRows = await db
          .select({ path: commits.path, blobSha: commits.blobSha })
          .from(commits)
          .where(like(commits.path, 'media/%'));
        expectSnapshot('media', new Set(mediaRows.map((row) => row.path)));

        // The settings are those of a save between the last one finished before and the first one started after.
        const [siteRow] = await db.select().from(settings).where(eq(settings.key, SITE_SETTINGS_KEY));
        const saved = Number((siteRow!.value as { siteName: { en: string } }).siteName.en.replace('Load ', ''));
        const lastBefore = Math.max(
          ...writes.settings.filter((write) => write.done < backupStart).map((write) => Number(write.key)),
        );
        const firstAfter = Math.min(
          ...writes.settings.filter((write) => write.started > backupFinished).map((write) => Number(write.key)),
        );
        expect(saved).toBeGreaterThanOrEqual(lastBefore);
        expect(saved).toBeLessThan(firstAfter);

        // The restored repository is whole: every indexed page's file and every uploaded image's bytes are in it.
        const repository = createLocalRepository(path.join(target, 'repo'));
        expect(await repository.head()).toMatch(/^[0-9a-f]{40}$/);
        for (const row of pageRows) expect(await repository.readFile(row.sourcePath), row.sourcePath).not.toBeNull();
        const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
        for (const row of mediaRows) {
          const { blob } = await git.readBlob({ fs, dir: path.join(target, 'repo'), oid: row.blobSha ?? '' });
          expect(Buffer.from(blob).subarray(0, 4).equals(pngSignature), row.path).toBe(true);
        }
      } finally {
        close();
      }
    },
    LOAD_MS * 3 + 60_000,
  );
});

import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client, createAuthoringSite, hello } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { createApp } from '../app';
import type { ContentRepository } from '../content/repository';
import type { Database } from '../db/database';
import { errorForLog } from '../errors';
import { handleError } from './errors';

/*
 * Faults of the storage say what they are (review 2026-12-07 scale-out F-8, F-10): a full disk is
 * a 507, a database locked past the wait or a refused write a 503, each in the request's language,
 * never a bare 500; the log names the fault without a page's text. The disk is filled for real
 * inside SQLite (`max_page_count`: the database may not grow, SQLITE_FULL as on a full disk), and a
 * repository refusing writes is a stand-in that throws what Node's file system throws.
 */

const errors = () => vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => vi.restoreAllMocks());

/** A text no log line may hold: a whole page's body. */
const bigBody = (marker: string) => `${marker} ${'متن فارسی and English words, over and over. '.repeat(3000)}`;

/** The database may not grow past its current size (SQLite's own SQLITE_FULL), or again may. */
async function fillDisk(db: Database, full: boolean) {
  if (!full) {
    await db.run(sql.raw('PRAGMA max_page_count = 1073741823'));
    return;
  }
  const [row] = await db.all<{ page_count: number }>(sql.raw('PRAGMA page_count'));
  await db.run(sql.raw(`PRAGMA max_page_count = ${row!.page_count}`));
}

describe('a full disk', () => {
  it('a save answers 507 "the disk is full: nothing was saved" in both languages, logs no page text, and works again once there is room', async () => {
    const site = await createAuthoringSite();
    const log = errors();
    await fillDisk(site.deps.db, true);
    const body = bigBody('SECRET-PAGE-TEXT');
    const en = await client(site, 'editor', 'en').put('/api/pages/en/logs/full-disk', { ...hello, body });
    expect(en.status).toBe(507);
    expect((await json(en)).message).toBe(
      'The server’s disk is full: nothing was saved. Ask the site’s operator to free some space, then try again.',
    );
    const fa = await client(site, 'editor', 'fa').put('/api/pages/en/logs/full-disk', { ...hello, body });
    expect(fa.status).toBe(507);
    expect((await json(fa)).message).toMatch(/^دیسک سرور پر است: چیزی ذخیره نشد\./);
    // The operator's log names the fault and the request, not the page's text.
    const logged = log.mock.calls.map((args) => args.join(' ')).join('\n');
    expect(logged).toContain('PUT /api/pages/en/logs/full-disk answered 507');
    expect(logged).toMatch(/SQLITE_FULL|database or disk is full/);
    expect(logged).not.toContain('SECRET-PAGE-TEXT');
    expect(logged.length).toBeLessThan(8000);
    // Nothing was saved.
    expect((await client(site).get('/api/pages/en/logs/full-disk')).status).toBe(404);

    await fillDisk(site.deps.db, false);
    const saved = await client(site).put('/api/pages/en/logs/full-disk', { ...hello, body });
    expect(saved.status).toBe(200);
  });

  it('a publish whose repository write meets ENOSPC answers 507, and the build stays open to publish again', async () => {
    let full = true;
    const site = await createAuthoringSite();
    const repository = site.deps.contentRepository as ContentRepository;
    const failing: ContentRepository = new Proxy(repository, {
      get(target, property) {
        if (property === 'commit' && full)
          return async () => {
            throw Object.assign(new Error("ENOSPC: no space left on device, write '.git/objects/ab/cdef'"), {
              code: 'ENOSPC',
              errno: -28,
            });
          };
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const app = createApp({ ...site.deps, contentRepository: failing });
    const owner = client({ app, cookies: site.cookies }, 'owner', 'fa');
    expect((await owner.put('/api/pages/en/logs/hello', hello)).status).toBe(200);
    const log = errors();
    const refused = await owner.post('/api/builds/publish', { title: 'On a full disk' });
    expect(refused.status).toBe(507);
    expect((await json(refused)).message).toMatch(/^دیسک سرور پر است: چیزی ذخیره نشد/);
    expect(log.mock.calls.map((args) => args.join(' ')).join('\n')).toContain('ENOSPC: no space left on device');
    expect(await json(await owner.get('/api/builds/open'))).toMatchObject({ status: 'open' });
    full = false;
    expect((await owner.post('/api/builds/publish', { title: 'Room again' })).status).toBe(200);
  });
});

describe('the answer and the log of each fault', () => {
  /** An app whose one route fails as the database or the file system would. */
  function failingApp(error: unknown) {
    const app = new Hono();
    app.onError(handleError);
    app.put('/api/x', () => {
      throw error;
    });
    return app;
  }
  const drizzleFailure = (cause: Error) =>
    new DrizzleQueryError('insert into "commits" ("content") values (?)', [bigBody('PARAM-TEXT')], cause);
  const libsql = (message: string, code: string) => Object.assign(new Error(message), { code, name: 'LibsqlError' });

  it.each([
    [
      'a database locked past the wait',
      drizzleFailure(libsql('SQLITE_BUSY: database is locked', 'SQLITE_BUSY')),
      503,
      'The database is busy: nothing was saved. Try again in a moment.',
      'پایگاه داده مشغول است: چیزی ذخیره نشد. چند لحظهٔ دیگر دوباره امتحان کنید.',
    ],
    [
      'a full database disk',
      drizzleFailure(libsql('SQLITE_FULL: database or disk is full', 'SQLITE_FULL')),
      507,
      'The server’s disk is full: nothing was saved. Ask the site’s operator to free some space, then try again.',
      'دیسک سرور پر است: چیزی ذخیره نشد. از گردانندهٔ سایت بخواهید کمی فضا آزاد کند و سپس دوباره امتحان کنید.',
    ],
    [
      'a read-only database file',
      drizzleFailure(libsql('SQLITE_READONLY: attempt to write a readonly database', 'SQLITE_READONLY')),
      503,
      'The server could not write to its storage: nothing was saved. Try again in a moment; if it keeps failing, tell the site’s operator.',
      'سرور نتوانست در فضای ذخیره‌سازی‌اش بنویسد: چیزی ذخیره نشد. کمی بعد دوباره امتحان کنید و اگر باز هم نشد، به گردانندهٔ سایت خبر دهید.',
    ],
    [
      'a file write refused (media, repository)',
      Object.assign(new Error("EACCES: permission denied, open '/data/repo/.git/objects/x'"), { code: 'EACCES' }),
      503,
      'The server could not write to its storage: nothing was saved. Try again in a moment; if it keeps failing, tell the site’s operator.',
      'سرور نتوانست در فضای ذخیره‌سازی‌اش بنویسد: چیزی ذخیره نشد. کمی بعد دوباره امتحان کنید و اگر باز هم نشد، به گردانندهٔ سایت خبر دهید.',
    ],
  ])(
    '%s: its status and message in both languages, never the statement values in the log',
    async (_what, error, status, en, fa) => {
      const log = errors();
      const app = failingApp(error);
      const english = await app.request('/api/x', { method: 'PUT', headers: { 'x-locale': 'en' } });
      expect(english.status).toBe(status);
      expect(await english.json()).toEqual({ statusCode: status, message: en });
      if (status === 503) expect(english.headers.get('retry-after')).toBe('5');
      const persian = await app.request('/api/x', { method: 'PUT', headers: { 'x-locale': 'fa' } });
      expect(((await persian.json()) as { message: string }).message).toBe(fa);
      const logged = log.mock.calls.map((args) => args.join(' ')).join('\n');
      expect(logged).toContain(`PUT /api/x answered ${status}`);
      expect(logged).not.toContain('PARAM-TEXT');
    },
  );

  it('any other failure is a 500 whose log line keeps the SQL and the cause but not the values', async () => {
    const log = errors();
    const app = failingApp(drizzleFailure(libsql('SQLITE_CONSTRAINT: CHECK constraint failed', 'SQLITE_CONSTRAINT')));
    const response = await app.request('/api/x', { method: 'PUT' });
    expect(response.status).toBe(500);
    const logged = log.mock.calls.map((args) => args.join(' ')).join('\n');
    expect(logged).toContain('insert into "commits"');
    expect(logged).toContain('params: (not logged)');
    expect(logged).toContain('caused by: LibsqlError [SQLITE_CONSTRAINT]: SQLITE_CONSTRAINT: CHECK constraint failed');
    expect(logged).not.toContain('PARAM-TEXT');
  });

  it('errorForLog shortens a long message, survives a cycle of causes and non-Error values', () => {
    const long = new Error(`x${'y'.repeat(5000)}`);
    expect(errorForLog(long).split('\n')[0]!.length).toBeLessThan(700);
    const a: Error & { cause?: unknown } = new Error('a');
    a.cause = a;
    expect(
      errorForLog(a)
        .split('\n')
        .filter((line) => line.includes(': a')).length,
    ).toBe(5);
    expect(errorForLog('plain words')).toBe('plain words');
    expect(errorForLog(undefined)).toBe('');
  });
});

import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { describeImport, importExportFile, writeExportFile } from '../../platforms/node/export-file';
import { TEST_PASSWORD_ITERATIONS } from '../../tests/support/config';
import { createTestDatabase } from '../../tests/support/database';
import { createInstalledSite } from '../../tests/support/site';
import { MAX_PASSWORD_ITERATIONS, verifyPassword } from '../auth/password';
import type { Database } from '../db/database';
import { comments, newsletterSubscribers, roles, settings, userRoles, users } from '../db/schema';
import { cliResetLink } from './admin-cli';
import { resetPassword } from './password-resets';
import { isInstalled, SITE_SETTINGS_KEY } from './site';
import { EXPORT_VERSION, exportSite, importSite, parseSiteExport, type SiteExportFile } from './site-export';
import { createUser } from './users';

const HOSTILE_NAME = '<img src=x onerror="alert(1)"><script>alert(2)</script>';

/** Everything an export covers, read straight from the tables, in a stable order. */
async function snapshot(db: Database) {
  const sortBy = <T>(rows: T[], key: (row: T) => string) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));
  return {
    users: sortBy(await db.select().from(users), (row) => row.id),
    roles: sortBy(
      (await db.select().from(roles)).map(({ createdAt, ...role }) => ({ ...role, createdAt: createdAt.getTime() })),
      (row) => row.id,
    ),
    userRoles: sortBy(await db.select().from(userRoles), (row) => `${row.userId} ${row.roleId}`),
    settings: sortBy(
      (await db.select().from(settings)).map(({ key, value }) => ({ key, value })),
      (row) => row.key,
    ),
    comments: await db.select().from(comments).orderBy(comments.id),
    subscribers: sortBy(
      (await db.select().from(newsletterSubscribers)).map(({ id, ...row }) => row),
      (row) => row.email,
    ),
  };
}

/** An installed site with something in every table an export covers. */
async function siteWithPeople() {
  const site = await createInstalledSite();
  const { db } = site.deps;
  await db
    .insert(roles)
    .values({ id: 'moderator', name: 'moderator', description: 'Keeps order', permissions: ['comments.read', 'comments.edit'] });
  const writer = await createUser(
    db,
    { firstName: 'Sara', lastName: 'Karimi', about: 'Writes', userName: 'writer', password: 'Lantern river copper 8812' },
    ['member', 'moderator'],
    site.deps.passwordIterations,
  );
  await db.update(users).set({ displayName: HOSTILE_NAME }).where(eq(users.id, writer));
  const [first] = await db
    .insert(comments)
    .values({ locale: 'fa', pageSlug: 'logs/hello', userId: writer, body: 'سلام، نوشتهٔ خوبی بود.', status: 'approved' })
    .returning({ id: comments.id });
  await db.insert(comments).values([
    { locale: 'fa', pageSlug: 'logs/hello', userId: site.ids.owner, parentId: first?.id, body: 'ممنون!', status: 'approved' },
    { locale: 'en', pageSlug: 'about', userId: site.ids.member, body: 'Waiting for a moderator', status: 'pending' },
  ]);
  await db.insert(newsletterSubscribers).values([
    { email: 'reader@example.com', locale: 'fa', status: 'subscribed', confirmedAt: new Date() },
    { email: 'Gone@Example.com', locale: 'en', status: 'unsubscribed', unsubscribedAt: new Date(), userId: site.ids.member },
  ]);
  return { ...site, writer };
}

/** A migrated, empty database: where a moved site's people land. */
async function emptyDatabase() {
  return (await createTestDatabase({ migrate: true })).db;
}

const asFile = (document: SiteExportFile) => JSON.stringify(document);

describe('JSON export and import', () => {
  it('export → import into a fresh database reproduces users, roles, settings, comments and subscribers; a second import changes nothing', async () => {
    const site = await siteWithPeople();
    const document = await exportSite(site.deps.db, { withSecrets: true });
    expect(document).toMatchObject({ format: 'daftar-export', version: EXPORT_VERSION, withSecrets: true });
    const target = await emptyDatabase();

    // This site writes the tests' count; the import accepts hashes from there up.
    const options = { passwordIterations: site.deps.passwordIterations };
    const first = await importSite(target, parseSiteExport(asFile(document)), options);
    expect(first.skipped).toEqual([]);
    // Five settings rows: the site remembers the dashboard menu entries it was offered (dash_menu_seen)
    // and the public address it was installed at (site_address, server/site-origin.ts).
    expect(first.created).toEqual({ users: 4, roles: 4, userRoles: 5, settings: 5, comments: 3, subscribers: 2 });
    expect(await snapshot(target)).toEqual(await snapshot(site.deps.db));
    // The moved site is installed (its install record came along) and its people sign in as before.
    expect(await isInstalled(target)).toBe(true);
    const owner = document.users.find((user) => user.username === 'owner');
    const [row] = await target
      .select()
      .from(users)
      .where(eq(users.id, owner?.id ?? ''));
    expect(await verifyPassword('test-password', row?.passwordHash ?? '')).toBe(true);

    const again = await importSite(target, parseSiteExport(asFile(document)), options);
    expect(again.created).toEqual({ users: 0, roles: 0, userRoles: 0, settings: 0, comments: 0, subscribers: 0 });
    expect(again.updated).toEqual(again.created);
    expect(again.unchanged).toEqual(first.created);
    expect(again.skipped).toEqual([]);
  });

  it("writes new comments as multi-row inserts within D1's limits, not one statement each (F-25: memory)", async () => {
    const site = await siteWithPeople();
    const document = await exportSite(site.deps.db);
    const [author] = document.users;
    const base = Date.parse('2026-11-01T00:00:00Z');
    document.comments = Array.from({ length: 2_000 }, (_, i) => ({
      id: i + 1,
      locale: 'en' as const,
      pageSlug: 'about',
      userId: author?.id ?? '',
      // Every third one answers the one before it: parents must still land before their replies.
      parentId: i % 3 === 2 ? i : null,
      body: `Comment ${i}`,
      status: 'approved' as const,
      createdAt: new Date(base + i * 1000).toISOString(),
      updatedAt: null,
    }));
    // A database that refuses what D1 refuses (100 bound parameters, 100 KB a statement).
    const { db: target } = await createTestDatabase({ migrate: true, d1Limits: true });
    const batch = vi.spyOn(target, 'batch');
    const report = await importSite(target, parseSiteExport(asFile(document)));
    expect(report.created.comments).toBe(2_000);
    expect(await target.$count(comments)).toBe(2_000);
    // One statement a row took about 10 KB of memory apiece: 200 000 comments took 2.6 GB.
    const statements = (batch.mock.calls[0]?.[0] ?? []) as unknown[];
    expect(statements.length).toBeLessThan(400);
  });

  it('without secrets, users arrive without a password: they sign in only after a reset link', async () => {
    const site = await siteWithPeople();
    const document = await exportSite(site.deps.db);
    expect(JSON.stringify(document)).not.toContain('pbkdf2');
    expect(document.users.every((user) => !('passwordHash' in user))).toBe(true);
    const target = await emptyDatabase();
    const report = await importSite(target, parseSiteExport(asFile(document)));
    expect(report.withoutPassword.sort()).toEqual(['editor', 'member', 'owner', 'writer']);
    const hashes = await target.select({ hash: users.passwordHash }).from(users);
    for (const { hash } of hashes) expect(await verifyPassword('test-password', hash)).toBe(false);
    // The documented way in: a one-time link from the CLI.
    const { url } = await cliResetLink(target, 'owner', { origin: 'https://daftar.example', locale: 'en' });
    await resetPassword(
      target,
      { token: new URL(url).searchParams.get('token') ?? '', password: 'Lantern river copper 8812' },
      1000,
    );
    const [owner] = await target.select().from(users).where(eq(users.username, 'owner'));
    expect(await verifyPassword('Lantern river copper 8812', owner?.passwordHash ?? '')).toBe(true);
  });

  it('a display name with HTML is kept as text and served as text', async () => {
    const site = await siteWithPeople();
    const target = await createInstalledSite();
    await importSite(target.deps.db, parseSiteExport(asFile(await exportSite(site.deps.db))));
    const [row] = await target.deps.db.select().from(users).where(eq(users.id, site.writer));
    expect(row?.displayName).toBe(HOSTILE_NAME);
    // The users list answers JSON (escaped by JSON.stringify, rendered by React as text).
    const response = await target.app.request('/api/users?query=writer', { headers: { cookie: target.cookies.owner } });
    const body = (await response.json()) as { items: { displayName: string }[] };
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body.items[0]?.displayName).toBe(HOSTILE_NAME);
  });

  it('reports what it skips: a user name held by another account here, with what depends on that user', async () => {
    const source = await siteWithPeople();
    const target = await createInstalledSite();
    // Another person already uses the name "writer" on the target site.
    const other = await createUser(
      target.deps.db,
      { firstName: 'Other', lastName: 'Person', about: 'Here first', userName: 'Writer', password: 'Lantern river copper 8812' },
      ['member'],
      target.deps.passwordIterations,
    );
    await target.deps.db
      .insert(newsletterSubscribers)
      .values({ email: 'READER@example.com', locale: 'en', status: 'unsubscribed' });
    const report = await importSite(target.deps.db, parseSiteExport(asFile(await exportSite(source.deps.db))));
    expect(report.skipped).toEqual([
      { kind: 'users', id: source.writer, reason: `the user name "writer" belongs to another account here (${other})` },
      { kind: 'userRoles', id: `${source.writer} member`, reason: `the user "${source.writer}" was skipped` },
      { kind: 'userRoles', id: `${source.writer} moderator`, reason: `the user "${source.writer}" was skipped` },
      { kind: 'comments', id: expect.any(String), reason: `its author "${source.writer}" was skipped` },
      { kind: 'comments', id: expect.any(String), reason: expect.stringMatching(/^the comment it answers \(\d+\) was skipped$/) },
      {
        kind: 'subscribers',
        id: 'reader@example.com',
        reason: "the address is on this site's list already (unsubscribed); kept as it is",
      },
    ]);
    // The template's owner, editor and member share their ids with the source: unchanged.
    expect(report.unchanged.users).toBe(3);
    expect(report.created).toMatchObject({ users: 0, roles: 1, comments: 1, subscribers: 1 });
    const [kept] = await target.deps.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'READER@example.com'));
    expect(kept?.status).toBe('unsubscribed');
  });

  it('updates what changed and bumps the settings version, so cached pages are rebuilt', async () => {
    const site = await siteWithPeople();
    const document = await exportSite(site.deps.db);
    const target = await emptyDatabase();
    await importSite(target, parseSiteExport(asFile(document)));
    const before = await target.select().from(settings).where(eq(settings.key, SITE_SETTINGS_KEY));
    const changed = structuredClone(document);
    const siteRow = changed.settings.find((row) => row.key === SITE_SETTINGS_KEY);
    (siteRow!.value as { siteName: { en: string } }).siteName.en = 'Moved notebook';
    const writer = changed.users.find((user) => user.username === 'writer');
    if (writer) writer.about = 'Writes, and moved';
    const report = await importSite(target, parseSiteExport(asFile(changed)));
    expect(report.updated).toEqual({ users: 1, roles: 0, userRoles: 0, settings: 1, comments: 0, subscribers: 0 });
    const after = await target.select().from(settings).where(eq(settings.key, SITE_SETTINGS_KEY));
    expect((after[0]!.value as { siteName: { en: string } }).siteName.en).toBe('Moved notebook');
    expect(after[0]?.updatedAt.getTime()).toBeGreaterThan(before[0]?.updatedAt.getTime() ?? 0);
  });

  it('a dry run reports the plan and writes nothing', async () => {
    const site = await siteWithPeople();
    const target = await emptyDatabase();
    const report = await importSite(target, parseSiteExport(asFile(await exportSite(site.deps.db))), { dryRun: true });
    expect(report).toMatchObject({ dryRun: true, created: { users: 4, comments: 3 } });
    expect(await target.$count(users)).toBe(0);
  });
});

describe('the CLI side', () => {
  it('prints what it did; a second run says nothing changed; a dry run into a database without tables says what to do', async () => {
    const site = await siteWithPeople();
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'daftar-export-test-')), 'site.json');
    await writeExportFile(site.deps.db, file);
    const empty = (await createTestDatabase({ migrate: false })).db;
    await expect(importExportFile(empty, file, { dryRun: true })).rejects.toThrow(
      /no tables yet: a dry run does not create them/,
    );
    const target = await emptyDatabase();
    const first = describeImport(await importExportFile(target, file));
    expect(first).toContain('Imported.\ncreated: 4 users, 4 roles, 5 userRoles, 5 settings, 3 comments, 2 subscribers');
    expect(first).toContain('4 user(s) came without a password hash and cannot sign in until they get a new password');
    expect(describeImport(await importExportFile(target, file))).toMatch(/^Nothing to change: /);
  });
});

describe('import refuses a bad file, naming the first bad field, and writes nothing', () => {
  async function exported() {
    const site = await siteWithPeople();
    return { site, document: await exportSite(site.deps.db) };
  }

  it('a role nobody has: one clear error, nothing half-written', async () => {
    const { document } = await exported();
    document.userRoles.push({ userId: document.users[0]?.id ?? '', roleId: 'ghost' });
    const target = await emptyDatabase();
    await expect(importSite(target, parseSiteExport(asFile(document)))).rejects.toThrow(
      /^userRoles\.\d+\.roleId: the role "ghost" is neither in the file nor on this site\.$/,
    );
    expect(await snapshot(target)).toEqual(await snapshot(await emptyDatabase()));
  });

  it('a failure while writing rolls the whole import back', async () => {
    const { document } = await exported();
    const target = await emptyDatabase();
    // The database refuses the last row (a trigger stands in for a disk or constraint failure).
    await target.run(
      sql.raw(`CREATE TRIGGER refuse_boom BEFORE INSERT ON newsletter_subscribers WHEN NEW.email = 'boom@example.com'
        BEGIN SELECT RAISE(ABORT, 'boom'); END`),
    );
    document.subscribers.push({
      email: 'boom@example.com',
      locale: 'en',
      status: 'pending',
      userId: null,
      createdAt: new Date().toISOString(),
    });
    await expect(importSite(target, parseSiteExport(asFile(document)))).rejects.toThrow();
    expect(await target.$count(roles)).toBe(0);
    expect(await target.$count(settings)).toBe(0);
    expect(await target.$count(newsletterSubscribers)).toBe(0);
    expect(await target.$count(users)).toBe(0);
    expect(await target.$count(comments)).toBe(0);
  });

  it.each([
    [
      'a __proto__ key',
      (text: string) => text.replace('"users": [', '"users": [{"__proto__": {"isAdmin": true}},'),
      /^users\.0\.__proto__: a "__proto__" key is not allowed\.$/,
    ],
    [
      'a newer format',
      (text: string) => text.replace(`"version": ${EXPORT_VERSION}`, '"version": 99'),
      /made by a newer Daftar \(export format 99/,
    ],
    ['another kind of file', () => '{"format":"wordpress","version":1}', /not a Daftar export/],
    ['not JSON', () => '{"format":', /not JSON/],
    ['a bad date', (text: string) => text.replace(/"createdAt": "[^"]+"/, '"createdAt": "yesterday"'), /^users\.0\.createdAt: /],
    [
      'an unknown permission',
      (text: string) => text.replace('"comments.edit"', '"site.destroy"'),
      /^roles\.\d+\.permissions\.\d+: not a permission this Daftar knows\.$/,
    ],
    [
      'a comment status',
      (text: string) => text.replace('"status": "pending"', '"status": "deleted"'),
      /^comments\.\d+\.status: /,
    ],
    [
      'a duplicate user name',
      (text: string) => text.replace('"username": "editor"', '"username": "OWNER"'),
      /^users\.\d+: user name "owner" appears twice in the file\.$/,
    ],
  ])('%s', async (_label, change, message) => {
    const { document } = await exported();
    const text = change(JSON.stringify(document, null, 2));
    const target = await emptyDatabase();
    await expect((async () => importSite(target, parseSiteExport(text)))()).rejects.toThrow(message);
    expect(await target.$count(users)).toBe(0);
  });

  describe('hostile values are refused naming the field, nothing written (F-24, F-31)', () => {
    /** An export with secrets whose text `change` rewrites, imported as a site that writes the tests' count. */
    async function importChanged(change: (document: SiteExportFile) => void) {
      const site = await siteWithPeople();
      const document = await exportSite(site.deps.db, { withSecrets: true });
      change(document);
      const target = await emptyDatabase();
      const run = (async () =>
        importSite(target, parseSiteExport(asFile(document)), { passwordIterations: site.deps.passwordIterations }))();
      return { run, target };
    }
    const ownerOf = (document: SiteExportFile) => document.users.find((user) => user.username === 'owner');
    const withCount = (hash: string | undefined, count: number | string) =>
      (hash ?? '').replace(/^(pbkdf2-sha256-r100k)\$\d+\$/, `$1$${count}$`);

    it.each([
      ['4e9 iterations (a login that never answers)', 4_000_000_000],
      ['more than the most this Daftar reads', MAX_PASSWORD_ITERATIONS + 1],
      ['1 iteration', 1],
      ['fewer than this site writes', TEST_PASSWORD_ITERATIONS - 1],
      ['a count that is not a number', '1e9'],
    ])('a password hash with %s', async (_label, count) => {
      const { run, target } = await importChanged((document) => {
        const owner = ownerOf(document);
        if (owner) owner.passwordHash = withCount(owner.passwordHash, count);
      });
      await expect(run).rejects.toThrow(/^users\.\d+\.passwordHash: not a password hash this Daftar writes /);
      expect(await target.$count(users)).toBe(0);
    });

    it('a password hash the CLI did not write: the CLI reads 600 000 and up', async () => {
      const site = await siteWithPeople();
      const document = await exportSite(site.deps.db, { withSecrets: true });
      // The CLI passes no count: the product's 600 000 is the floor, so the tests' 1 000 is refused.
      await expect(importSite(await emptyDatabase(), parseSiteExport(asFile(document)))).rejects.toThrow(
        /^users\.\d+\.passwordHash: not a password hash this Daftar writes \(PBKDF2 with 600000 to 2000000 iterations\)\.$/,
      );
    });

    it('a comment that answers itself', async () => {
      const { run, target } = await importChanged((document) => {
        const [comment] = document.comments;
        if (comment) comment.parentId = comment.id;
      });
      await expect(run).rejects.toThrow(/^comments\.0\.parentId: comment \d+ cannot answer itself\.$/);
      expect(await target.$count(comments)).toBe(0);
    });

    it('two comments that answer each other (a parent cycle)', async () => {
      const { run, target } = await importChanged((document) => {
        const [first, second] = document.comments;
        if (first && second) {
          first.parentId = second.id;
          second.parentId = first.id;
        }
      });
      await expect(run).rejects.toThrow(/^comments\.0\.parentId: comment \d+ answers a later comment \(\d+\)/);
      expect(await target.$count(comments)).toBe(0);
    });

    it.each([
      ['javascript:', 'javascript:alert(1)'],
      ['data:', 'data:image/svg+xml,<svg onload=alert(1)>'],
      ['JavaScript: with a tab', 'Java\tScript:alert(1)'],
      ['protocol-relative', '//evil.example/a.png'],
      ['a relative path', '/a.png'],
    ])('an avatar address with %s', async (_label, avatarUrl) => {
      const { run, target } = await importChanged((document) => {
        const owner = ownerOf(document);
        if (owner) owner.avatarUrl = avatarUrl;
      });
      await expect(run).rejects.toThrow(/^users\.\d+\.avatarUrl: an avatar is an absolute http\(s\) address\.$/);
      expect(await target.$count(users)).toBe(0);
    });

    it('an https avatar is kept', async () => {
      const { run, target } = await importChanged((document) => {
        const owner = ownerOf(document);
        if (owner) owner.avatarUrl = 'https://cdn.example/a.webp';
      });
      await run;
      const [row] = await target.select().from(users).where(eq(users.username, 'owner'));
      expect(row?.avatarUrl).toBe('https://cdn.example/a.webp');
    });
  });

  it('a huge file is refused by its size before it is read', async () => {
    const { site } = await exported();
    const dir = mkdtempSync(path.join(tmpdir(), 'daftar-export-test-'));
    const file = path.join(dir, 'site.json');
    const { file: written } = await writeExportFile(site.deps.db, file);
    expect(statSync(written).mode & 0o777).toBe(0o600);
    const size = statSync(written).size;
    const target = await emptyDatabase();
    await expect(importExportFile(target, file, { maxBytes: size - 1 })).rejects.toThrow(/MB; an import reads at most/);
    expect(() => parseSiteExport(readFileSync(file, 'utf8'), { maxBytes: 1000 })).toThrow(/an import reads at most 1000/);
    // The same file within the limit imports; a path with ".." is just a path, resolved.
    const report = await importExportFile(target, path.join(dir, '..', path.basename(dir), 'site.json'));
    expect(report.created.users).toBe(4);
    writeFileSync(path.join(dir, 'nested.json'), `${'['.repeat(200_000)}${']'.repeat(200_000)}`);
    await expect(importExportFile(target, path.join(dir, 'nested.json'))).rejects.toThrow(
      /not a Daftar export|nested too deeply/,
    );
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { foldAddress } from '../../common/persian-fold';
import { userNameKey } from '../../common/user-name';
import { generatedModules } from '../../scripts/generate-modules.mjs';
import { createTestDatabase } from '../../tests/support/database';
import { installedSearchSql } from '../content/search-text';
import { findUserByName } from '../services/users';
import { appliedMigrations, isMigrated, runMigrations } from './migrate';
import { migrations } from './migrations.generated';

const tables = [
  'analytics_salts',
  'builds',
  'comments',
  'commits',
  'devices',
  'newsletter_subscribers',
  'page_view_day_pages',
  'page_view_days',
  'page_views',
  'pages',
  'roles',
  'sessions',
  'settings',
  'user_roles',
  'users',
];

describe('migration runner', () => {
  it('creates every table of the schema and records what it applied', async () => {
    const { db } = await createTestDatabase({ migrate: false });
    expect(await isMigrated(db)).toBe(false);
    const { applied } = await runMigrations(db);
    expect(applied).toEqual(migrations.map((m) => m.name));
    const rows = await db.all<{ name: string }>(sql`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`);
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(tables));
    expect(await appliedMigrations(db)).toEqual(applied);
    expect(await isMigrated(db)).toBe(true);
  });

  it('is safe to run twice', async () => {
    const { db } = await createTestDatabase();
    expect((await runMigrations(db)).applied).toEqual([]);
  });

  it('rolls a failing migration back whole', async () => {
    const { db } = await createTestDatabase({ migrate: false });
    const broken = [{ name: '9999_broken', statements: ['CREATE TABLE half_done (id integer)', 'THIS IS NOT SQL'] }];
    await expect(runMigrations(db, broken)).rejects.toThrow();
    const rows = await db.all(sql`SELECT name FROM sqlite_master WHERE name = 'half_done'`);
    expect(rows).toEqual([]);
    expect(await appliedMigrations(db)).toEqual([]);
  });

  it('enforces foreign keys', async () => {
    const { db } = await createTestDatabase();
    await expect(db.run(sql`INSERT INTO user_roles (user_id, role_id) VALUES ('nobody', 'nothing')`)).rejects.toThrow();
  });

  it('bundles exactly the committed SQL files', () => {
    expect(generatedModules['server/db/migrations.generated.ts']?.()).toContain(JSON.stringify(migrations, null, 2));
  });

  it('0018 keys the existing user names as userNameKey does, keeping two spellings of one name apart', async () => {
    const { db } = await createTestDatabase({ migrate: false });
    const upTo = migrations.findIndex((m) => m.name === '0018_user_name_key_search_folds');
    await runMigrations(db, migrations.slice(0, upTo));
    // ASCII names of every case (before issue 25), a tombstone, and Persian names written between the
    // two commits (stored NFC; «علي» and «علی» could both exist, the older one keeps the name).
    const names = ['Admin', 'MiXeD.Case_9-x', `deleted-${'0f'.repeat(16)}`, 'علی_رضایی', 'نیم\u200cفاصله۱۲', 'علي_رضايي'];
    for (const [i, name] of names.entries())
      await db.run(sql`INSERT INTO users (id, username, password_hash, first_name, last_name, display_name, created_at)
        VALUES (${`u${i}`}, ${name}, '!', 'F', 'L', 'F L', ${1000 + i})`);
    await runMigrations(db);
    const rows = await db.all<{ id: string; username: string; key: string }>(
      sql`SELECT id, username, username_key AS key FROM users ORDER BY created_at`,
    );
    expect(rows.slice(0, 5).map((row) => row.key)).toEqual(names.slice(0, 5).map(userNameKey));
    expect(rows[5]?.key).toBe(`${userNameKey('علی_رضایی')}#u5`);
    await expect(
      db.run(sql`INSERT INTO users (id, username, username_key, password_hash, first_name, last_name, display_name)
        VALUES ('late', 'ADMIN', ${userNameKey('ADMIN')}, '!', 'F', 'L', 'F L')`),
    ).rejects.toThrow();
  });

  it('0033 re-keys names with ھ ہ or a hamza seat before waw, keeping look-alikes apart, and keys every page address', async () => {
    const { db } = await createTestDatabase({ migrate: false });
    const upTo = migrations.findIndex((m) => m.name === '0033_fold_heh_hamza_addresses');
    await runMigrations(db, migrations.slice(0, upTo));
    // Two look-alike accounts made before the fold knew ھ and the seats: neither is merged or renamed.
    const names = ['هادی', 'ھادی', 'مسئول', 'مسؤول', 'ہما', 'Admin', 'علی_رضایی'];
    for (const [i, name] of names.entries())
      await db.run(sql`INSERT INTO users (id, username, username_key, password_hash, first_name, last_name, display_name, created_at)
        VALUES (${`u${i}`}, ${name}, lower(${sql.raw(installedSearchSql(`'${name}'`, '0018'))}), '!', 'F', 'L', 'F L', ${1000 + i})`);
    const slugs = ['كتاب-علي', `کتاب\u200cهای-من`, '۱۴۰۳-سال', 'logs/مسؤول', 'logs/hello', ''];
    for (const [i, slug] of slugs.entries())
      await db.run(
        sql`INSERT INTO pages (locale, slug, source_path, source_hash, title, html) VALUES ('fa', ${slug}, ${`p${i}.md`}, 'h', 't', '')`,
      );
    await runMigrations(db);
    const rows = await db.all<{ id: string; key: string }>(sql`SELECT id, username_key AS key FROM users ORDER BY created_at`);
    expect(rows.map((row) => row.key)).toEqual(['هادی', 'هادی#u1', 'مسول', 'مسول#u3', 'هما', 'admin', 'علی_رضایی']);
    expect(names.slice(0, 5).map(userNameKey)).toEqual(['هادی', 'هادی', 'مسول', 'مسول', 'هما']);
    // Each signs in by its exact name; another spelling finds the older account.
    expect((await findUserByName(db, 'ھادی'))?.id).toBe('u1');
    expect((await findUserByName(db, 'هادی'))?.id).toBe('u0');
    expect((await findUserByName(db, 'هادي'))?.id).toBe('u0');
    expect((await findUserByName(db, 'مسؤول'))?.id).toBe('u3');
    expect((await findUserByName(db, 'مسئول'))?.id).toBe('u2');
    const keys = await db.all<{ slug: string; key: string }>(sql`SELECT slug, slug_key AS key FROM pages ORDER BY id`);
    expect(keys).toEqual(slugs.map((slug) => ({ slug, key: foldAddress(slug) })));
    expect(keys.map((row) => row.key)).toEqual(['کتاب-علی', 'کتابهای-من', '1403-سال', 'logs/مسول', 'logs/hello', '']);
  });

  it('0029 keeps every redirect, a move’s as a move and the rest as imports, all 301', async () => {
    const { db } = await createTestDatabase({ migrate: false });
    const upTo = migrations.findIndex((m) => m.name === '0030_redirects_screen_not_found_log');
    await runMigrations(db, migrations.slice(0, upTo));
    await db.run(sql`INSERT INTO builds (id, status, title, created_at) VALUES (7, 'published', 'b', 1000)`);
    await db.run(sql`INSERT INTO redirects (from_path, to_path, build_id, created_at) VALUES
      ('/en/old', '/en/new', 7, 2000), ('/?p=12', '/en/logs/hello', NULL, 1000)`);
    await runMigrations(db);
    const rows = await db.all<Record<string, unknown>>(
      sql`SELECT id, from_path, to_path, status, origin, build_id, created_at, updated_at FROM redirects ORDER BY id`,
    );
    expect(rows).toEqual([
      {
        id: 1,
        from_path: '/?p=12',
        to_path: '/en/logs/hello',
        status: 301,
        origin: 'import',
        build_id: null,
        created_at: 1000,
        updated_at: 1000,
      },
      {
        id: 2,
        from_path: '/en/old',
        to_path: '/en/new',
        status: 301,
        origin: 'move',
        build_id: 7,
        created_at: 2000,
        updated_at: 2000,
      },
    ]);
    await expect(db.run(sql`INSERT INTO redirects (from_path, to_path) VALUES ('/en/old', '/en/x')`)).rejects.toThrow();
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { generatedModules } from '../../scripts/generate-modules.mjs';
import { createTestDatabase } from '../../tests/support/database';
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
});

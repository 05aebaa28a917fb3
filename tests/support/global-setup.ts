import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { createNodeDatabase } from '../../platforms/node/database';
import { bundleChildScripts } from './child-scripts';
import { TEST_DATABASE_FILE } from './database';
import { testDeps } from './deps';
import { installSite, type SiteUserIds } from './site';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder holding an installed site; `createInstalledSite()` copies it per test. */
    installedSiteTemplate: { dir: string; ids: SiteUserIds };
  }
}

/** Installs the site template once per run (and again on watch reruns), instead of once per test. */
export default async function setup(project: TestProject) {
  let folder: string | undefined;
  const remove = () => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  };
  const build = async () => {
    remove();
    await bundleChildScripts();
    folder = mkdtempSync(path.join(tmpdir(), 'daftar-template-'));
    const { db, close } = await createNodeDatabase(`file:${path.join(folder, TEST_DATABASE_FILE)}`);
    try {
      const ids = await installSite(testDeps(db, folder).deps);
      // Everything into the database file itself, so a plain copy of the folder is the whole site.
      await db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`);
      project.provide('installedSiteTemplate', { dir: folder, ids });
      close();
    } catch (error) {
      close();
      remove();
      throw error;
    }
  };
  await build();
  project.onTestsRerun(build);
  return remove;
}

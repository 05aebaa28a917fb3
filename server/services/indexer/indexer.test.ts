import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commitFiles } from '../../../tests/support/content-repo';
import { createInstalledSite, type InstalledSite } from '../../../tests/support/site';
import type { Database } from '../../db/database';
import { builds, pages, redirects, users } from '../../db/schema';
import type { AppDeps, Indexer } from '../../deps';
import { addChange, ensureOpenBuild, publishOpenBuild } from '../builds';
import { latestContentBuild } from '../content-sync';
import { latestContentSync } from '../content-sync-runner';
import { inOneGo, inSteps } from '.';

/*
 * The Indexer contract (server/deps.ts): both strategies make the same index for the same commit.
 * Two copies of one installed site (14 sample pages, D1's statement limits on), one indexed in one
 * go and one in steps of 3 pages carried on like the cron does, from the same fixture commit: 20
 * new pages, an edit, a deletion and a malformed file.
 */

const page = (title: string) => `---\ntitle: "${title}"\ndate: 2026-02-01\n---\n\nText of ${title}, with [a link](/en/about).\n`;
const STEPS = { chunkPages: 3, budgetMs: 60_000, maxSteps: 2 };

const fixture = () => {
  const files: Record<string, string | null> = {
    'content/en/about.md': page('About, changed'),
    'content/fa/broken.md': '---\ntitle: [unclosed\n---\n\nBody.\n',
  };
  for (let i = 1; i <= 20; i++) files[`content/en/logs/fixture-${String(i).padStart(2, '0')}.md`] = page(`Fixture ${i}`);
  return files;
};

/** The index as readers see it: every page row but its row id and when it was written, and the build. */
async function indexOf(db: Database, { withLastChange = true } = {}) {
  const rows = await db.select().from(pages).orderBy(asc(pages.locale), asc(pages.slug));
  const build = await latestContentBuild(db);
  return {
    pages: rows.map(({ id: _id, indexedAt: _at, lastCommit, lastCommitAt, ...row }) =>
      withLastChange ? { ...row, lastCommit, lastCommitAt } : row,
    ),
    build: build && {
      id: build.id,
      pageCount: build.pageCount,
      problems: build.problems,
      rendererVersion: build.rendererVersion,
    },
  };
}

/** Runs the indexer's leftovers as the cron would, until its sync is finished (a bounded number of runs). */
async function finish(indexer: Indexer, deps: AppDeps) {
  for (let run = 0; run < 20 && (await latestContentSync(deps.db))?.status === 'running'; run++)
    await indexer.resume(deps, { maxSteps: STEPS.maxSteps });
  expect(await latestContentSync(deps.db)).toMatchObject({ status: 'done' });
}

async function twoSites() {
  const [one, stepped] = [await createInstalledSite(), await createInstalledSite()];
  const withIndexer = (site: InstalledSite, indexer: Indexer) => ({ ...site.deps, indexer });
  return { one: withIndexer(one, inOneGo), stepped: withIndexer(stepped, inSteps(STEPS)), ids: one.ids };
}

describe('the Indexer contract: in one go and in steps make the same index', () => {
  it('a re-index of the same commit', async () => {
    const { one, stepped } = await twoSites();
    expect(await indexOf(stepped.db)).toEqual(await indexOf(one.db));
    commitFiles(one.contentRepository!.location, fixture(), 'Fixture');
    // The same repository (the same commit) for both.
    stepped.contentRepository = one.contentRepository;

    const whole = await inOneGo.reindex(one);
    expect(whole).toMatchObject({ result: { changed: true } });
    expect('result' in whole && whole.result.added).toHaveLength(20);

    // 21 pages to render, 3 a step: the first step only, then the rest as the cron runs them.
    const first = await stepped.indexer.reindex(stepped);
    expect(first).toMatchObject({ sync: { status: 'running', done: 3, total: 22 } });
    await finish(stepped.indexer, stepped);

    const index = await indexOf(one.db);
    expect(index.pages.find((row) => row.slug === 'about')).toMatchObject({ title: 'About, changed' });
    expect(index.pages.filter((row) => row.slug.startsWith('logs/fixture-'))).toHaveLength(20);
    expect(index.build?.problems.map((problem) => problem.path)).toEqual(['content/fa/broken.md']);
    expect(await indexOf(stepped.db)).toEqual(index);

    // Again from the same commit: nothing changes, in either.
    expect(await inOneGo.reindex(one)).toMatchObject({ result: { changed: false, buildId: index.build?.id } });
    expect(await stepped.indexer.reindex(stepped)).toMatchObject({ result: { changed: false, buildId: index.build?.id } });
  });

  it('a publish: the build is published with the index that switches, redirects included', async () => {
    const { one, stepped, ids } = await twoSites();
    const publish = async (deps: AppDeps) => {
      const editor = (await deps.db.select().from(users).where(eq(users.id, ids.editor)).get())!;
      const build = await ensureOpenBuild(deps.db, editor.id);
      const at = new Date('2026-05-01T00:00:00Z');
      const change = { authorId: editor.id, createdAt: at, message: '', baseSha: null, fromPath: null, blobSha: null };
      for (const [path, content] of Object.entries(fixture()))
        if (content !== null && path !== 'content/en/about.md')
          await addChange(deps.db, build.id, { ...change, path, content, kind: 'create' });
      const repository = deps.contentRepository!;
      const files = await repository.tree('content', await repository.head());
      const aboutSha = files.find((file) => file.path === 'content/en/about.md')!.sha;
      const move = { path: 'content/en/about-us.md', fromPath: 'content/en/about.md', baseSha: aboutSha };
      await addChange(deps.db, build.id, { ...change, ...move, content: page('About us'), kind: 'move' });
      return publishOpenBuild(deps, { ...editor, roles: [], permissions: [] }, { title: 'Fixture' });
    };

    expect(await publish(one)).toMatchObject({ buildId: expect.any(String) });
    const indexing = await publish(stepped);
    expect(indexing).toMatchObject({ buildId: null, sync: { status: 'running' } });
    // Readers keep the old index until the step that switches it publishes the build.
    expect((await stepped.db.select().from(builds).where(eq(builds.id, indexing.id)).get())?.status).toBe('publishing');
    await finish(stepped.indexer, stepped);

    for (const deps of [one, stepped])
      expect(
        (await deps.db.select({ status: builds.status }).from(builds).where(eq(builds.title, 'Fixture')).get())?.status,
      ).toBe('published');
    // Two repositories, two commits: the pages' last changes differ by commit id only.
    expect(await indexOf(stepped.db, { withLastChange: false })).toEqual(await indexOf(one.db, { withLastChange: false }));
    const rules = (db: Database) =>
      db.select({ from: redirects.from, to: redirects.to }).from(redirects).orderBy(asc(redirects.from));
    expect(await rules(stepped.db)).toEqual(await rules(one.db));
    expect(await rules(one.db)).toContainEqual({ from: '/en/about', to: '/en/about-us' });
  });
});

import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '../../common/site-settings';
import { killWhenPrinted } from '../../tests/support/child-scripts';
import { commitFiles } from '../../tests/support/content-repo';
import { createInstalledSite } from '../../tests/support/site';
import { type RenderPages, renderInThread } from '../content/render-page';
import type { ContentRepository } from '../content/repository';
import { contentSyncs, pages } from '../db/schema';
import { getContentPage } from './content';
import { latestContentBuild, type SyncProgress, syncContent } from './content-sync';
import { latestContentSync, recordedSync, resumeStoppedSync, SYNC_INTERRUPTED } from './content-sync-runner';
import { searchPages } from './search';

const page = (title: string, body = 'Some text.') => `---\ntitle: "${title}"\ndate: 2026-02-01\n---\n\n${body}\n`;

/** An installed site (14 sample pages indexed) with 20 more pages and a changed sample page committed, not yet synced. */
async function siteWithBigChange() {
  const { deps } = await createInstalledSite();
  const { db } = deps;
  const repoDir = deps.contentRepository!.location;
  const files: Record<string, string> = { 'content/en/about.md': page('About, changed') };
  for (let i = 1; i <= 20; i++) files[`content/en/logs/bulk-${String(i).padStart(2, '0')}.md`] = page(`Bulk ${i}`);
  commitFiles(repoDir, files, 'Twenty pages and an edit');
  /** The repository, counting the blobs each sync reads. */
  const reads = { count: 0 };
  const repository: ContentRepository = {
    ...deps.contentRepository!,
    readBlob: (sha) => {
      reads.count++;
      return deps.contentRepository!.readBlob(sha);
    },
  };
  const served = async () => ({
    about: (await getContentPage(db, 'en', 'about', defaultSiteSettings))?.title,
    bulk: (
      await Promise.all(
        [1, 10, 20].map(
          async (i) => (await getContentPage(db, 'en', `logs/bulk-${String(i).padStart(2, '0')}`, defaultSiteSettings))?.title,
        ),
      )
    ).filter(Boolean).length,
    pages: await db.$count(pages),
    build: (await latestContentBuild(db))?.id,
  });
  const staged = async () => (await db.get<{ n: number }>(sql`select count(*) as n from pages_next`))?.n;
  return { deps, db, repoDir, repository, reads, served, staged };
}

const oldIndex = (build: string | undefined) => ({ about: 'About Daftar', bulk: 0, pages: 14, build });
const newIndex = { about: 'About, changed', bulk: 3, pages: 34 };

describe('content sync in chunks', () => {
  it('writes a big change chunk by chunk while readers keep the old index, then switches at once', async () => {
    const { db, repository, served, staged } = await siteWithBigChange();
    const before = (await served()).build;
    const seen: { progress: SyncProgress; index: Awaited<ReturnType<typeof served>>; staged?: number }[] = [];
    const result = await syncContent(db, repository, {
      chunkPages: 6,
      onProgress: async (progress) => {
        seen.push({ progress, index: await served(), staged: await staged() });
      },
    });
    // 21 pages to render: chunks of 6, 6, 6 and 3; the first three wait in the staging table.
    expect(seen.map((s) => s.progress)).toEqual([
      { done: 6, total: 21 },
      { done: 12, total: 21 },
      { done: 18, total: 21 },
      { done: 21, total: 21 },
    ]);
    expect(seen.map((s) => s.staged)).toEqual([6, 12, 18, 18]);
    for (const s of seen) expect(s.index).toEqual(oldIndex(before));
    expect(result).toMatchObject({ changed: true, updated: ['en/about'], removed: [], unchanged: 13, problems: [] });
    expect(result.added).toHaveLength(20);
    expect(await served()).toEqual({ ...newIndex, build: result.buildId });
    expect(await staged()).toBe(0);
    expect((await latestContentBuild(db))?.pageCount).toBe(34);
    // Staged rows reach the search index too (its triggers fire on the move into pages).
    expect((await searchPages(db, 'en', 'Bulk')).total).toBe(20);
    expect((await searchPages(db, 'en', 'changed')).items.map((item) => item.path)).toContain('/en/about');
  });

  it('a sync that fails after two chunks leaves the old index serving; the next one renders only the rest', async () => {
    const { db, repository, reads, served, staged } = await siteWithBigChange();
    const before = (await served()).build;
    let chunk = 0;
    await expect(
      syncContent(db, repository, {
        chunkPages: 5,
        onProgress: () => {
          if (++chunk === 2) throw new Error('power cut');
        },
      }),
    ).rejects.toThrow('power cut');
    expect(await served()).toEqual(oldIndex(before));
    expect(await staged()).toBe(10);

    reads.count = 0;
    const result = await syncContent(db, repository, { chunkPages: 5 });
    expect(reads.count).toBe(11);
    expect(result).toMatchObject({ changed: true, updated: ['en/about'], unchanged: 13 });
    expect(result.added).toHaveLength(20);
    expect(await served()).toEqual({ ...newIndex, build: result.buildId });
    expect(await staged()).toBe(0);

    // The same pages as a sync that never failed: the same build id.
    const { db: otherDb, repository: other } = await siteWithBigChange();
    expect((await syncContent(otherDb, other)).buildId).toBe(result.buildId);
  });

  it('says when every page is rendered, once, before the final transaction (the CLI stops its render threads there)', async () => {
    const { db, repository, served } = await siteWithBigChange();
    const before = (await served()).build;
    const events: string[] = [];
    const renderPages: RenderPages = (sources) => {
      events.push(`render ${sources.length}`);
      return renderInThread(sources);
    };
    const result = await syncContent(db, repository, {
      chunkPages: 8,
      renderPages,
      afterRendering: async () => {
        events.push('rendered');
        expect(await served()).toEqual(oldIndex(before));
      },
    });
    expect(events).toEqual(['render 8', 'render 8', 'render 5', 'rendered']);
    expect(await served()).toEqual({ ...newIndex, build: result.buildId });
  });

  it('with render threads (reading a chunk further ahead) it publishes the same pages, and a failed sync leaves the old index', async () => {
    const { db, repository, served, staged } = await siteWithBigChange();
    const before = (await served()).build;
    const chunks: number[] = [];
    const renderPages: RenderPages = (sources) => {
      chunks.push(sources.length);
      return renderInThread(sources);
    };
    let chunk = 0;
    await expect(
      syncContent(db, repository, {
        chunkPages: 5,
        renderPages,
        onProgress: () => {
          if (++chunk === 2) throw new Error('crash');
        },
      }),
    ).rejects.toThrow('crash');
    expect(await served()).toEqual(oldIndex(before));
    expect(await staged()).toBe(10);
    chunks.length = 0;
    const result = await syncContent(db, repository, { chunkPages: 5, renderPages });
    expect(chunks).toEqual([5, 5, 1]);
    expect(await served()).toEqual({ ...newIndex, build: result.buildId });
    expect(await staged()).toBe(0);
    const { db: otherDb, repository: other } = await siteWithBigChange();
    expect((await syncContent(otherDb, other)).buildId).toBe(result.buildId);
  });

  it('moves staged pages into the index a range of rows at a time, every range however far apart', async () => {
    const { db, repository, served, staged } = await siteWithBigChange();
    let chunk = 0;
    await expect(
      syncContent(db, repository, {
        chunkPages: 5,
        onProgress: () => {
          if (++chunk === 3) throw new Error('crash');
        },
      }),
    ).rejects.toThrow('crash');
    expect(await staged()).toBe(15);
    // Rows far apart, as many syncs and upserts leave them: several statements of 500 rowids, some empty.
    await db.run(sql`update pages_next set rowid = rowid * 400`);
    const result = await syncContent(db, repository, { chunkPages: 5 });
    expect(await served()).toEqual({ ...newIndex, build: result.buildId });
    expect(await staged()).toBe(0);
    expect((await searchPages(db, 'en', 'Bulk')).total).toBe(20);
  });

  it('does not publish staged pages whose file changed or went away since the interrupted sync', async () => {
    const { db, repoDir, repository, served, staged } = await siteWithBigChange();
    let chunk = 0;
    await expect(
      syncContent(db, repository, {
        chunkPages: 7,
        onProgress: () => {
          if (++chunk === 2) throw new Error('crash');
        },
      }),
    ).rejects.toThrow('crash');
    // Staged in the first two chunks (file order): about, bulk-01 … bulk-13.
    expect(await staged()).toBe(14);
    commitFiles(
      repoDir,
      { 'content/en/logs/bulk-01.md': page('Bulk one, edited'), 'content/en/logs/bulk-02.md': null },
      'Edit and remove',
    );
    const result = await syncContent(db, repository, { chunkPages: 7 });
    expect(result.added).toHaveLength(19);
    expect(result.added).not.toContain('en/logs/bulk-02');
    expect((await getContentPage(db, 'en', 'logs/bulk-01', defaultSiteSettings))?.title).toBe('Bulk one, edited');
    expect(await getContentPage(db, 'en', 'logs/bulk-02', defaultSiteSettings)).toBeUndefined();
    expect((await served()).pages).toBe(33);
    expect(await staged()).toBe(0);
  });

  it('refuses to publish when another process changed the staged pages meanwhile, and the next sync completes', async () => {
    const { db, repository, served, staged } = await siteWithBigChange();
    const before = (await served()).build;
    let chunk = 0;
    await expect(
      syncContent(db, repository, {
        chunkPages: 5,
        onProgress: async () => {
          // Another process's sync staging a page of its own.
          if (++chunk === 1)
            await db.run(sql`insert into pages_next (source_path, source_hash) values ('content/en/other.md', 'x')`);
        },
      }),
    ).rejects.toThrow('Another sync changed the staged pages meanwhile');
    expect(await served()).toEqual(oldIndex(before));
    // Chunks of 5, 5, 5, 5 staged (the last page goes straight into the final transaction), and theirs.
    expect(await staged()).toBe(21);
    const result = await syncContent(db, repository, { chunkPages: 5 });
    expect(await served()).toEqual({ ...newIndex, build: result.buildId });
    expect(await staged()).toBe(0);
  });

  it('a sync killed with SIGKILL halfway leaves the old index serving; the next sync completes it', async () => {
    const { deps, db, repository, reads, served, staged } = await siteWithBigChange();
    const before = (await served()).build;
    const dir = path.dirname(deps.contentRepository!.location);
    expect(await killWhenPrinted('sync-child', [dir, '4'], 'at chunk 4')).toBe('SIGKILL');

    expect(await served()).toEqual(oldIndex(before));
    expect(await staged()).toBe(12);
    reads.count = 0;
    const result = await syncContent(db, repository);
    expect(reads.count).toBe(9);
    expect(await served()).toEqual({ ...newIndex, build: result.buildId });
    expect(await staged()).toBe(0);
  }, 30_000);

  it('a recorded sync (the CLI) killed halfway is not left running: the jobs runner carries it on from its staged pages, or the next sync marks it interrupted', async () => {
    for (const next of ['resume', 'new sync'] as const) {
      const { deps, db, repository, reads, served, staged } = await siteWithBigChange();
      const before = (await served()).build;
      const dir = path.dirname(deps.contentRepository!.location);
      expect(await killWhenPrinted('sync-child', [dir, '4', 'recorded'], 'at chunk 4')).toBe('SIGKILL');
      const killed = (await latestContentSync(db))!;
      expect(killed).toMatchObject({ status: 'running', done: 12 });
      expect(await served()).toEqual(oldIndex(before));
      // Its lease (renewed after each chunk) has not run out yet: nobody takes it over.
      expect(await resumeStoppedSync(db, repository)).toBeUndefined();
      const later = () => killed.leaseUntil!.getTime() + 1000;
      reads.count = 0;
      if (next === 'resume') {
        const result = await resumeStoppedSync(db, repository, { now: later });
        expect(result?.buildId).toBeDefined();
        expect((await latestContentSync(db))!).toMatchObject({ id: killed.id, status: 'done' });
      } else {
        await recordedSync(db, repository, { now: later });
        const rows = await db.select().from(contentSyncs).orderBy(contentSyncs.startedAt).all();
        expect(rows.find((row) => row.id === killed.id)).toMatchObject({ status: 'failed', error: SYNC_INTERRUPTED });
        expect(rows.filter((row) => row.status === 'running')).toEqual([]);
      }
      // Either way only the pages the killed sync had not staged were read again.
      expect(reads.count).toBe(9);
      expect(await served()).toMatchObject(newIndex);
      expect(await staged()).toBe(0);
    }
  }, 60_000);
});

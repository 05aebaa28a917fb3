import { describe, expect, it } from 'vitest';
import { slugFromPath } from '../../common/content';
import { type PageSource, renderInThread } from '../../server/content/render-page';
import { sampleContent } from '../../server/content/samples.generated';
import { createRenderPool } from './render-pool';

const samplePages = sampleContent.filter((file) => slugFromPath(file.path));

describe('render pool', () => {
  it('renders on worker threads and in this thread exactly what the thread alone renders, in order, problems included', async () => {
    // Two workers even on one core, and for any chunk (the CLI starts them from THREADS_FROM_PAGES pages).
    const pool = createRenderPool({
      script: new URL('./render-worker.ts', import.meta.url),
      execArgv: ['--import', 'tsx'],
      threads: 2,
      threadsFromPages: 1,
    });
    expect(pool).toBeDefined();
    const sources: PageSource[] = [
      ...samplePages.map((sample) => ({ text: sample.content, locale: slugFromPath(sample.path)!.locale })),
      { text: '# no front matter', locale: 'en' },
      { text: '---\ntitle: ""\n---\n', locale: 'fa' },
    ];
    try {
      const [threads, thread] = await Promise.all([pool!.renderPages(sources), renderInThread(sources)]);
      expect(threads).toEqual(thread);
      expect(threads).toHaveLength(sources.length);
      expect(threads.at(-1)).toEqual({ problem: expect.stringContaining('title') });
      expect(threads.filter((page) => 'fields' in page).length).toBe(samplePages.length);
      // A second batch reuses the same threads.
      expect(await pool!.renderPages(sources.slice(0, 3))).toEqual(thread.slice(0, 3));
    } finally {
      await pool?.close();
    }
  }, 30_000);

  it('shares a chunk between a worker and this thread, page by page from one counter', async () => {
    const pool = createRenderPool({
      script: new URL('./render-worker.ts', import.meta.url),
      execArgv: ['--import', 'tsx'],
      threads: 1,
      threadsFromPages: 1,
    })!;
    const sources: PageSource[] = Array.from({ length: 8 }, () =>
      samplePages.map((sample) => ({ text: sample.content, locale: slugFromPath(sample.path)!.locale })),
    ).flat();
    try {
      // The first chunk starts the worker (it loads the renderer meanwhile); the second finds it ready.
      await pool.renderPages(sources.slice(0, 2));
      const before = { ...pool.rendered };
      expect(await pool.renderPages(sources)).toEqual(await renderInThread(sources));
      const here = pool.rendered.here - before.here;
      const threads = pool.rendered.threads - before.threads;
      expect(here + threads).toBe(sources.length);
      expect(threads).toBeGreaterThan(0);
      expect(here).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('is not made on one core: the sync renders in its own thread', () => {
    expect(createRenderPool({ script: new URL('./render-worker.ts', import.meta.url), threads: 0 })).toBeUndefined();
  });

  it('renders a chunk in this thread when a render thread dies (a page too big for its capped heap)', async () => {
    const pool = createRenderPool({
      script: new URL('./render-worker.ts', import.meta.url),
      execArgv: ['--import', 'tsx'],
      threads: 1,
      threadsFromPages: 1,
      heapMb: 4,
    });
    const big = `---\ntitle: "Big"\n---\n\n${'A *long* paragraph with [a link](/en/x) and `code`.\n\n'.repeat(6_000)}`;
    const sources: PageSource[] = [
      { text: big, locale: 'en' },
      { text: samplePages[0]!.content, locale: slugFromPath(samplePages[0]!.path)!.locale },
    ];
    try {
      expect(await pool!.renderPages(sources)).toEqual(await renderInThread(sources));
      // The heap cap is applied: the worker died without answering, and this thread rendered both.
      expect(pool!.rendered).toEqual({ here: 2, threads: 0 });
    } finally {
      await pool?.close();
    }
  }, 60_000);
});

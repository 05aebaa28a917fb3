import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type PageSource, type RenderedPage, type RenderPages, renderPage } from '../../server/content/render-page';

/**
 * Renders the pages of a content sync on worker threads, one per core but one (at most 3), while
 * the main thread renders a share too: Markdown rendering is most of a full sync's time. Only in the build (`build/node/render-worker.js` next to the CLI); run from
 * source, or on one core, it returns undefined and the sync renders in its own thread.
 */
export function createRenderPool(
  // Tests run the TypeScript source through tsx.
  { script = new URL('./render-worker.js', import.meta.url), execArgv }: { script?: URL; execArgv?: string[] } = {},
): { renderPages: RenderPages; close: () => Promise<void> } | undefined {
  // The main thread renders a share too, so one core is left for it.
  const size = Math.min(3, availableParallelism() - 1);
  if (size < 1 || script.protocol !== 'file:' || !existsSync(fileURLToPath(script))) return undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (pages: RenderedPage[]) => void; reject: (error: unknown) => void }>();
  /** Started at the first chunk, so a sync with nothing to render starts no thread. */
  let workers: Worker[] = [];
  const start = () =>
    Array.from({ length: size }, () => {
      const worker = new Worker(script, {
        ...(execArgv ? { execArgv } : {}),
        // A small heap: rendering makes much short-lived garbage, and an unbounded heap grows with it.
        resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 },
      });
      worker.on('message', ({ id, pages }: { id: number; pages: RenderedPage[] }) => {
        waiting.get(id)?.resolve(pages);
        waiting.delete(id);
      });
      worker.on('error', (error) => {
        for (const job of waiting.values()) job.reject(error);
        waiting.clear();
      });
      return worker;
    });
  const run = (worker: Worker, sources: PageSource[]) =>
    new Promise<RenderedPage[]>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, sources });
    });
  return {
    async renderPages(sources) {
      if (!workers.length) workers = start();
      // Contiguous slices, one per worker and one for this thread, so the answers come back in order.
      const per = Math.ceil(sources.length / (workers.length + 1));
      const slices = workers.map((worker, i) => run(worker, sources.slice(i * per, (i + 1) * per)));
      const own = sources.slice(workers.length * per).map(renderPage);
      return [...(await Promise.all(slices)).flat(), ...own];
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

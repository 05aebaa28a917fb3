import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageSource, RenderedPage, RenderPages } from '../../server/content/render-page';

/**
 * Renders the pages of a content sync on worker threads, one per core (at most 4): Markdown
 * rendering is most of a full sync's time, and the main thread meanwhile reads the repository and
 * writes the database. Only in the build (`build/node/render-worker.js` next to the CLI); run from
 * source, or on one core, it returns undefined and the sync renders in its own thread.
 */
export function createRenderPool(
  // Tests run the TypeScript source through tsx.
  { script = new URL('./render-worker.js', import.meta.url), execArgv }: { script?: URL; execArgv?: string[] } = {},
): { renderPages: RenderPages; close: () => Promise<void> } | undefined {
  const size = Math.min(4, availableParallelism());
  if (size < 2 || script.protocol !== 'file:' || !existsSync(fileURLToPath(script))) return undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (pages: RenderedPage[]) => void; reject: (error: unknown) => void }>();
  /** Started at the first chunk, so a sync with nothing to render starts no thread. */
  let workers: Worker[] = [];
  const start = () =>
    Array.from({ length: size }, () => {
      const worker = new Worker(script, execArgv ? { execArgv } : {});
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
      // Contiguous slices, one per worker, so the answers come back in order.
      const per = Math.ceil(sources.length / workers.length);
      const slices = workers.map((worker, i) => run(worker, sources.slice(i * per, (i + 1) * per)));
      return (await Promise.all(slices)).flat();
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

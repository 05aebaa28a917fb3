import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type PageSource, type RenderedPage, type RenderPages, renderInThread } from '../../server/content/render-page';

/**
 * A chunk smaller than this renders in the calling thread: starting the threads (each loads the
 * renderer, about half a second) costs more than they save on a small sync.
 */
export const THREADS_FROM_PAGES = 50;

/**
 * Renders the pages of a content sync on worker threads, one per core (at most 4): Markdown
 * rendering is most of a full sync's time. The calling thread meanwhile reads the next chunk's files
 * and writes the last one to the database (the sync renders one chunk ahead). Only in the build
 * (`build/node/render-worker.js` next to the CLI); run from source, or on one core, it returns
 * undefined and the sync renders in its own thread.
 */
export function createRenderPool(
  // Tests run the TypeScript source through tsx.
  {
    script = new URL('./render-worker.js', import.meta.url),
    execArgv,
    threads = Math.min(4, availableParallelism()),
    threadsFromPages = THREADS_FROM_PAGES,
    heapMb = 64,
  }: {
    script?: URL;
    execArgv?: string[];
    threads?: number;
    threadsFromPages?: number;
    /** Each thread's old generation. */
    heapMb?: number;
  } = {},
): { renderPages: RenderPages; close: () => Promise<void> } | undefined {
  if (threads < 2 || script.protocol !== 'file:' || !existsSync(fileURLToPath(script))) return undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (pages: RenderedPage[]) => void; reject: (error: unknown) => void }>();
  /** Started at the first chunk big enough, so a small sync starts no thread. */
  let workers: Worker[] = [];
  const start = () =>
    Array.from({ length: threads }, () => {
      const worker = new Worker(script, {
        ...(execArgv ? { execArgv } : {}),
        // A bounded heap, but a young generation big enough for rendering's short-lived garbage:
        // with V8's small default, garbage collection took about a fifth of the sync.
        resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
      });
      worker.on('message', ({ id, pages }: { id: number; pages: RenderedPage[] }) => {
        waiting.get(id)?.resolve(pages);
        waiting.delete(id);
      });
      const fail = (error: unknown) => {
        for (const job of waiting.values()) job.reject(error);
        waiting.clear();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => code && fail(new Error(`a render thread exited with code ${code}`)));
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
      if (!workers.length && sources.length < threadsFromPages) return renderInThread(sources);
      if (!workers.length) workers = start();
      // Contiguous slices, one per thread, so the answers come back in order.
      const per = Math.ceil(sources.length / workers.length);
      const threads = workers;
      const slices = threads.map((worker, i) => {
        const slice = sources.slice(i * per, (i + 1) * per);
        return run(worker, slice).catch(async () => {
          // A thread that died (a page too big for its capped heap): this slice renders here, and the
          // next chunk starts new threads.
          if (workers === threads) {
            workers = [];
            await Promise.all(threads.map((thread) => thread.terminate()));
          }
          return renderInThread(slice);
        });
      });
      return (await Promise.all(slices)).flat();
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type RenderedPage, type RenderPages, renderInThread, renderPage } from '../../server/content/render-page';

/**
 * A chunk smaller than this renders in the calling thread: starting a thread (it loads the renderer,
 * about half a second) costs more than it saves on a small sync.
 */
export const THREADS_FROM_PAGES = 50;

/**
 * `build/node/render-worker.js`, beside the entries; this module is bundled into one of them or into
 * a shared chunk in `build/node/assets/`, depending on which entries import it.
 */
const builtWorker = () =>
  [new URL('./render-worker.js', import.meta.url), new URL('../render-worker.js', import.meta.url)].find((url) =>
    existsSync(fileURLToPath(url)),
  ) ?? new URL('./render-worker.js', import.meta.url);

/** setImmediate, not setTimeout(0), which waits a millisecond or more each time. */
const giveWay = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Renders the pages of a content sync on worker threads and in the calling thread at once: one
 * worker per core but one (at most 3), since the calling thread renders too. Every thread takes the
 * chunk's next page from one shared counter, so the work shares itself out however busy each
 * thread is: the calling thread also reads the next chunk's files and writes the last one to the
 * database, and renders less meanwhile. Only in the build (`build/node/render-worker.js` next to the
 * CLI); run from source, or on one core, it returns undefined and the sync renders in its own thread.
 *
 * A worker that dies (a page too big for its capped heap) costs nothing but time: the pages it took
 * and did not answer are rendered in the calling thread, and the next chunk starts new workers.
 */
export function createRenderPool(
  // Tests run the TypeScript source through tsx.
  {
    script = builtWorker(),
    execArgv,
    threads = Math.min(3, availableParallelism() - 1),
    threadsFromPages = THREADS_FROM_PAGES,
    heapMb = 48,
  }: {
    script?: URL;
    execArgv?: string[];
    /** Worker threads (besides the calling thread). */
    threads?: number;
    threadsFromPages?: number;
    /** Each worker's old generation: it holds one page's trees at a time, far below this. */
    heapMb?: number;
  } = {},
): { renderPages: RenderPages; close: () => Promise<void>; rendered: { here: number; threads: number } } | undefined {
  if (threads < 1 || script.protocol !== 'file:' || !existsSync(fileURLToPath(script))) return undefined;
  let nextId = 0;
  /** Pages rendered in the calling thread and on the workers so far (the CLI's summary, tests). */
  const rendered = { here: 0, threads: 0 };
  type Job = { page: (index: number, page: RenderedPage) => void; done: (worker: Worker) => void };
  const jobs = new Map<number, Job>();
  /** Started at the first chunk big enough, so a small sync starts no thread. */
  let workers: Worker[] = [];
  const start = () =>
    Array.from({ length: threads }, () => {
      const worker = new Worker(script, {
        ...(execArgv ? { execArgv } : {}),
        // Capped heaps: a worker's live data is one page being rendered. Node 24's V8 otherwise
        // lets a thread's young generation grow to 128 MB and more under rendering's garbage; at
        // 16 MB a page took twice as long (2.7 ms at 48 MB, 5.3 ms at 16, 2.3 ms uncapped).
        resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 48 },
      });
      worker.on('message', (message: { id: number; index: number; page: RenderedPage } | { id: number; done: true }) => {
        const job = jobs.get(message.id);
        if ('done' in message) job?.done(worker);
        else job?.page(message.index, message.page);
      });
      // A dead worker is done with every chunk: what it did not answer is rendered here.
      const dead = () => {
        if (workers.includes(worker)) workers = [];
        for (const job of jobs.values()) job.done(worker);
      };
      worker.on('error', dead);
      worker.on('exit', dead);
      return worker;
    });
  return {
    rendered,
    async renderPages(sources) {
      if (!workers.length && sources.length < threadsFromPages) {
        rendered.here += sources.length;
        return renderInThread(sources);
      }
      if (!workers.length) workers = start();
      const threads = workers;
      const id = nextId++;
      const out: (RenderedPage | undefined)[] = new Array(sources.length);
      const claim = new Int32Array(new SharedArrayBuffer(4));
      const pending = new Set(threads);
      let allDone = () => {};
      const finished = new Promise<void>((resolve) => {
        allDone = resolve;
      });
      jobs.set(id, {
        page: (index, page) => {
          out[index] = page;
          rendered.threads++;
        },
        done: (worker) => {
          pending.delete(worker);
          if (!pending.size) allDone();
        },
      });
      try {
        for (const worker of threads) worker.postMessage({ id, sources, claim });
        for (let index = Atomics.add(claim, 0, 1); index < sources.length; index = Atomics.add(claim, 0, 1)) {
          out[index] = renderPage(sources[index]!);
          rendered.here++;
          // The workers' answers, and the database writes and file reads of the sync, between pages.
          await giveWay();
        }
        await finished;
      } finally {
        jobs.delete(id);
      }
      if (workers !== threads) await Promise.all(threads.map((thread) => thread.terminate()));
      // Pages a worker took and did not answer before it died.
      return out.map((page, index) => {
        if (page) return page;
        rendered.here++;
        return renderPage(sources[index]!);
      });
    },
    async close() {
      const threads = workers;
      workers = [];
      await Promise.all(threads.map((worker) => worker.terminate()));
    },
  };
}

/*
 * A worker thread that renders pages for the content sync (platforms/node/render-pool.ts). It
 * receives a chunk `{ id, sources, claim }` and renders pages of it until none is left: it takes
 * the next page by adding to `claim` (a counter shared with the calling thread and the other
 * threads, which render pages of the same chunk), answers `{ id, index, page }` for each one, then
 * `{ id, done: true }`.
 */
import { parentPort } from 'node:worker_threads';
import { type PageSource, renderPage } from '../../server/content/render-page';

parentPort?.on('message', ({ id, sources, claim }: { id: number; sources: PageSource[]; claim: Int32Array }) => {
  for (let index = Atomics.add(claim, 0, 1); index < sources.length; index = Atomics.add(claim, 0, 1))
    parentPort?.postMessage({ id, index, page: renderPage(sources[index]!) });
  parentPort?.postMessage({ id, done: true });
});

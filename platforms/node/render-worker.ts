/*
 * A worker thread that renders pages for the content sync (platforms/node/render-pool.ts): it
 * receives `{ id, sources }` and answers `{ id, pages }`, one RenderedPage per source.
 */
import { parentPort } from 'node:worker_threads';
import { type PageSource, renderPage } from '../../server/content/render-page';

parentPort?.on('message', ({ id, sources }: { id: number; sources: PageSource[] }) => {
  parentPort?.postMessage({ id, pages: sources.map(renderPage) });
});

/*
 * Runs one full content sync of a test site in its own process, started with node's heap flags
 * (server/services/content-sync-memory.test.ts): `sync-memory-child.ts DIR`, with `--expose-gc`.
 * After every chunk it collects garbage and reads the heap in use — what the sync keeps alive
 * (its plan of every file, the index it compares with), not the garbage it makes — and prints the
 * largest as JSON on its last line: `{"pages": N, "liveHeap": bytes}`.
 */
import path from 'node:path';
import { getHeapStatistics, writeHeapSnapshot } from 'node:v8';
import { createNodeDatabase } from '../../platforms/node/database';
import { createLocalRepository } from '../../platforms/node/local-repository';
import { syncContent } from '../../server/services/content-sync';

const [dir] = process.argv.slice(2) as [string];
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('start this child with --expose-gc');
const { db } = await createNodeDatabase(`file:${path.join(dir, 'test.db')}`);
let liveHeap = 0;
/** `SYNC_MEMORY_SNAPSHOT=FILE`: a heap snapshot after the first chunk, to see what the sync keeps per page. */
let snapped: string | undefined;
const result = await syncContent(db, createLocalRepository(path.join(dir, 'repo')), {
  onProgress: () => {
    collect();
    liveHeap = Math.max(liveHeap, getHeapStatistics().used_heap_size);
    if (process.env.SYNC_MEMORY_SNAPSHOT && !snapped) snapped = writeHeapSnapshot(process.env.SYNC_MEMORY_SNAPSHOT);
  },
});
process.stdout.write(`${JSON.stringify({ pages: result.added.length + result.updated.length, liveHeap })}\n`);

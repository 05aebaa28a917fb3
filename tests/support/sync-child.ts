/*
 * Runs one content sync of a test site in its own process, 3 pages a chunk, and stops after chunk
 * N so a test can kill it there with SIGKILL (server/services/content-sync-chunks.test.ts):
 * `sync-child.ts DIR N [recorded]`. Prints `at chunk N` and waits; the parent kills it. `recorded`:
 * the sync the CLI runs, recorded in `content_syncs` (recordedSync).
 */
import path from 'node:path';
import { createNodeDatabase } from '../../platforms/node/database';
import { createLocalRepository } from '../../platforms/node/local-repository';
import { syncContent } from '../../server/services/content-sync';
import { recordedSync } from '../../server/services/content-sync-runner';

const [dir, stopAfter, mode] = process.argv.slice(2) as [string, string, string | undefined];
const { db } = await createNodeDatabase(`file:${path.join(dir, 'test.db')}`);
let chunk = 0;
await (mode === 'recorded' ? recordedSync : syncContent)(db, createLocalRepository(path.join(dir, 'repo')), {
  chunkPages: 3,
  onProgress: async () => {
    if (++chunk < Number(stopAfter)) return;
    process.stdout.write(`at chunk ${chunk}\n`);
    // Until killed: the timer keeps the process alive (a pending promise alone does not, and node
    // would exit by itself, racing the kill).
    await new Promise(() => setInterval(() => {}, 60_000));
  },
});
process.stdout.write('finished\n');

/*
 * The CLI's content sync, run in a worker thread with a capped young generation
 * (platforms/node/cli.ts starts it: `build/node/sync-thread.js`). Node 24's V8 lets a busy main
 * thread's young generation grow to 128 MB and more under the sync's garbage (reading blobs,
 * copying rendered pages between threads, rendering); a worker's heap can be capped where the main
 * thread's could only be by re-starting node with flags. The thread opens its own database
 * connection and repository from the environment, renders on the pool of render threads
 * (platforms/node/render-pool.ts) and answers `{ progress }` messages, then `{ result, rendered }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SyncProgress, SyncResult } from '../../server/services/content-sync';
import { recordedSync } from '../../server/services/content-sync-runner';
import { createNodeDatabase } from './database';
import { nodeContentRepository } from './deps';
import { loadNodeConfig } from './environment';
import { createRenderPool } from './render-pool';

export type SyncThreadMessage = { progress: SyncProgress } | { result: SyncResult; rendered?: { here: number; threads: number } };

const { force, threads, progress } = workerData as { force: boolean; threads: boolean; progress: boolean };
const config = loadNodeConfig();
const database = await createNodeDatabase(config.databaseUrl, config.DATABASE_AUTH_TOKEN);
const pool = threads ? createRenderPool() : undefined;
try {
  const result = await recordedSync(database.db, nodeContentRepository(config, config.dataDir), {
    force,
    ...(pool ? { renderPages: pool.renderPages } : {}),
    ...(progress ? { onProgress: (reported: SyncProgress) => parentPort?.postMessage({ progress: reported }) } : {}),
  });
  parentPort?.postMessage({ result, ...(pool ? { rendered: pool.rendered } : {}) } satisfies SyncThreadMessage);
} finally {
  await pool?.close();
  database.close();
}

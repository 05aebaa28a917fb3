/*
 * The CLI's content sync (`npm run daftar -- content-sync`), in the process platforms/node/sync-limits.ts
 * started again with a capped heap and fewer malloc arenas: its own database connection and
 * repository, pages rendered on the render threads (platforms/node/render-pool.ts), which stop
 * before the final transaction.
 */
import type { SyncProgress, SyncResult } from '../../server/services/content-sync';
import { recordedSync } from '../../server/services/content-sync-runner';
import { createNodeDatabase } from './database';
import { nodeContentRepository } from './deps';
import type { loadNodeConfig } from './environment';
import { createRenderPool } from './render-pool';

/** The sync itself: its own database connection and repository, pages rendered on the render threads unless `threads` is false. */
export async function runCliSync(
  config: ReturnType<typeof loadNodeConfig>,
  options: { force: boolean; threads: boolean; onProgress?: (progress: SyncProgress) => void },
): Promise<{ result: SyncResult; rendered?: { here: number; threads: number } }> {
  const database = await createNodeDatabase(config.databaseUrl, config.DATABASE_AUTH_TOKEN);
  const pool = options.threads ? createRenderPool() : undefined;
  try {
    const result = await recordedSync(database.db, nodeContentRepository(config, config.dataDir), {
      force: options.force,
      ...(pool ? { renderPages: pool.renderPages, afterRendering: pool.close } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    return { result, ...(pool ? { rendered: pool.rendered } : {}) };
  } finally {
    await pool?.close();
    database.close();
  }
}

/*
 * The CLI's entry (`build/node/cli.js`). It loads the commands (platforms/node/cli.ts) only after
 * `content-sync` has had the chance to start node again with the sync's limits, before anything
 * touches stdio (platforms/node/sync-limits.ts says why).
 */
import { restartWithSyncLimits } from './sync-limits';

restartWithSyncLimits();
await import('./cli');

import type { AppDeps, Indexer } from '../../deps';
import { inOneGo } from './in-one-go';

/*
 * The indexer (server/deps.ts `Indexer`): platforms inject one strategy — Node `inOneGo`, Workers
 * `inSteps(limits)` — and every caller goes through it, never asking which platform it runs on.
 */

export { inOneGo } from './in-one-go';
export { inSteps, type StepLimits } from './in-steps';

/** The platform's indexer; in one go when none was injected (tests, the CLI). */
export const indexerOf = (deps: Pick<AppDeps, 'indexer'>): Indexer => deps.indexer ?? inOneGo;

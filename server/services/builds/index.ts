/*
 * Editor builds (docs/content.md "Writing and publishing"), one operation per file: save.ts (the
 * open build collects changes), publish.ts (claim → check → commit → index), part.ts (part of
 * the open build as a build of its own), revert.ts,
 * discard.ts, schedule.ts, history.ts (reading); shared.ts holds what they share.
 */
export { addressOf, changesOf, routeRulesChanged, routeRulesGeneration } from '../publish-completion';
export { discardChange } from './discard';
export { listBuilds, openBuildChanges } from './history';
export { publishOpenBuild, resumeInterruptedPublishes } from './publish';
export { revertBuild } from './revert';
export { addChange, ensureOpenBuild, type NewChange, pendingChanges } from './save';
export { cancelScheduledPublish, MAX_SCHEDULE_AHEAD_MS, publishDueBuild, schedulePublish } from './schedule';
export {
  type BuildDeps,
  currentBuild,
  PUBLISH_LEASE_MS,
  type PublishCheckpoint,
  requireRepository,
  stillOpen,
} from './shared';

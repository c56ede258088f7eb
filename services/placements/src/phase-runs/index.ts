// The phase-runs group's public entry (docs/decisions/placements.md "Groups").
export { phaseRunsGroup } from './phase-runs.module.ts';
export {
  createPhaseRunActivities,
  type TEnteredPhase,
  type TPhaseRunActivities,
  type TRunTask,
} from './phase-runs.activities.ts';
export { PHASE_DEFINITIONS } from './phase-definitions.ts';
export type { TPhaseDefinitions } from './phase-runs.service.ts';

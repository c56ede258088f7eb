import type { TPlacementsGroup } from '../shared/group.ts';
import type {
  TInternshipPhaseRunsTable,
  TInternshipPhasesTable,
  TInternshipPhaseTasksTable,
} from './phase-runs.table.ts';

declare module '../database.ts' {
  interface TPlacementsDb {
    'placements.internship_phase_runs': TInternshipPhaseRunsTable;
    'placements.internship_phases': TInternshipPhasesTable;
    'placements.internship_phase_tasks': TInternshipPhaseTasksTable;
  }
}

/**
 * The runtime of internship phases (docs/decisions/phases.md "Runtime"): per internship its run of the
 * definition version it started with, the phases it entered and their tasks, kept by the
 * internship-phases workflow's activities (workflows/src/internship-phases).
 */
export const phaseRunsGroup: TPlacementsGroup = {
  name: 'phase-runs',
};

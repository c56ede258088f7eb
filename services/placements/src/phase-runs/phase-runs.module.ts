import type { TPlacementsGroup } from '../shared/group.ts';
import { phaseRunsConsumer } from './phase-runs.consumer.ts';
import { phaseRunsRoutes } from './phase-runs.routes.ts';
import { seedPhaseRuns } from './phase-runs.seed.ts';
import type { TPhaseDefinitions } from './phase-runs.service.ts';
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
 * internship-phases workflow's activities (workflows/src/internship-phases); the routes read them and
 * send the workflow its updates; the consumer starts and ends runs with the internship's life cycle.
 */
export const phaseRunsGroup = (definitions: TPhaseDefinitions): TPlacementsGroup => ({
  name: 'phase-runs',
  routes: [phaseRunsRoutes(definitions)],
  consumers: (deps) => [phaseRunsConsumer(deps, definitions)],
  seed: (ctx, tenant) => seedPhaseRuns(ctx, tenant, definitions),
});

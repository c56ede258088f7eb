import type { TPlacementsGroup } from '../shared/group.ts';
import { definitionsRoutes } from './definitions/definitions.routes.ts';
import type { TWorkflowDefinitionsTable, TWorkflowVersionsTable } from './definitions/definitions.table.ts';
import { designersRoutes } from './designers/designers.routes.ts';
import type { TWorkflowDesignersTable } from './designers/designers.table.ts';
import { seedPhases } from './phases.seed.ts';

declare module '../database.ts' {
  interface TPlacementsDb {
    'placements.workflow_definitions': TWorkflowDefinitionsTable;
    'placements.workflow_versions': TWorkflowVersionsTable;
    'placements.workflow_designers': TWorkflowDesignersTable;
  }
}

/**
 * Workflows with phases (docs/decisions/phases.md): a school's workflow definitions as data, their
 * draft and published versions, the mentors granted the designer permission, and each School's seeded
 * default.
 */
export const phasesGroup: TPlacementsGroup = {
  name: 'phases',
  routes: [definitionsRoutes, designersRoutes],
  seed: seedPhases,
};

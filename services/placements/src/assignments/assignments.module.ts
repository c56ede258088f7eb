import type { TPlacementsGroup } from '../shared/group.ts';
import { assignmentsRoutes } from './assignments.routes.ts';
import { seedAssignments } from './assignments.seed.ts';
import type { TAssignmentsTable, TAssignmentTasksTable } from './assignments.table.ts';

declare module '../database.ts' {
  interface TPlacementsDb {
    'placements.assignments': TAssignmentsTable;
    'placements.assignment_tasks': TAssignmentTasksTable;
  }
}

/** A school's assignments and their tasks for the supervisors (docs/decisions/assignments.md). */
export const assignmentsGroup: TPlacementsGroup = {
  name: 'assignments',
  routes: [assignmentsRoutes],
  seed: seedAssignments,
};

import type { TPlacementsGroup } from '../shared/group.ts';
import { allocationRoutes } from './allocation.routes.ts';
import { seedAllocationRound } from './allocation.seed.ts';
import type {
  TAllocationPreferencesTable,
  TAllocationProposalLinesTable,
  TAllocationRoundsTable,
  TAllocationRoundVacanciesTable,
  TInternshipAssignmentsTable,
} from './allocation.table.ts';
import { assignRoutes } from './assign/assign.routes.ts';

declare module '../database.ts' {
  interface TPlacementsDb {
    'placements.allocation_rounds': TAllocationRoundsTable;
    'placements.allocation_round_vacancies': TAllocationRoundVacanciesTable;
    'placements.allocation_preferences': TAllocationPreferencesTable;
    'placements.allocation_proposal_lines': TAllocationProposalLinesTable;
    'placements.internship_assignments': TInternshipAssignmentsTable;
  }
}

/** Placing students: allocation rounds and a school assigning students by hand (docs/decisions/allocation.md). */
export const allocationGroup: TPlacementsGroup = {
  name: 'allocation',
  routes: [allocationRoutes, assignRoutes],
  seed: seedAllocationRound,
};

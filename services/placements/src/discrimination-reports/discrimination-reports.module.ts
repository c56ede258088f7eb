import type { TPlacementsGroup } from '../shared/group.ts';
import { discriminationReportsRoutes } from './discrimination-reports.routes.ts';
import type {
  TDiscriminationReportActionsTable,
  TDiscriminationReportsTable,
} from './discrimination-reports.table.ts';

declare module '../database.ts' {
  interface TPlacementsDb {
    'placements.discrimination_reports': TDiscriminationReportsTable;
    'placements.discrimination_report_actions': TDiscriminationReportActionsTable;
  }
}

/**
 * Discrimination reports (issue #37 item 3, docs/decisions/discrimination-reports.md): a student's report of
 * a declined application; the school's handling and its pauses of an organization's vacancies (the pause
 * table is the floor's, shared/organization-pauses.ts, read by the search bank and applying).
 */
export const discriminationReportsGroup: TPlacementsGroup = {
  name: 'discrimination-reports',
  routes: [discriminationReportsRoutes],
};

import type { TPlacementsGroup } from '../shared/group.ts';
import { supervisorAccountsRoutes } from './supervisor-accounts.routes.ts';
import type { TSupervisorAccountRequestsTable } from './supervisor-accounts.table.ts';

declare module '../database.ts' {
  interface TPlacementsDb {
    'placements.supervisor_account_requests': TSupervisorAccountRequestsTable;
  }
}

/**
 * A workplace supervisor without an account asks for one through their link; the company's admins
 * answer (issue #30 item 6, docs/decisions/internships.md "The supervisor").
 */
export const supervisorAccountsGroup: TPlacementsGroup = {
  name: 'supervisor-accounts',
  routes: [supervisorAccountsRoutes],
};

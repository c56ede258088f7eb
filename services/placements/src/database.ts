import type { Kysely } from 'kysely';
import type { TOutboxTable, TProcessedEventsTable } from '@stageplein/kit/outbox/outbox.table';
import type { TOrganizationsReadModelTable } from '@stageplein/kit/read-models/organizations-read-model';
import type { TAuditLogTable } from '@stageplein/kit/audit/audit-log';
import type { TUsersTable } from './users-read-model/users-read-model.table.ts';
import type { TVacanciesTable } from './vacancies/vacancies.table.ts';
import type { TOrganizationComplianceTable } from './compliance-read-model/compliance-read-model.table.ts';
import type { TInternshipsTable, TInternshipStatusChangesTable } from './internships/internships.table.ts';
import type {
  TGroupMembershipsTable,
  TGroupsTable,
  TInternshipPeriodsTable,
  TLevelsTable,
  TMentorshipsTable,
  TOrganizationWebsitesTable,
} from './school-read-models/school-read-models.table.ts';

/** The kit's auth read model (kit/auth/auth-read-model.ts), fed by identity's role events. */
export interface TAuthRolesTable {
  role_id: string;
  tenant_id: string;
  user_id: string;
  name: string;
  resource_type: string;
  resource_id: string;
}

/** The placements schema as Kysely sees it. */
export interface TPlacementsDb {
  'placements.vacancies': TVacanciesTable;
  'placements.internships': TInternshipsTable;
  'placements.internship_status_changes': TInternshipStatusChangesTable;
  'placements.internship_periods': TInternshipPeriodsTable;
  'placements.groups': TGroupsTable;
  'placements.group_memberships': TGroupMembershipsTable;
  'placements.levels': TLevelsTable;
  'placements.mentorships': TMentorshipsTable;
  'placements.organization_websites': TOrganizationWebsitesTable;
  'placements.organizations': TOrganizationsReadModelTable;
  'placements.users': TUsersTable;
  'placements.organization_compliance': TOrganizationComplianceTable;
  'placements.audit_log': TAuditLogTable;
  'placements.auth_roles': TAuthRolesTable;
  'placements.outbox': TOutboxTable;
  'placements.processed_events': TProcessedEventsTable;
}

export type TDb = Kysely<TPlacementsDb>;

export const SCHEMA = 'placements';

import type { Kysely } from 'kysely';
import type {
  TOutboxPendingTable,
  TOutboxTable,
  TProcessedEventsTable,
} from '@stageplein/kit/outbox/outbox.table';
import type { TSchoolYearsTable } from './school-years/school-years.table.ts';
import type { TOrganizationsTable } from './organizations/organizations.table.ts';
import type { TSignupsTable } from './signups/signups.table.ts';
import type { TAuditLogTable } from './audit-log/audit-log.table.ts';
import type { TLevelsTable } from './levels/levels.table.ts';
import type { TTagsTable } from './tags/tags.table.ts';
import type { TGroupMembershipsTable, TGroupsTable } from './groups/groups.table.ts';
import type { TInternshipPeriodsTable } from './internship-periods/internship-periods.table.ts';
import type { TImportMentorsTable, TRosterMentorsTable } from './roster-mentors/roster-mentors.table.ts';
import type { TMentorshipsTable } from './mentorships/mentorships.table.ts';
import type {
  TComplianceDocumentsTable,
  TComplianceRequirementsTable,
  TComplianceStatesTable,
} from './compliance/compliance.table.ts';
import type { TVacanciesTable } from './vacancies-read-model/vacancies-read-model.table.ts';
import type {
  TImportFilesTable,
  TImportRowsTable,
  TImportsTable,
  TRosterConnectionsTable,
  TStudentEnrolmentsTable,
} from './imports/imports.table.ts';

/** The kit's auth read model (kit/auth/auth-read-model.ts), fed by identity's role events. */
export interface TAuthRolesTable {
  role_id: string;
  tenant_id: string;
  user_id: string;
  name: string;
  resource_type: string;
  resource_id: string;
}

/** The organizations schema as Kysely sees it. */
export interface TOrganizationsDb {
  'organizations.school_years': TSchoolYearsTable;
  'organizations.organizations': TOrganizationsTable;
  'organizations.signups': TSignupsTable;
  'organizations.audit_log': TAuditLogTable;
  'organizations.levels': TLevelsTable;
  'organizations.tags': TTagsTable;
  'organizations.groups': TGroupsTable;
  'organizations.group_memberships': TGroupMembershipsTable;
  'organizations.internship_periods': TInternshipPeriodsTable;
  'organizations.mentorships': TMentorshipsTable;
  'organizations.compliance_documents': TComplianceDocumentsTable;
  'organizations.compliance_requirements': TComplianceRequirementsTable;
  'organizations.compliance_states': TComplianceStatesTable;
  'organizations.vacancies': TVacanciesTable;
  'organizations.imports': TImportsTable;
  'organizations.import_files': TImportFilesTable;
  'organizations.import_rows': TImportRowsTable;
  'organizations.student_enrolments': TStudentEnrolmentsTable;
  'organizations.roster_connections': TRosterConnectionsTable;
  'organizations.import_mentors': TImportMentorsTable;
  'organizations.roster_mentors': TRosterMentorsTable;
  'organizations.auth_roles': TAuthRolesTable;
  'organizations.outbox': TOutboxTable;
  'organizations.outbox_pending': TOutboxPendingTable;
  'organizations.processed_events': TProcessedEventsTable;
}

export const SCHEMA = 'organizations';

/** The organizations schema's database (or a transaction on it). */
export type TDb = Kysely<TOrganizationsDb>;

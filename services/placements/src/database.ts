import type { Kysely } from 'kysely';
import type {
  TOutboxPendingTable,
  TOutboxTable,
  TProcessedEventsTable,
} from '@stageplein/kit/outbox/outbox.table';
import type { TOrganizationsReadModelTable } from '@stageplein/kit/read-models/organizations-read-model';
import type { TAuditLogTable } from '@stageplein/kit/audit/audit-log';
import type {
  TExternalLinksTable,
  TExternalLinkUsesTable,
} from '@stageplein/kit/external-links/external-links.table';
import type { TMailDeliveriesTable } from '@stageplein/kit/mail/mail-requests';
import type { TUsersTable } from './read-models/users-read-model/users-read-model.table.ts';
import type { TVacanciesTable } from './vacancies/vacancies.table.ts';
import type {
  TAllocationPreferencesTable,
  TAllocationProposalLinesTable,
  TAllocationRoundsTable,
  TAllocationRoundVacanciesTable,
  TInternshipAssignmentsTable,
} from './allocation/allocation.table.ts';
import type {
  THoursEntriesTable,
  THoursPeriodDefaultsTable,
  THoursSheetsTable,
} from './hours/hours.table.ts';
import type {
  TEvaluationResponsesTable,
  TEvaluationsTable,
  TEvaluationTemplatesTable,
} from './evaluations/evaluations.table.ts';
import type { TOrganizationComplianceTable } from './read-models/compliance-read-model/compliance-read-model.table.ts';
import type {
  TInternshipsTable,
  TInternshipStatusChangesTable,
  TInternshipTalliesTable,
} from './internships/internships.table.ts';
import type { TSelfFoundInternshipsTable } from './self-found/self-found.table.ts';
import type { TBulkMessageDeliveriesTable, TBulkMessagesTable } from './bulk-messages/bulk-messages.table.ts';
import type {
  TGroupMembershipsTable,
  TGroupsTable,
  TInternshipPeriodsTable,
  TSchoolYearsTable,
  TLevelsTable,
  TMentorshipsTable,
  TOrganizationWebsitesTable,
} from './read-models/school-read-models/school-read-models.table.ts';
import type { TTagsTable } from './read-models/tags-read-model/tags-read-model.table.ts';
import type { TArchivedFormsTable, TFormVersionsTable } from './read-models/form-versions/form-versions.table.ts';
import type { TAssignmentsTable, TAssignmentTasksTable } from './assignments/assignments.table.ts';
import type { TImagesTable } from './read-models/vacancy-images/vacancy-images.table.ts';

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
  'placements.internship_tallies': TInternshipTalliesTable;
  'placements.self_found_internships': TSelfFoundInternshipsTable;
  'placements.bulk_messages': TBulkMessagesTable;
  'placements.bulk_message_deliveries': TBulkMessageDeliveriesTable;
  'placements.internship_periods': TInternshipPeriodsTable;
  'placements.school_years': TSchoolYearsTable;
  'placements.groups': TGroupsTable;
  'placements.group_memberships': TGroupMembershipsTable;
  'placements.levels': TLevelsTable;
  'placements.tags': TTagsTable;
  'placements.form_versions': TFormVersionsTable;
  'placements.archived_forms': TArchivedFormsTable;
  'placements.assignments': TAssignmentsTable;
  'placements.assignment_tasks': TAssignmentTasksTable;
  'placements.images': TImagesTable;
  'placements.mentorships': TMentorshipsTable;
  'placements.organization_websites': TOrganizationWebsitesTable;
  'placements.allocation_rounds': TAllocationRoundsTable;
  'placements.allocation_round_vacancies': TAllocationRoundVacanciesTable;
  'placements.allocation_preferences': TAllocationPreferencesTable;
  'placements.allocation_proposal_lines': TAllocationProposalLinesTable;
  'placements.internship_assignments': TInternshipAssignmentsTable;
  'placements.hours_entries': THoursEntriesTable;
  'placements.hours_sheets': THoursSheetsTable;
  'placements.hours_period_defaults': THoursPeriodDefaultsTable;
  'placements.evaluation_templates': TEvaluationTemplatesTable;
  'placements.evaluations': TEvaluationsTable;
  'placements.evaluation_responses': TEvaluationResponsesTable;
  'placements.organizations': TOrganizationsReadModelTable;
  'placements.users': TUsersTable;
  'placements.organization_compliance': TOrganizationComplianceTable;
  'placements.audit_log': TAuditLogTable;
  'placements.auth_roles': TAuthRolesTable;
  'placements.outbox': TOutboxTable;
  'placements.outbox_pending': TOutboxPendingTable;
  'placements.processed_events': TProcessedEventsTable;
  'placements.external_links': TExternalLinksTable;
  'placements.external_link_uses': TExternalLinkUsesTable;
  'placements.mail_deliveries': TMailDeliveriesTable;
}

export type TDb = Kysely<TPlacementsDb>;

export const SCHEMA = 'placements';

import type { Kysely } from 'kysely';
import type { TOutboxTable, TProcessedEventsTable } from '@stageplein/kit/outbox/outbox.table';
import type { TOrganizationsReadModelTable } from '@stageplein/kit/read-models/organizations-read-model';
import type { TAuditLogTable } from '@stageplein/kit/audit/audit-log';
import type {
  TExternalLinksTable,
  TExternalLinkUsesTable,
} from '@stageplein/kit/external-links/external-links.table';
import type { TMailDeliveriesTable } from '@stageplein/kit/mail/mail-requests';
import type { TUsersTable } from './users-read-model/users-read-model.table.ts';
import type { TVacanciesTable } from './vacancies/vacancies.table.ts';
import type { TOrganizationComplianceTable } from './compliance-read-model/compliance-read-model.table.ts';

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
  'placements.organizations': TOrganizationsReadModelTable;
  'placements.users': TUsersTable;
  'placements.organization_compliance': TOrganizationComplianceTable;
  'placements.audit_log': TAuditLogTable;
  'placements.auth_roles': TAuthRolesTable;
  'placements.outbox': TOutboxTable;
  'placements.processed_events': TProcessedEventsTable;
  'placements.external_links': TExternalLinksTable;
  'placements.external_link_uses': TExternalLinkUsesTable;
  'placements.mail_deliveries': TMailDeliveriesTable;
}

export type TDb = Kysely<TPlacementsDb>;

export const SCHEMA = 'placements';

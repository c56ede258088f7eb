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

/** The kit's auth read model (kit/auth/auth-read-model.ts), fed by identity's role events. */
export interface TAuthRolesTable {
  role_id: string;
  tenant_id: string;
  user_id: string;
  name: string;
  resource_type: string;
  resource_id: string;
}

/**
 * The placements schema as Kysely sees it. Here: the kit's tables every service has. Each group adds
 * its own tables in its `<group>.module.ts` (`declare module '../database.ts'`), so this file imports
 * no group and every group sees the one whole type (docs/decisions/placements.md "Groups").
 */
export interface TPlacementsDb {
  'placements.organizations': TOrganizationsReadModelTable;
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

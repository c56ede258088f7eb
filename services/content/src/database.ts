import type {
  TOutboxPendingTable,
  TOutboxTable,
  TProcessedEventsTable,
} from '@stageplein/kit/outbox/outbox.table';
import type { TAuditLogTable } from '@stageplein/kit/audit/audit-log';
import type { TOrganizationsReadModelTable } from '@stageplein/kit/read-models/organizations-read-model';

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
 * The content schema as Kysely sees it: kit's tables here; each group adds its own from its
 * `<group>.module.ts` (`declare module '../database.ts'`), so this file imports no group.
 */
export interface TContentDb {
  'content.organizations': TOrganizationsReadModelTable;
  'content.audit_log': TAuditLogTable;
  'content.auth_roles': TAuthRolesTable;
  'content.outbox': TOutboxTable;
  'content.outbox_pending': TOutboxPendingTable;
  'content.processed_events': TProcessedEventsTable;
}

export const SCHEMA = 'content';

import type {
  TOutboxPendingTable,
  TOutboxTable,
  TProcessedEventsTable,
} from '@stageplein/kit/outbox/outbox.table';
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
 * The notifications schema as Kysely sees it: kit's tables here; each feature adds its own from its
 * `<feature>.table.ts` (`declare module '../database.ts'`), so this file imports no feature.
 */
export interface TNotificationsDb {
  'notifications.auth_roles': TAuthRolesTable;
  /** Kit's organizations read model: the current organization's status (mail templates' rule). */
  'notifications.organizations': TOrganizationsReadModelTable;
  'notifications.outbox': TOutboxTable;
  'notifications.outbox_pending': TOutboxPendingTable;
  'notifications.processed_events': TProcessedEventsTable;
}

export const SCHEMA = 'notifications';

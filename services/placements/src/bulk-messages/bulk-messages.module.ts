import type { TPlacementsGroup } from '../shared/group.ts';
import { bulkMessagesRoutes } from './bulk-messages.routes.ts';
import type { TBulkMessageDeliveriesTable, TBulkMessagesTable } from './bulk-messages.table.ts';

declare module '../database.ts' {
  interface TPlacementsDb {
    'placements.bulk_messages': TBulkMessagesTable;
    'placements.bulk_message_deliveries': TBulkMessageDeliveriesTable;
  }
}

/** A school's messages to its students (docs/decisions/self-found-and-bulk-messages.md). */
export const bulkMessagesGroup: TPlacementsGroup = {
  name: 'bulk-messages',
  routes: [bulkMessagesRoutes],
};

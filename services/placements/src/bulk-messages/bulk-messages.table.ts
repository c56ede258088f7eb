import type { TBulkMessageRecipientKind } from '@stageplein/contracts/placements/bulk-messages';

/** Migration 20261204T1010-bulk-messages. */
export interface TBulkMessagesTable {
  id: string;
  tenant_id: string;
  school_id: string;
  author_id: string;
  subject: string;
  body: string;
  to_contacts: boolean;
  to_supervisors: boolean;
  internship_count: number;
  created_at: Date;
}

export interface TBulkMessageDeliveriesTable {
  id: string;
  tenant_id: string;
  bulk_message_id: string;
  internship_id: string;
  recipient_kind: TBulkMessageRecipientKind;
  recipient_user_id: string | null;
  recipient_name: string | null;
  /** Lower case: one delivery per address and message. */
  email: string;
  /** The shared mail module's delivery (its status follows identity's reports). */
  delivery_id: string;
}

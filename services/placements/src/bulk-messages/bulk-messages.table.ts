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
  /** Students chosen without an internship (migration 20270125T0900-bulk-message-students). */
  student_count: number;
  created_at: Date;
}

export interface TBulkMessageDeliveriesTable {
  id: string;
  tenant_id: string;
  bulk_message_id: string;
  /** Null: a student chosen without an internship. */
  internship_id: string | null;
  recipient_kind: TBulkMessageRecipientKind;
  recipient_user_id: string | null;
  recipient_name: string | null;
  /** Lower case: one delivery per address and message. */
  email: string;
  /** The shared mail module's delivery (its status follows identity's reports). */
  delivery_id: string;
}

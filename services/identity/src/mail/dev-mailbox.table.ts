import { type Generated } from 'kysely';

/**
 * The embedded profile's mailbox: every mail the embedded SMTP catcher takes (notifications sent it
 * through its queue and SMTP) lands here, so a person can read it at /api/v1/dev/mailbox and follow its
 * links. It stands in for the recipients' inboxes, so links in it carry their tokens; it is never served
 * in production.
 */
export interface TDevMailsTable {
  id: Generated<string>;
  tenant_id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date;
  seq: Generated<number>;
}

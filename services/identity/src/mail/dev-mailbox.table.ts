import { sql, type Generated, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * The embedded profile's mailbox: outgoing mail lands here (in the transaction of the change that
 * sent it) so a person can read it at /api/v1/dev/mailbox and follow its links. It stands in for the
 * recipients' inboxes, so links in it carry their tokens; it is never served in production.
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

export const devMailboxMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table identity.dev_mails (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      kind text not null,
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text not null,
      created_at timestamptz not null,
      seq bigserial not null
    )`.execute(db);
    await sql`create index dev_mails_to on identity.dev_mails (lower(to_address), seq)`.execute(db);
    await enableTenantRls(db, 'identity', 'dev_mails');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table identity.dev_mails`.execute(db);
  },
};

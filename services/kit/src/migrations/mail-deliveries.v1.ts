import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '../db/rls.ts';

// Frozen: services' migration files call this; a change is a new version (v2), never an edit.
/**
 * A requesting service's per-recipient mail status (kit/mail/mail-requests.ts): one row per requested
 * mail, `requested` until identity's `identity.mail.delivered` / `identity.mail.failed` comes back.
 * `reference_*` groups the mails of one thing (a bulk message) for its status list.
 */
export function mailDeliveriesMigrationV1(schema: string): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `create table ${schema}.mail_deliveries (
            id uuid primary key,
            tenant_id text not null,
            template text not null,
            recipient_user_id uuid,
            recipient_email text,
            reference_type text,
            reference_id text,
            status text not null default 'requested' check (status in ('requested', 'delivered', 'failed')),
            failure_reason text,
            requested_at timestamptz not null,
            settled_at timestamptz
          )`,
        )
        .execute(db);
      await sql
        .raw(
          `create index mail_deliveries_reference on ${schema}.mail_deliveries (reference_type, reference_id)`,
        )
        .execute(db);
      await enableTenantRls(db, schema, 'mail_deliveries');
    },
    async down(db: Kysely<unknown>) {
      await sql.raw(`drop table ${schema}.mail_deliveries`).execute(db);
    },
  };
}

import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '../db/rls.ts';

// Frozen: services' migration files call this; a change is a new version (v2), never an edit.
/** Kit-owned tables every service schema carries: its outbox and its consumers' processed-event log. */
export function outboxMigrationV1(schema: string): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `create table ${schema}.outbox (
            seq bigserial primary key,
            id uuid not null unique,
            tenant_id text not null,
            type text not null,
            aggregate_id text not null,
            envelope jsonb not null,
            created_at timestamptz not null default now(),
            sent_at timestamptz,
            attempts int not null default 0,
            last_error text
          )`,
        )
        .execute(db);
      await sql.raw(`create index outbox_unsent on ${schema}.outbox (seq) where sent_at is null`).execute(db);
      await enableTenantRls(db, schema, 'outbox');
      await sql
        .raw(
          `create table ${schema}.processed_events (
            tenant_id text not null,
            consumer text not null,
            event_id uuid not null,
            processed_at timestamptz not null default now(),
            primary key (consumer, event_id)
          )`,
        )
        .execute(db);
      await enableTenantRls(db, schema, 'processed_events');
    },
    async down(db: Kysely<unknown>) {
      await sql.raw(`drop table ${schema}.processed_events`).execute(db);
      await sql.raw(`drop table ${schema}.outbox`).execute(db);
    },
  };
}

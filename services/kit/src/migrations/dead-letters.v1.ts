import { sql, type Kysely, type Migration } from 'kysely';
import { RELAY_ROLE } from '../db/database.ts';
import { enableTenantRls } from '../db/rls.ts';

// Frozen: services' migration files call this; a change is a new version (v2), never an edit.
export function deadLettersMigrationV1(schema: string): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `create table ${schema}.dead_letters (
            id bigserial primary key,
            tenant_id text not null,
            consumer text not null,
            event_id text not null,
            event_type text,
            envelope jsonb not null,
            reason text not null,
            attempts int not null,
            origin text not null,
            created_at timestamptz not null default now(),
            replayed_at timestamptz,
            replay_error text,
            unique (consumer, event_id)
          )`,
        )
        .execute(db);
      await sql
        .raw(`create index dead_letters_pending on ${schema}.dead_letters (id) where replayed_at is null`)
        .execute(db);
      await enableTenantRls(db, schema, 'dead_letters');
      // Listing and replaying is operator work across tenants: the relay role (bypasses RLS) does it.
      await sql.raw(`grant select, update on ${schema}.dead_letters to ${RELAY_ROLE}`).execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql.raw(`drop table ${schema}.dead_letters`).execute(db);
    },
  };
}

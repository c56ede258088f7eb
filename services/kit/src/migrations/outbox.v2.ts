import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '../db/rls.ts';

// Frozen: services' migration files call this; a change is a new version (v3), never an edit.
/**
 * The outbox becomes an append-only log and its delivery state a queue beside it. v1 marked a sent
 * row by updating it: a new version of the whole row (its envelope included) and new entries in both
 * of its unique indexes, per event — most of the relay's database work and about 1 kB of WAL per
 * event. Now a writer adds the row's key to `outbox_pending` in the same statement, and the relay
 * deletes it from there when the broker acknowledged; the log is only ever inserted into, so
 * back-fills keep reading every event. Rows unsent at the migration stay pending; the send times and
 * attempts of sent rows are dropped with v1's bookkeeping columns (the pending row keeps a failing
 * event's attempts and last error).
 */
export function outboxMigrationV2(schema: string): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // No foreign key to the log: every insert would look its row up again; the one writer
      // (kit's insertEvents) writes both rows in one statement.
      await sql
        .raw(
          `create table ${schema}.outbox_pending (
            seq bigint primary key,
            tenant_id text not null,
            aggregate_id text not null,
            attempts int not null default 0,
            last_error text
          )`,
        )
        .execute(db);
      await sql
        .raw(
          `insert into ${schema}.outbox_pending (seq, tenant_id, aggregate_id, attempts, last_error)
            select seq, tenant_id, aggregate_id, attempts, last_error from ${schema}.outbox where sent_at is null`,
        )
        .execute(db);
      await enableTenantRls(db, schema, 'outbox_pending');
      await sql.raw(`drop index ${schema}.outbox_unsent`).execute(db);
      await sql
        .raw(`alter table ${schema}.outbox drop column sent_at, drop column attempts, drop column last_error`)
        .execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql
        .raw(
          `alter table ${schema}.outbox add column sent_at timestamptz, add column attempts int not null default 0,
            add column last_error text`,
        )
        .execute(db);
      await sql
        .raw(
          `update ${schema}.outbox o set sent_at = case when p.seq is null then now() end,
            attempts = coalesce(p.attempts, 0), last_error = p.last_error
            from ${schema}.outbox l left join ${schema}.outbox_pending p on p.seq = l.seq where o.seq = l.seq`,
        )
        .execute(db);
      await sql.raw(`create index outbox_unsent on ${schema}.outbox (seq) where sent_at is null`).execute(db);
      await sql.raw(`drop table ${schema}.outbox_pending`).execute(db);
    },
  };
}

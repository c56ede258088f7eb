import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Bulk messages (contracts/src/placements/bulk-messages.ts): the message a school admin wrote and one
 * delivery per recipient (one per address and message: a student with two selected internships gets
 * one mail), each with the shared mail module's delivery id (its status is kept by the mail module).
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.bulk_messages (
      id uuid primary key,
      tenant_id text not null,
      school_id uuid not null,
      author_id uuid not null,
      subject text not null,
      body text not null,
      to_contacts boolean not null,
      to_supervisors boolean not null,
      internship_count integer not null,
      created_at timestamptz not null
    )`.execute(db);
    await sql`create index bulk_messages_school on placements.bulk_messages (school_id, created_at desc)`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'bulk_messages');
    await sql`create table placements.bulk_message_deliveries (
      id uuid primary key,
      tenant_id text not null,
      bulk_message_id uuid not null references placements.bulk_messages (id) on delete cascade,
      internship_id uuid not null references placements.internships (id) on delete cascade,
      recipient_kind text not null check (recipient_kind in ('student', 'contact', 'supervisor')),
      recipient_user_id uuid,
      recipient_name text,
      email text not null,
      delivery_id uuid not null unique,
      unique (bulk_message_id, email)
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'bulk_message_deliveries');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.bulk_message_deliveries`.execute(db);
    await sql`drop table placements.bulk_messages`.execute(db);
  },
};

export default migration;

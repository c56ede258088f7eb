import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/** Identity's users as placements shows them (a vacancy's contact person), fed by identity's events. */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.users (
      id uuid primary key,
      tenant_id text not null,
      email text not null,
      first_name text,
      last_name text,
      status text not null,
      deleted boolean not null default false,
      event_time timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'users');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.users`.execute(db);
  },
};

export default migration;

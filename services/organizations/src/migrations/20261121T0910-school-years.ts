import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table organizations.school_years (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      name text not null,
      start_date date not null,
      end_date date not null,
      created_at timestamptz not null default now(),
      unique (tenant_id, start_date),
      check (end_date > start_date)
    )`.execute(db);
    await enableTenantRls(db, 'organizations', 'school_years');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table organizations.school_years`.execute(db);
  },
};

export default migration;

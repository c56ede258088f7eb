import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table organizations.internship_periods (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      school_id uuid not null references organizations.organizations (id) on delete cascade,
      school_year_id uuid not null references organizations.school_years (id),
      name text not null,
      start_date date not null,
      end_date date not null,
      status text not null default 'active' check (status in ('active', 'archived')),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check (end_date >= start_date)
    )`.execute(db);
    await sql`create index internship_periods_year on organizations.internship_periods (tenant_id, school_year_id, start_date)`.execute(
      db,
    );
    await sql`create index internship_periods_school on organizations.internship_periods (school_id)`.execute(
      db,
    );
    await enableTenantRls(db, 'organizations', 'internship_periods');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table organizations.internship_periods`.execute(db);
  },
};

export default migration;

import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table organizations.groups (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      school_id uuid not null references organizations.organizations (id) on delete cascade,
      school_year_id uuid references organizations.school_years (id) on delete set null,
      level_id uuid references organizations.levels (id) on delete set null,
      name text not null,
      description text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique nulls not distinct (school_id, school_year_id, name)
    )`.execute(db);
    await enableTenantRls(db, 'organizations', 'groups');
    await sql`create table organizations.group_memberships (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      school_id uuid not null references organizations.organizations (id) on delete cascade,
      group_id uuid not null references organizations.groups (id) on delete cascade,
      student_id uuid not null,
      created_at timestamptz not null,
      unique (school_id, student_id)
    )`.execute(db);
    await sql`create index group_memberships_group on organizations.group_memberships (group_id)`.execute(db);
    await enableTenantRls(db, 'organizations', 'group_memberships');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table organizations.group_memberships`.execute(db);
    await sql`drop table organizations.groups`.execute(db);
  },
};

export default migration;

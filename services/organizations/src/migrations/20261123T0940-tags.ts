import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table organizations.tags (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      school_id uuid not null references organizations.organizations (id) on delete cascade,
      name text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (school_id, name)
    )`.execute(db);
    await enableTenantRls(db, 'organizations', 'tags');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table organizations.tags`.execute(db);
  },
};

export default migration;

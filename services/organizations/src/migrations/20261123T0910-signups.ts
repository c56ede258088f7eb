import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table organizations.signups (
      organization_id uuid primary key references organizations.organizations (id) on delete cascade,
      tenant_id text not null,
      admin_email text not null,
      admin_first_name text not null,
      admin_last_name text not null,
      locale text not null check (locale in ('nl', 'en')),
      created_at timestamptz not null
    )`.execute(db);
    await sql`create index signups_admin_email on organizations.signups (tenant_id, lower(admin_email))`.execute(
      db,
    );
    await enableTenantRls(db, 'organizations', 'signups');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table organizations.signups`.execute(db);
  },
};

export default migration;

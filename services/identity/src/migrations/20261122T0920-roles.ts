import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table identity.roles (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      user_id uuid not null references identity.users (id) on delete cascade,
      name text not null check (name in ('admin', 'volunteer', 'student', 'mentor')),
      resource_type text not null check (resource_type in ('School', 'VolunteerCenter', 'NonProfit', 'Provider')),
      resource_id uuid not null,
      created_at timestamptz not null,
      unique (user_id, name, resource_id)
    )`.execute(db);
    await sql`create index roles_resource on identity.roles (resource_id, name)`.execute(db);
    await enableTenantRls(db, 'identity', 'roles');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table identity.roles`.execute(db);
  },
};

export default migration;

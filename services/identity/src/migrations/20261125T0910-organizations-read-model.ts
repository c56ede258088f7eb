import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table identity.organizations (
      id uuid primary key,
      tenant_id text not null,
      organization_type text not null,
      name text not null,
      status text not null,
      deleted boolean not null default false,
      event_time timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'identity', 'organizations');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table identity.organizations`.execute(db);
  },
};

export default migration;

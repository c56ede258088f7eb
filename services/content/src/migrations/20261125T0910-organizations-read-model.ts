import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table content.organizations (
      id uuid primary key,
      tenant_id text not null,
      type text not null,
      status text not null,
      updated_at timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'content', 'organizations');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table content.organizations`.execute(db);
  },
};

export default migration;

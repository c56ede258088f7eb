import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table content.messages (
      tenant_id text not null,
      locale text not null check (locale in ('nl', 'en')),
      key text not null,
      value text not null,
      updated_at timestamptz not null,
      updated_by uuid,
      primary key (tenant_id, locale, key)
    )`.execute(db);
    await enableTenantRls(db, 'content', 'messages');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table content.messages`.execute(db);
  },
};

export default migration;

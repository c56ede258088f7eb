import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table identity.student_import_keys (
      tenant_id text not null,
      key text not null,
      outcome text not null,
      user_id uuid,
      created_at timestamptz not null,
      primary key (tenant_id, key)
    )`.execute(db);
    await enableTenantRls(db, 'identity', 'student_import_keys');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table identity.student_import_keys`.execute(db);
  },
};

export default migration;

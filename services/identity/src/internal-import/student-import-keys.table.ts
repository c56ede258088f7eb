import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * What the bulk student upsert did per idempotency key (import id + row): a retried or re-run call
 * answers from here instead of applying the row again, so outcomes stay true ("created" stays
 * "created") and nothing is created or invited twice.
 */
export interface TStudentImportKeysTable {
  tenant_id: string;
  key: string;
  outcome: string;
  user_id: string | null;
  created_at: Date;
}

export const studentImportKeysMigration: Migration = {
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

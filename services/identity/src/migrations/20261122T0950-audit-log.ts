import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table identity.audit_log (
      id bigserial primary key,
      tenant_id text not null,
      action text not null,
      actor_id uuid,
      impersonator_id uuid,
      subject_id uuid,
      data jsonb not null default '{}',
      created_at timestamptz not null
    )`.execute(db);
    await sql`create index audit_log_subject on identity.audit_log (subject_id, created_at)`.execute(db);
    await enableTenantRls(db, 'identity', 'audit_log');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table identity.audit_log`.execute(db);
  },
};

export default migration;

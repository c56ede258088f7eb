import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table organizations.audit_log (
      id bigserial primary key,
      tenant_id text not null,
      actor_id uuid,
      impersonator_id uuid,
      action text not null,
      subject_type text not null,
      subject_id uuid not null,
      before_status text,
      after_status text,
      data jsonb not null default '{}',
      created_at timestamptz not null
    )`.execute(db);
    await sql`create index audit_log_subject on organizations.audit_log (subject_id, id)`.execute(db);
    await enableTenantRls(db, 'organizations', 'audit_log');
    // Append-only, also for the app role (whose table grants are re-issued on every migration run).
    await sql`create function organizations.audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'organizations.audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_append_only before update or delete on organizations.audit_log
      for each row execute function organizations.audit_log_append_only()`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table organizations.audit_log`.execute(db);
    await sql`drop function organizations.audit_log_append_only()`.execute(db);
  },
};

export default migration;

import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.audit_log (
      id bigserial primary key,
      tenant_id text not null,
      actor_id uuid,
      impersonator_id uuid,
      action text not null,
      subject_type text not null,
      subject_id text not null,
      data jsonb not null default '{}',
      created_at timestamptz not null
    )`.execute(db);
    await sql`create index audit_log_subject on placements.audit_log (subject_id, id)`.execute(db);
    await enableTenantRls(db, 'placements', 'audit_log');
    // Append-only, also for the app role (whose table grants are re-issued on every migration run).
    await sql`create function placements.audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'placements.audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_append_only before update or delete on placements.audit_log
      for each row execute function placements.audit_log_append_only()`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.audit_log`.execute(db);
    await sql`drop function placements.audit_log_append_only()`.execute(db);
  },
};

export default migration;

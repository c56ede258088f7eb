import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Supervisors' assignments (docs/decisions/assignments.md): a school's assignment (texts, a frozen
 * form version, a due date, the selection) and, once published, one task per selected internship for
 * its supervisor (by address, the supervisor's key in the tenant), with the answers when completed.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.assignments (
      id uuid primary key,
      tenant_id text not null,
      school_id uuid not null,
      title jsonb not null,
      instructions jsonb not null,
      form_id uuid not null,
      form_version integer not null check (form_version > 0),
      due_on date not null,
      selection jsonb not null,
      status text not null default 'draft' check (status in ('draft', 'published')),
      published_at timestamptz,
      created_by uuid,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((status = 'published') = (published_at is not null))
    )`.execute(db);
    await sql`create index assignments_school on placements.assignments (tenant_id, school_id, created_at desc)`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'assignments');

    await sql`create table placements.assignment_tasks (
      id uuid primary key,
      tenant_id text not null,
      assignment_id uuid not null references placements.assignments (id) on delete cascade,
      internship_id uuid not null,
      supervisor_key text not null check (supervisor_key = lower(btrim(supervisor_key)) and supervisor_key <> ''),
      supervisor_name text,
      status text not null default 'open' check (status in ('open', 'completed')),
      answers jsonb,
      completed_at timestamptz,
      link_sent_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (assignment_id, internship_id),
      check ((status = 'completed') = (completed_at is not null)),
      check ((status = 'completed') = (answers is not null))
    )`.execute(db);
    // The supervisor's page lists their tasks by their key.
    await sql`create index assignment_tasks_supervisor on placements.assignment_tasks (tenant_id, supervisor_key, status)`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'assignment_tasks');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.assignment_tasks`.execute(db);
    await sql`drop table placements.assignments`.execute(db);
  },
};

export default migration;

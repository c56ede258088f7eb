import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * The runtime of internship phases (issue #33, docs/decisions/phases.md "Runtime"): per internship its
 * run (the definition version it interprets, its Temporal workflow), the phases it entered and their
 * tasks. Activities of the internship-phases workflow write them; the screens read only these (never
 * Temporal). `internships.current_phase_id` names the definition's phase id the run stands in.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.internship_phase_runs (
      internship_id uuid primary key references placements.internships (id) on delete cascade,
      tenant_id text not null,
      definition_id uuid not null,
      version_id uuid not null,
      workflow_id text not null,
      state text not null default 'running' check (state in ('running', 'completed', 'cancelled')),
      started_at timestamptz not null,
      ended_at timestamptz,
      check ((state = 'running') = (ended_at is null))
    )`.execute(db);
    await sql`create index internship_phase_runs_version on placements.internship_phase_runs (tenant_id, version_id)`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'internship_phase_runs');

    // One row per phase an internship entered; `entry` counts them (the activity's idempotency key).
    await sql`create table placements.internship_phases (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      internship_id uuid not null references placements.internships (id) on delete cascade,
      entry integer not null check (entry >= 0),
      version_id uuid not null,
      phase_id uuid not null,
      position integer not null check (position >= 0),
      name jsonb not null,
      status text not null,
      completion text not null check (completion in ('all_required', 'any', 'manual')),
      state text not null default 'active' check (state in ('active', 'completed', 'cancelled', 'migrated')),
      started_at timestamptz not null,
      ended_at timestamptz,
      ended_by uuid,
      unique (internship_id, entry),
      check ((state = 'active') = (ended_at is null))
    )`.execute(db);
    await sql`create index internship_phases_active on placements.internship_phases (internship_id) where state = 'active'`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'internship_phases');

    await sql`create table placements.internship_phase_tasks (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      internship_id uuid not null references placements.internships (id) on delete cascade,
      internship_phase_id uuid not null references placements.internship_phases (id) on delete cascade,
      task_id uuid not null,
      position integer not null check (position >= 0),
      title jsonb not null,
      kind text not null,
      actor text not null check (actor in ('student', 'mentor', 'school_admin', 'organization_contact', 'supervisor')),
      required boolean not null,
      due_at timestamptz,
      reminders_at timestamptz[] not null default '{}',
      escalations jsonb not null default '[]',
      state text not null default 'open' check (state in ('open', 'done', 'cancelled')),
      reminders_sent integer not null default 0,
      escalation_level integer not null default 0 check (escalation_level between 0 and 2),
      completed_at timestamptz,
      completed_by uuid,
      unique (internship_phase_id, task_id),
      check ((state = 'done') = (completed_at is not null))
    )`.execute(db);
    // "My open tasks": the open ones by internship (the caller's scope narrows the internships).
    await sql`create index internship_phase_tasks_open on placements.internship_phase_tasks (internship_id, due_at) where state = 'open'`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'internship_phase_tasks');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.internship_phase_tasks`.execute(db);
    await sql`drop table placements.internship_phases`.execute(db);
    await sql`drop table placements.internship_phase_runs`.execute(db);
  },
};

export default migration;

import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Evaluations (docs/decisions/evaluations.md): a school's template per internship period (kind + id,
 * so workflow phases can be a second kind), an internship's evaluation opened from it, and one part per
 * role with the frozen form version it answers, its answers, state and score.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.evaluation_templates (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      school_id uuid not null,
      scope_kind text not null check (scope_kind in ('internship_period')),
      scope_id uuid not null,
      name text not null check (length(name) between 1 and 200),
      roles jsonb not null,
      created_by uuid,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (tenant_id, scope_kind, scope_id)
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'evaluation_templates');

    await sql`create table placements.evaluations (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      internship_id uuid not null,
      template_id uuid not null references placements.evaluation_templates (id),
      opened_by uuid,
      opened_at timestamptz not null,
      link_sent_at timestamptz,
      unique (internship_id, template_id)
    )`.execute(db);
    await sql`create index evaluations_template on placements.evaluations (template_id)`.execute(db);
    await enableTenantRls(db, 'placements', 'evaluations');

    await sql`create table placements.evaluation_responses (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      evaluation_id uuid not null references placements.evaluations (id),
      role text not null check (role in ('student', 'supervisor', 'mentor')),
      form_id uuid,
      form_version integer not null,
      weight double precision not null,
      weights jsonb not null,
      state text not null default 'open' check (state in ('open', 'submitted')),
      answers jsonb,
      score double precision,
      submitted_by uuid,
      submitted_at timestamptz,
      updated_at timestamptz not null,
      unique (evaluation_id, role),
      check ((state = 'submitted') = (submitted_at is not null)),
      check ((state = 'submitted') = (answers is not null))
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'evaluation_responses');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.evaluation_responses`.execute(db);
    await sql`drop table placements.evaluations`.execute(db);
    await sql`drop table placements.evaluation_templates`.execute(db);
  },
};

export default migration;

import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Analytics' read models (issue #37, docs/decisions/analytics.md), fed by placements' own events and
 * rebuilt from its outbox (`npm run analytics:rebuild -w @stageplein/placements`): one row per
 * internship with the facts the school's and the organization's numbers count, the phase tasks open
 * past their deadline, the vacancies, the periods' default requirement. Empty when created: an
 * installation with history rebuilds them once.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.analytics_internships (
      id uuid primary key,
      tenant_id text not null,
      school_id uuid not null,
      student_id uuid not null,
      organization_id uuid,
      organization_name text,
      vacancy_id uuid,
      period_id uuid,
      status text not null,
      start_date date,
      end_date date,
      applied_at timestamptz not null,
      placed_at timestamptz,
      required_hours numeric,
      hours_logged numeric not null default 0,
      hours_confirmed numeric not null default 0,
      hours_pending numeric not null default 0,
      updating_allowed boolean not null default true,
      signed_off boolean not null default false,
      phase_id uuid,
      phase_name jsonb,
      contract_id uuid,
      contract_status text,
      contract_out_since timestamptz,
      evaluation_id uuid,
      evaluation_outstanding boolean not null default false
    )`.execute(db);
    await sql`create index analytics_internships_school on placements.analytics_internships (tenant_id, school_id, period_id)`.execute(
      db,
    );
    await sql`create index analytics_internships_organization on placements.analytics_internships (tenant_id, organization_id)`.execute(
      db,
    );
    await sql`create index analytics_internships_vacancy on placements.analytics_internships (vacancy_id)
      where vacancy_id is not null`.execute(db);
    // A school's students (kit's auth read model of identity's roles): the school view counts them.
    await sql`create index analytics_school_students on placements.auth_roles (tenant_id, resource_id, user_id)
      where name = 'student' and resource_type = 'School'`.execute(db);
    await sql`create table placements.analytics_overdue_tasks (
      phase_task_id uuid primary key,
      tenant_id text not null,
      internship_id uuid not null,
      due_at timestamptz
    )`.execute(db);
    await sql`create index analytics_overdue_tasks_internship on placements.analytics_overdue_tasks (internship_id)`.execute(
      db,
    );
    await sql`create table placements.analytics_vacancies (
      id uuid primary key,
      tenant_id text not null,
      organization_id uuid not null,
      title text not null,
      status text not null,
      hidden boolean not null,
      places int not null,
      published_at timestamptz
    )`.execute(db);
    await sql`create index analytics_vacancies_organization on placements.analytics_vacancies (tenant_id, organization_id)`.execute(
      db,
    );
    await sql`create table placements.analytics_period_defaults (
      period_id uuid primary key,
      tenant_id text not null,
      required_hours numeric not null
    )`.execute(db);
    for (const table of [
      'analytics_internships',
      'analytics_overdue_tasks',
      'analytics_vacancies',
      'analytics_period_defaults',
    ])
      await enableTenantRls(db, 'placements', table);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index placements.analytics_school_students`.execute(db);
    await sql`drop table placements.analytics_period_defaults, placements.analytics_vacancies,
      placements.analytics_overdue_tasks, placements.analytics_internships`.execute(db);
  },
};

export default migration;

import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Internships (contracts/src/placements/internships.ts; docs/decisions/internships.md) and their status
 * history. `school_id` is the student's School (whose admins approve); `organization_id` is null for a
 * self-found internship at an organization the platform does not know yet (`organization_name` then).
 * `current_phase_id` stays null until the phases issue.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.internships (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      student_id uuid not null,
      school_id uuid not null,
      organization_id uuid,
      vacancy_id uuid references placements.vacancies (id) on delete set null,
      internship_period_id uuid,
      contact_person_id uuid,
      supervisor_id uuid,
      current_phase_id uuid,
      title text not null,
      description text,
      motivation text,
      start_date date,
      end_date date,
      contract_type text not null check (contract_type in ('contract', 'hours')),
      self_found boolean not null default false,
      organization_name text,
      contact_name text,
      contact_email text,
      contact_phone_number text,
      hours double precision check (hours >= 0),
      hours_supervisor double precision check (hours_supervisor >= 0),
      updating_hours_allowed boolean not null,
      status text not null check (status in ('submitted', 'applied', 'accepted', 'approved', 'active',
        'completed', 'declined', 'rejected', 'withdrawn', 'cancelled')),
      status_reason text,
      created_by uuid,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check (end_date is null or start_date is null or end_date >= start_date),
      check (organization_id is not null or self_found)
    )`.execute(db);
    // The list's scopes (school, organization, student) and the places count per vacancy.
    await sql`create index internships_school on placements.internships (school_id, created_at desc, id)`.execute(
      db,
    );
    await sql`create index internships_organization on placements.internships (organization_id, created_at desc, id)`.execute(
      db,
    );
    await sql`create index internships_student on placements.internships (student_id)`.execute(db);
    await sql`create index internships_vacancy on placements.internships (vacancy_id, status)`.execute(db);
    await sql`create index internships_period on placements.internships (internship_period_id)`.execute(db);
    await enableTenantRls(db, 'placements', 'internships');

    await sql`create table placements.internship_status_changes (
      id bigint generated always as identity primary key,
      tenant_id text not null,
      internship_id uuid not null references placements.internships (id) on delete cascade,
      from_status text,
      to_status text not null,
      reason text,
      actor_id uuid,
      impersonator_id uuid,
      at timestamptz not null
    )`.execute(db);
    await sql`create index internship_status_changes_internship
      on placements.internship_status_changes (internship_id, at)`.execute(db);
    await enableTenantRls(db, 'placements', 'internship_status_changes');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.internship_status_changes`.execute(db);
    await sql`drop table placements.internships`.execute(db);
  },
};

export default migration;

import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Discrimination reports (issue #37 item 3, docs/decisions/discrimination-reports.md): one report per
 * application (the unique internship), the school's actions on it, and the pauses a school put on an
 * organization's vacancies for its own students (one row while paused; lifting deletes it, the audit log
 * keeps the history).
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.discrimination_reports (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      internship_id uuid not null unique references placements.internships (id),
      student_id uuid not null,
      school_id uuid not null,
      organization_id uuid not null,
      grounds text[] not null,
      description text,
      status text not null default 'open' check (status in ('open', 'closed')),
      outcome text,
      created_at timestamptz not null,
      closed_at timestamptz
    )`.execute(db);
    await sql`create index discrimination_reports_school on placements.discrimination_reports (school_id, organization_id)`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'discrimination_reports');
    await sql`create table placements.discrimination_report_actions (
      id bigint generated always as identity primary key,
      tenant_id text not null,
      report_id uuid not null references placements.discrimination_reports (id),
      action text not null,
      note text,
      outcome text,
      actor_id uuid,
      at timestamptz not null
    )`.execute(db);
    await sql`create index discrimination_report_actions_report on placements.discrimination_report_actions (report_id, id)`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'discrimination_report_actions');
    await sql`create table placements.organization_pauses (
      tenant_id text not null,
      school_id uuid not null,
      organization_id uuid not null,
      paused_at timestamptz not null,
      paused_by uuid,
      primary key (tenant_id, school_id, organization_id)
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'organization_pauses');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.organization_pauses`.execute(db);
    await sql`drop table placements.discrimination_report_actions`.execute(db);
    await sql`drop table placements.discrimination_reports`.execute(db);
  },
};

export default migration;

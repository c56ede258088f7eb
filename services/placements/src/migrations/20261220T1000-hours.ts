import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Hours registration (docs/decisions/hours.md): a student's entries of one internship in whole
 * quarter hours, the sheet's own state (sign-off, paper total, the last link sent) and a period's
 * default requirement. The
 * internship's `hours`, `hours_supervisor` and `updating_hours_allowed` stay on the internship.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.hours_entries (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      internship_id uuid not null,
      date date not null,
      quarters integer not null check (quarters between 1 and 96),
      description text not null check (length(description) between 1 and 500),
      status text not null default 'pending' check (status in ('pending', 'confirmed', 'rejected')),
      supervisor_note text,
      decided_at timestamptz,
      correction_reason text,
      corrected_by uuid,
      corrected_at timestamptz,
      created_by uuid,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((status = 'pending') = (decided_at is null) or corrected_at is not null),
      check ((corrected_at is null) = (correction_reason is null))
    )`.execute(db);
    await sql`create index hours_entries_internship on placements.hours_entries (internship_id, date)`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'hours_entries');

    await sql`create table placements.hours_sheets (
      internship_id uuid primary key,
      tenant_id text not null,
      signed_off_at timestamptz,
      signed_off_by uuid,
      sign_off_note text,
      paper_quarters integer check (paper_quarters >= 0),
      paper_scan_url text,
      paper_recorded_by uuid,
      paper_recorded_at timestamptz,
      link_sent_at timestamptz,
      updated_at timestamptz not null,
      check ((signed_off_at is null) = (signed_off_by is null)),
      check ((paper_quarters is null) = (paper_recorded_at is null))
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'hours_sheets');

    // The school's default requirement for an internship period (the period itself is organizations').
    await sql`create table placements.hours_period_defaults (
      internship_period_id uuid primary key,
      tenant_id text not null,
      required_hours double precision not null check (required_hours between 0 and 10000),
      updated_by uuid,
      updated_at timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'hours_period_defaults');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.hours_period_defaults`.execute(db);
    await sql`drop table placements.hours_sheets`.execute(db);
    await sql`drop table placements.hours_entries`.execute(db);
  },
};

export default migration;

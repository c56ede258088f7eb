import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Organizations' school resources as placements needs them for internships (fed by organizations'
 * events, docs/decisions/internships.md): internship periods, groups and their memberships, levels,
 * mentorships; the organization's website (spec §3's organization include) beside kit's organizations
 * read model; and when placements first heard of a user (the student include's `created_at`).
 * `event_time`: a late redelivery cannot go back; `deleted` rows are tombstones.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.internship_periods (
      id uuid primary key,
      tenant_id text not null,
      school_id uuid not null,
      school_year_id uuid not null,
      name text not null,
      start_date date not null,
      end_date date not null,
      status text not null,
      deleted boolean not null default false,
      event_time timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'internship_periods');

    await sql`create table placements.groups (
      id uuid primary key,
      tenant_id text not null,
      school_id uuid not null,
      school_year_id uuid,
      level_id uuid,
      name text not null,
      deleted boolean not null default false,
      event_time timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'groups');

    // One group per student and school (organizations' assign_group); null group: taken out of it.
    await sql`create table placements.group_memberships (
      school_id uuid not null,
      student_id uuid not null,
      tenant_id text not null,
      group_id uuid,
      event_time timestamptz not null,
      primary key (school_id, student_id)
    )`.execute(db);
    await sql`create index group_memberships_group on placements.group_memberships (group_id)`.execute(db);
    await enableTenantRls(db, 'placements', 'group_memberships');

    await sql`create table placements.levels (
      id uuid primary key,
      tenant_id text not null,
      school_id uuid not null,
      name text not null,
      deleted boolean not null default false,
      event_time timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'levels');

    await sql`create table placements.mentorships (
      id uuid primary key,
      tenant_id text not null,
      school_id uuid not null,
      mentor_id uuid not null,
      student_id uuid not null,
      removed boolean not null default false,
      event_time timestamptz not null
    )`.execute(db);
    await sql`create index mentorships_mentor on placements.mentorships (mentor_id, school_id) where not removed`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'mentorships');

    await sql`create table placements.organization_websites (
      id uuid primary key,
      tenant_id text not null,
      website text,
      event_time timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'organization_websites');

    await sql`alter table placements.users add column created_at timestamptz`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table placements.users drop column created_at`.execute(db);
    for (const t of [
      'organization_websites',
      'mentorships',
      'levels',
      'group_memberships',
      'groups',
      'internship_periods',
    ])
      await sql.raw(`drop table placements.${t}`).execute(db);
  },
};

export default migration;

import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Allocation rounds (their vacancies, the students' rankings, the proposal) and assignment batches
 * (docs/decisions/allocation.md).
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.allocation_rounds (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      school_id uuid not null,
      name text not null,
      internship_period_id uuid,
      deadline timestamptz not null,
      group_ids uuid[] not null default '{}',
      level_ids uuid[] not null default '{}',
      status text not null default 'open' check (status in ('open', 'closed', 'published')),
      allocated_at timestamptz,
      published_at timestamptz,
      created_by uuid,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check (status <> 'published' or (published_at is not null and allocated_at is not null))
    )`.execute(db);
    await sql`create index allocation_rounds_school on placements.allocation_rounds (school_id, created_at)`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'allocation_rounds');

    await sql`create table placements.allocation_round_vacancies (
      round_id uuid not null references placements.allocation_rounds on delete cascade,
      vacancy_id uuid not null,
      tenant_id text not null,
      capacity integer not null check (capacity between 0 and 1000),
      primary key (round_id, vacancy_id)
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'allocation_round_vacancies');

    await sql`create table placements.allocation_preferences (
      round_id uuid not null references placements.allocation_rounds on delete cascade,
      student_id uuid not null,
      tenant_id text not null,
      vacancy_ids uuid[] not null check (cardinality(vacancy_ids) <= 3),
      updated_at timestamptz not null,
      primary key (round_id, student_id)
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'allocation_preferences');

    await sql`create table placements.allocation_proposal_lines (
      round_id uuid not null references placements.allocation_rounds on delete cascade,
      student_id uuid not null,
      tenant_id text not null,
      vacancy_id uuid,
      lottery_number double precision not null,
      adjusted boolean not null default false,
      internship_id uuid,
      primary key (round_id, student_id),
      foreign key (round_id, vacancy_id) references placements.allocation_round_vacancies (round_id, vacancy_id)
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'allocation_proposal_lines');

    // One row per idempotency key and school: a repeated POST answers the first batch.
    await sql`create table placements.internship_assignments (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      school_id uuid not null,
      idempotency_key text not null,
      request_hash text not null,
      internship_ids uuid[] not null default '{}',
      created_by uuid,
      created_at timestamptz not null,
      unique (tenant_id, school_id, idempotency_key)
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'internship_assignments');
  },
  async down(db: Kysely<unknown>) {
    for (const t of [
      'internship_assignments',
      'allocation_proposal_lines',
      'allocation_preferences',
      'allocation_round_vacancies',
      'allocation_rounds',
    ])
      await sql.raw(`drop table placements.${t}`).execute(db);
  },
};

export default migration;

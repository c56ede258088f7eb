import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Vacancies (contracts/src/placements/vacancies.ts). The search columns and indexes are the
 * vacancy-search feature's own later migrations; this one holds what the resource is.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.vacancies (
      id uuid primary key default gen_random_uuid(),
      tenant_id text not null,
      organization_id uuid not null,
      title text not null,
      description jsonb not null,
      description_html text not null,
      street text,
      postcode text,
      city text,
      latitude double precision check (latitude between -90 and 90),
      longitude double precision check (longitude between -180 and 180),
      places integer not null default 1 check (places between 1 and 1000),
      hours_per_week double precision check (hours_per_week between 0 and 80),
      starts_on date,
      ends_on date,
      internship_period_id uuid,
      level_ids uuid[] not null default '{}',
      tag_ids uuid[] not null default '{}',
      kind text not null check (kind in ('internship', 'volunteer', 'traineeship')),
      contact_person_id uuid,
      image_url text,
      status text not null default 'draft' check (status in ('draft', 'published', 'closed', 'archived')),
      published_at timestamptz,
      closes_at timestamptz,
      hidden boolean not null default false,
      hidden_reason text,
      hidden_by uuid,
      created_by uuid,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((latitude is null) = (longitude is null)),
      check (ends_on is null or starts_on is null or ends_on >= starts_on),
      check (status <> 'published' or published_at is not null),
      check (hidden = (hidden_reason is not null))
    )`.execute(db);
    await sql`create index vacancies_organization on placements.vacancies (organization_id, status)`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'vacancies');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.vacancies`.execute(db);
  },
};

export default migration;

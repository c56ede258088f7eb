import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * The placements service's vacancies as organizations shows them (`include=vacancies`), fed by its
 * events: the latest snapshot of each, `public` when published and not hidden.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table organizations.vacancies (
      id uuid primary key,
      tenant_id text not null,
      organization_id uuid not null,
      title text not null,
      kind text not null,
      city text,
      latitude double precision,
      longitude double precision,
      places integer not null,
      hours_per_week double precision,
      starts_on date,
      ends_on date,
      published_at timestamptz,
      closes_at timestamptz,
      public boolean not null,
      event_time timestamptz not null
    )`.execute(db);
    await sql`create index vacancies_public on organizations.vacancies (organization_id, published_at desc)
      where public`.execute(db);
    await enableTenantRls(db, 'organizations', 'vacancies');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table organizations.vacancies`.execute(db);
  },
};

export default migration;

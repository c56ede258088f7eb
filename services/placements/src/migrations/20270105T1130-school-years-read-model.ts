import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Organizations' school years (organizations.school_year.* events), so placements can apply spec §4's
 * in-scope rule itself (`filter[in_scope]` on internships; docs/decisions/internships.md). `event_time`:
 * a late redelivery cannot go back.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.school_years (
      id uuid primary key,
      tenant_id text not null,
      name text not null,
      start_date date not null,
      end_date date not null,
      event_time timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'school_years');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.school_years`.execute(db);
  },
};

export default migration;
